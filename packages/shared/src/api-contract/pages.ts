import { z } from "zod";
import { PAGE_NAV_PLACEMENTS } from "../enums.ts";
import { listQuerySchema } from "../schemas/list-query.ts";
import { pageEnvelope } from "../schemas/page-envelope.ts";
import { pageCreateRequestSchema, pageUpdateRequestSchema } from "../schemas/pages.ts";
import { contactSettingSchema } from "../schemas/settings.ts";
import { idParams, messageReply } from "./common.ts";
import { endpoint } from "./endpoint.ts";

// Static pages served at /{pageSlug} (About, Terms, …): admin-managed markdown, rendered to safe HTML by the API.

/** One line of the Contact page: what to write about, and the address (from the `contact` setting). */
export const contactAddressReply = z.object({
  key: contactSettingSchema.keyof(),
  label: z.string(),
  email: z.string(),
});
export type ContactAddressReply = z.output<typeof contactAddressReply>;

/** GET /pages/{slug}: what a visitor's page needs (`{product}` filled in). */
export const publicPageReply = z.object({
  slug: z.string(),
  title: z.string(),
  body_html: z.string(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  updated_at: z.iso.datetime(),
  /** The Contact page only: the addresses set in the `contact` setting, empty ones left out. */
  contact_addresses: z.array(contactAddressReply).optional(),
});
export type PublicPageReply = z.output<typeof publicPageReply>;

/** Admin view: the markdown source as well. */
export const adminPageReply = publicPageReply.extend({
  id: z.number().int(),
  body: z.string(),
  is_published: z.boolean(),
  nav_placement: z.enum(PAGE_NAV_PLACEMENTS),
  nav_position: z.number().int(),
  created_at: z.iso.datetime(),
});
export type AdminPageReply = z.output<typeof adminPageReply>;

/** A page linked from the site's shell. */
export const navPageReply = z.object({ slug: z.string(), title: z.string() });
export type NavPageReply = z.output<typeof navPageReply>;

/** GET /site-navigation: the published pages placed in the header menu and in the footer, each in admin order. */
export const siteNavigationReply = z.object({
  header: z.array(navPageReply),
  footer: z.array(navPageReply),
});
export type SiteNavigationReply = z.output<typeof siteNavigationReply>;

export const pageEndpoints = {
  /** The shell's page links (read once per page view, with the rest of the shell). */
  navigation: endpoint({ method: "get", path: "/site-navigation", reply: siteNavigationReply }),
  /** A published page; 404 for an unknown or unpublished one. */
  bySlug: endpoint({
    method: "get",
    path: "/pages/{slug}",
    params: z.object({ slug: z.string().max(100) }),
    reply: publicPageReply,
  }),
  adminList: endpoint({
    method: "get",
    path: "/admin/pages",
    query: listQuerySchema.pick({ page: true, per_page: true }),
    reply: pageEnvelope(adminPageReply),
  }),
  create: endpoint({
    method: "post",
    path: "/admin/pages",
    body: pageCreateRequestSchema,
    reply: adminPageReply,
    status: 201,
  }),
  /** Fields left out stay as they are. */
  update: endpoint({
    method: "put",
    path: "/admin/pages/{id}",
    params: idParams,
    body: pageUpdateRequestSchema,
    reply: adminPageReply,
  }),
  delete: endpoint({ method: "delete", path: "/admin/pages/{id}", params: idParams, reply: messageReply }),
};
