import { z } from "zod";
import { PAGE_NAV_PLACEMENTS, PAGE_NAV_POSITION_MAX } from "../enums.ts";
import { TEXT_LIMITS } from "../limits.ts";
import { SHELL_MESSAGES, VALIDATION_MESSAGES } from "../messages.ts";

// Static pages served at /{pageSlug} (issue 3): admin-managed, markdown body rendered to safe HTML by the API.

/**
 * First path segments the site uses itself; a page slug may not take one of them, or the page would never be
 * reached (or would hide a real route).
 */
export const RESERVED_PAGE_SLUGS = [
  "models",
  "camsites",
  "stats",
  "users",
  "account",
  "reviews",
  "forum",
  "blog",
  "news",
  "login",
  "register",
  "auth",
  "admin",
  "not-found",
  "api",
  "media",
  "assets",
  "dev",
  "sitemap.xml",
  "robots.txt",
  "profile",
  "pic",
  "comment",
] as const;

/** The standing page whose addresses come from the `contact` setting. */
export const CONTACT_PAGE_SLUG = "contact";

export const PAGE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const PAGE_SLUG_MAX = 100;

export function isReservedPageSlug(slug: string): boolean {
  return (RESERVED_PAGE_SLUGS as readonly string[]).includes(slug.toLowerCase());
}

export const pageSlugSchema = z
  .string()
  .trim()
  .min(1, VALIDATION_MESSAGES.required)
  .max(PAGE_SLUG_MAX)
  .regex(PAGE_SLUG_PATTERN, SHELL_MESSAGES.slugFormat)
  .refine((slug) => !isReservedPageSlug(slug), { error: SHELL_MESSAGES.reservedSlug });

export const pageNavPlacementSchema = z.enum(PAGE_NAV_PLACEMENTS, { error: SHELL_MESSAGES.navPlacement });
export const pageNavPositionSchema = z
  .number({ error: SHELL_MESSAGES.navPosition })
  .int({ error: SHELL_MESSAGES.navPosition })
  .min(0, { error: SHELL_MESSAGES.navPosition })
  .max(PAGE_NAV_POSITION_MAX, { error: SHELL_MESSAGES.navPosition });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const pageCreateRequestSchema = z.object({
  slug: pageSlugSchema,
  title: z.string().trim().min(1, VALIDATION_MESSAGES.required).max(TEXT_LIMITS.title),
  /** Markdown; raw HTML is shown as text. */
  body: z.string().max(TEXT_LIMITS.reviewText).default(""),
  meta_title: optionalText(TEXT_LIMITS.metaTitle),
  meta_description: optionalText(TEXT_LIMITS.metaDescription),
  is_published: z.boolean().default(true),
  nav_placement: pageNavPlacementSchema.default("none"),
  nav_position: pageNavPositionSchema.default(0),
});
export type PageCreateRequest = z.input<typeof pageCreateRequestSchema>;

/** Fields left out stay as they are (no defaults here, unlike creation). */
export const pageUpdateRequestSchema = z
  .object({
    slug: pageSlugSchema,
    title: pageCreateRequestSchema.shape.title,
    body: z.string().max(TEXT_LIMITS.reviewText),
    meta_title: pageCreateRequestSchema.shape.meta_title,
    meta_description: pageCreateRequestSchema.shape.meta_description,
    is_published: z.boolean(),
    nav_placement: pageNavPlacementSchema,
    nav_position: pageNavPositionSchema,
  })
  .partial();
export type PageUpdateRequest = z.input<typeof pageUpdateRequestSchema>;
