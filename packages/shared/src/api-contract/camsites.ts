import { z } from "zod";
import { camSiteMetaPutSchema, camSiteUpdateSchema } from "../schemas/catalog.ts";
import { queryBoolean, queryInt } from "../schemas/list-query.ts";
import { camSiteDetailSchema, camSiteSummarySchema, redirectReplySchema } from "../schemas/model-card.ts";
import { idParams } from "./common.ts";
import { endpoint } from "./endpoint.ts";

// Camsites (spec §3 Camsite) with their live counters, SEO text and the meta values of the inline meta element.

export type CamSiteSummaryReply = z.output<typeof camSiteSummarySchema>;
export type CamSiteDetailReply = z.output<typeof camSiteDetailSchema>;

/** One camsite meta value. */
export const camSiteMetaItemReply = z.object({ metaKey: z.string(), metaValue: z.string() });
export type CamSiteMetaItemReply = z.output<typeof camSiteMetaItemReply>;

export const camsiteEndpoints = {
  list: endpoint({
    method: "get",
    path: "/cam-sites",
    reply: z.object({ data: z.array(camSiteSummarySchema) }),
  }),
  byId: endpoint({ method: "get", path: "/cam-sites/{id}", params: idParams, reply: camSiteDetailSchema }),
  /** An old slug answers `{is_redirect: true, redirect_url}`. */
  bySlug: endpoint({
    method: "get",
    path: "/cam-sites/get-by-slug/{slug}",
    params: z.object({ slug: z.string().min(1).max(100) }),
    reply: z.union([camSiteDetailSchema, redirectReplySchema]),
  }),
  update: endpoint({
    method: "put",
    path: "/cam-sites/{id}",
    params: idParams,
    body: camSiteUpdateSchema,
    reply: z.object({ message: z.string(), cam_site: camSiteDetailSchema }),
  }),
  /** all=1: every key; otherwise only text values, or the one metaKey asked for. */
  meta: endpoint({
    method: "get",
    path: "/cam-site-meta",
    query: z.object({
      camsiteId: queryInt().pipe(z.number().int().positive()),
      all: queryBoolean().optional(),
      metaKey: z.string().max(100).optional(),
    }),
    reply: z.object({ data: z.array(camSiteMetaItemReply) }),
  }),
  /** metaValue null removes the key; the reply lists the camsite's meta values after the change. */
  putMeta: endpoint({
    method: "put",
    path: "/cam-site-meta",
    body: camSiteMetaPutSchema,
    reply: z.object({ message: z.string(), data: z.array(camSiteMetaItemReply) }),
  }),
};
