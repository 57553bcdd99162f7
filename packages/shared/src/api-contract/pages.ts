import { z } from "zod";
import { listQuerySchema } from "../schemas/list-query.ts";
import { pageEnvelope } from "../schemas/page-envelope.ts";
import { pageCreateRequestSchema, pageUpdateRequestSchema } from "../schemas/pages.ts";
import { idParams, messageReply } from "./common.ts";
import { endpoint } from "./endpoint.ts";

// Static pages served at /{pageSlug} (About, Terms, …): admin-managed markdown, rendered to safe HTML by the API.

/** GET /pages/{slug}: what a visitor's page needs (`{product}` filled in). */
export const publicPageReply = z.object({
  slug: z.string(),
  title: z.string(),
  body_html: z.string(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  updated_at: z.iso.datetime(),
});
export type PublicPageReply = z.output<typeof publicPageReply>;

/** Admin view: the markdown source as well. */
export const adminPageReply = publicPageReply.extend({
  id: z.number().int(),
  body: z.string(),
  is_published: z.boolean(),
  created_at: z.iso.datetime(),
});
export type AdminPageReply = z.output<typeof adminPageReply>;

export const pageEndpoints = {
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
