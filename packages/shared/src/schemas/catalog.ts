import { z } from "zod";
import { findCountry, isCountryCode } from "../countries.ts";
import {
  BLOCK_TYPES,
  DECISION_STATUSES,
  LINK_CATEGORIES,
  LINK_CONTAINS,
  MODEL_GENDERS,
  MODEL_REPORT_REASONS,
  NICKNAME_TYPES,
  PAGE_VISIBLE_FOR,
  STATS_GRAPH_DETAILS_STATUSES,
} from "../enums.ts";
import { TEXT_LIMITS } from "../limits.ts";
import { CATALOG_MESSAGES } from "../messages.ts";
import { findRegion } from "../regions.ts";
import { isoDate as isoDateOf } from "./dates.ts";
import { bodyId, bodyIdSet } from "./ids.ts";
import { requireSomeField } from "./update-body.ts";

// Request schemas of the catalog API (models, nicknames, links, camsites, moderation), shared with the forms.

// Defined in enums.ts; the catalog forms take them from here too.
export { MODEL_GENDERS, MODEL_REPORT_REASONS };
export const MODEL_NAME_MAX = 100;
export const MODEL_DISPLAY_NAME_MAX = 160;
export const MODEL_ABOUT_MAX = 320;
export const MODEL_TAGS_MAX = 30;
export const LINKS_PER_REQUEST_MAX = 20;
export const NICKNAMES_PER_REQUEST_MAX = 20;
export const BIND_MANY_MAX = 100;
export const MODEL_CONTENT_MAX = 20_000;
export const CAMSITE_SEO_TEXT_MAX = 50_000;

const isoDate = isoDateOf();
// Every id a request names: within the integer column's range (schemas/ids.ts).
const id = bodyId;

const countryCode = z
  .string()
  .transform((v) => v.toUpperCase())
  .refine((v) => isCountryCode(v), { error: CATALOG_MESSAGES.unknownCountry });

const regionCode = z
  .string()
  .transform((v) => v.toUpperCase())
  .refine((v) => Boolean(findRegion(v)), { error: CATALOG_MESSAGES.unknownRegion });

/** An absolute http(s) URL; javascript:, data: and friends are refused. */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(TEXT_LIMITS.url)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === "http:" || url.protocol === "https:";
      } catch {
        return false;
      }
    },
    { error: CATALOG_MESSAGES.httpUrlOnly },
  );

/** Profile fields anyone signed in may propose (a revision) and admins set directly. */
export const modelEditFieldsSchema = z.object({
  name: z.string().trim().min(1).max(MODEL_NAME_MAX),
  birthday: isoDate.nullable(),
  country: countryCode.nullable(),
  region: regionCode.nullable(),
  city: z.string().trim().max(TEXT_LIMITS.city).nullable(),
  gender: z.enum(MODEL_GENDERS),
  started_at: isoDate.nullable(),
  finished_at: isoDate.nullable(),
  avatar_media_id: id.nullable(),
  tags_id_list: bodyIdSet({ max: MODEL_TAGS_MAX }),
});

export const modelCreateSchema = modelEditFieldsSchema.partial().extend({
  name: z.string().trim().min(1).max(MODEL_NAME_MAX),
  nicknames: z
    .array(
      z.object({
        cam_site_id: id,
        nickname: z.string().trim().min(TEXT_LIMITS.camsiteNickname.min).max(TEXT_LIMITS.camsiteNickname.max),
        type: z.enum(NICKNAME_TYPES).default("solo"),
      }),
    )
    .max(NICKNAMES_PER_REQUEST_MAX)
    .optional(),
});
export type ModelCreateInput = z.input<typeof modelCreateSchema>;

export const modelUpdateSchema = modelEditFieldsSchema.partial().strict();
export type ModelUpdateInput = z.input<typeof modelUpdateSchema>;

/** The admin edit adds the SEO and moderation fields. */
export const adminModelUpdateSchema = modelEditFieldsSchema
  .extend({
    slug: z
      .string()
      .trim()
      .min(1)
      .max(120)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    display_name: z.string().trim().max(MODEL_DISPLAY_NAME_MAX).nullable(),
    about: z.string().trim().max(MODEL_ABOUT_MAX).nullable(),
    is_indexed_search_robots: z.boolean(),
    is_visible: z.boolean(),
    forbid_avatar_changes: z.boolean(),
  })
  .partial()
  .strict();
export type AdminModelUpdateInput = z.input<typeof adminModelUpdateSchema>;

export const changeRatingSchema = z.object({
  rating: z
    .number({ error: CATALOG_MESSAGES.ratingRange })
    .int({ error: CATALOG_MESSAGES.ratingRange })
    .min(1, { error: CATALOG_MESSAGES.ratingRange })
    .max(5, { error: CATALOG_MESSAGES.ratingRange }),
});

export const avatarAccessibilitySchema = z.object({ forbid_avatar_changes: z.boolean() });

export const visibilitySettingsSchema = z
  .object({
    page_visible_for: z.enum(PAGE_VISIBLE_FOR),
    is_country_age_hidden: z.boolean(),
    is_stats_page_last_activity_hidden: z.boolean(),
    is_stats_page_past_nicknames_hidden: z.boolean(),
    stats_page_activity_graph_details_status: z.enum(STATS_GRAPH_DETAILS_STATUSES),
    is_stats_page_longest_sessions_hidden: z.boolean(),
  })
  .partial()
  .strict();
export type VisibilitySettingsInput = z.input<typeof visibilitySettingsSchema>;

/** One geo or IP block: a country code, a region code (e.g. US-WA) or an IP / CIDR. */
export const blockSchema = z
  .object({ blockable_type: z.enum(BLOCK_TYPES), location: z.string().trim().min(1).max(64) })
  .superRefine((value, ctx) => {
    const location = value.location.toUpperCase();
    if (value.blockable_type === "country" && !findCountry(location))
      ctx.addIssue({ code: "custom", path: ["location"], message: CATALOG_MESSAGES.unknownCountry });
    if (value.blockable_type === "state" && !findRegion(location))
      ctx.addIssue({ code: "custom", path: ["location"], message: CATALOG_MESSAGES.unknownRegion });
    if (value.blockable_type === "ip" && !isIpOrCidr(value.location))
      ctx.addIssue({ code: "custom", path: ["location"], message: CATALOG_MESSAGES.invalidIp });
  })
  .transform((value) => ({
    blockable_type: value.blockable_type,
    location: value.blockable_type === "ip" ? value.location : value.location.toUpperCase(),
  }));

export const unblockSchema = z.union([
  z.object({ block_id: id }),
  z.object({ blockable_type: z.enum(BLOCK_TYPES), location: z.string().trim().min(1).max(64) }),
]);

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:]+(:\d+\.\d+\.\d+\.\d+)?$/i;

/** An IPv4/IPv6 address, optionally with a /prefix (what PostgreSQL's inet accepts). */
export function isIpOrCidr(value: string): boolean {
  const [address = "", prefix, extra] = value.split("/");
  if (extra !== undefined) return false;
  const v4 = IPV4.test(address);
  const v6 = !v4 && address.includes(":") && IPV6.test(address) && (address.match(/::/g)?.length ?? 0) <= 1;
  if (!v4 && !v6) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (v4 ? 32 : 128);
}

export const bindManySchema = z.object({ models_ids: bodyIdSet({ min: 1, max: BIND_MANY_MAX }) });

export const modelLinkInputSchema = z.object({
  model_id: id,
  label: z.string().trim().min(1).max(TEXT_LIMITS.linkLabel),
  url: httpUrlSchema,
  category: z.enum(LINK_CATEGORIES),
  contains: z.enum(LINK_CONTAINS).default("text_only"),
});
export const modelLinksCreateSchema = z.object({
  links: z.array(modelLinkInputSchema).min(1).max(LINKS_PER_REQUEST_MAX),
});
export type ModelLinksCreateInput = z.input<typeof modelLinksCreateSchema>;

export const nicknameInputSchema = z.object({
  model_id: id,
  cam_site_id: id,
  nickname: z.string().trim().min(TEXT_LIMITS.camsiteNickname.min).max(TEXT_LIMITS.camsiteNickname.max),
  type: z.enum(NICKNAME_TYPES).default("solo"),
});
export const nicknamesCreateSchema = z.object({
  nicknames: z.array(nicknameInputSchema).min(1).max(NICKNAMES_PER_REQUEST_MAX),
});
export type NicknamesCreateInput = z.input<typeof nicknamesCreateSchema>;

export const nicknameRemovalSchema = z.object({ reason: z.string().trim().max(1000).nullable().optional() });

export const modelReportSchema = z.object({
  reason: z.enum(MODEL_REPORT_REASONS),
  text: z.string().trim().max(2000).nullable().optional(),
});

export const verificationRequestSchema = z.object({
  media_id: id,
  message: z.string().trim().max(2000).nullable().optional(),
});

export const decisionNoteSchema = z.object({ note: z.string().trim().max(2000).nullable().optional() });

export const reportResolutionSchema = z.object({ status: z.enum(DECISION_STATUSES).exclude(["pending"]) });

export const modelContentSchema = z
  .object({
    is_public: z.boolean(),
    unique_text: z.string().trim().max(MODEL_CONTENT_MAX).nullable(),
    is_unique_text_used: z.boolean(),
    /** Rebuild the generated text from a new random template combination. */
    regenerate: z.boolean(),
    combination: z.array(z.number().int().min(0).max(9)).max(10),
  })
  .partial()
  .strict();

const pipeList = z
  .union([z.string().max(5000), z.array(z.string().trim().min(1).max(500)).max(30)])
  .nullable()
  .transform((value) => {
    if (value === null) return null;
    const items = (Array.isArray(value) ? value : value.split("|")).map((s) => s.trim()).filter(Boolean);
    return items.length ? items.join("|") : null;
  });

/** PUT /cam-sites/{id}: advantages and disadvantages as a list or pipe separated. */
export const camSiteUpdateSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    slug: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    url: httpUrlSchema,
    model_url_template: httpUrlSchema.refine((v) => v.includes("{nickname}"), {
      error: "The template must contain {nickname}.",
    }),
    headline: z.string().trim().max(255).nullable(),
    price_range: z.string().trim().max(100).nullable(),
    advantages: pipeList,
    disadvantages: pipeList,
    seo_text: z.string().max(CAMSITE_SEO_TEXT_MAX).nullable(),
    logo_media_id: id.nullable(),
    is_indexed: z.boolean(),
  })
  .partial()
  .strict();
export type CamSiteUpdateInput = z.input<typeof camSiteUpdateSchema>;

export const camSiteMetaPutSchema = z.object({
  camsiteId: id,
  metaKey: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_.-]+$/),
  /** null removes the key. */
  metaValue: z.string().max(10_000).nullable(),
  type: z.string().trim().min(1).max(32).optional(),
});

export const tagCreateSchema = z.object({
  name: z.string().trim().min(1).max(TEXT_LIMITS.tagName),
  page: z.string().max(20_000).nullable().optional(),
});
export const tagUpdateSchema = requireSomeField(tagCreateSchema.partial().strict());
