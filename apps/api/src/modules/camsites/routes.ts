import { findCamSite, findCamSiteSlugRedirect, listCamSites } from "@camatlas/db";
import { BODY_LIMITS, CATALOG_MESSAGES } from "@camatlas/shared";
import { camsiteEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { notFound } from "../../lib/http-errors.ts";
import { actorOf } from "../models/viewer.ts";
import { camsiteAbilities } from "./policy.ts";
import { presentCamSite, presentCamSiteDetail, presentCamSiteMeta } from "./presenter.ts";
import { camsiteMeta, editCamsite, setCamsiteMeta, withCounters } from "./service.ts";

const listRoute = contractRoute(camsiteEndpoints.list, {
  access: "public",
  tags: ["camsites"],
  summary: "All camsites with their counters (known/active accounts, registered/active models)",
  replyDescription: "Camsites",
});
const byIdRoute = contractRoute(camsiteEndpoints.byId, {
  access: "public",
  tags: ["camsites"],
  summary: "One camsite with its SEO text (markdown)",
  replyDescription: "The camsite",
});
const bySlugRoute = contractRoute(camsiteEndpoints.bySlug, {
  access: "public",
  tags: ["camsites"],
  summary: "One camsite by slug; an old slug answers {is_redirect: true, redirect_url}",
  replyDescription: "The camsite or a redirect reply",
});
const updateRoute = contractRoute(camsiteEndpoints.update, {
  // SEO texts up to 50,000 characters.
  bodyLimit: BODY_LIMITS.document,
  access: "admin",
  tags: ["camsites", "admin"],
  summary:
    "Edit a camsite (admin): headline, price_range, advantages/disadvantages (list or pipe separated), seo_text (markdown), logo_media_id, is_indexed, slug (old one redirects)",
  replyDescription: "Saved",
});
const metaRoute = contractRoute(camsiteEndpoints.meta, {
  access: "public",
  tags: ["camsites"],
  summary:
    "Camsite meta values for the inline meta element, cached per camsite. all=1 returns every key; all=0 (default) only text values, or the one metaKey asked for",
  replyDescription: "Meta values",
  errors: { 404: "No such camsite" },
});
const metaPutRoute = contractRoute(camsiteEndpoints.putMeta, {
  access: "admin",
  tags: ["camsites", "admin"],
  summary: "Set one camsite meta value (admin); metaValue null removes the key",
  replyDescription: "Saved",
  errors: { 404: "No such camsite" },
});

export const camSiteRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const { db } = c.var.deps;
    const can = camsiteAbilities(actorOf(c));
    const rows = await listCamSites(db);
    const data = await Promise.all(
      rows.map(async (r) => presentCamSite(await withCounters(c.var.deps, r), can)),
    );
    return c.json({ data }, 200);
  })
  .openapi(byIdRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { db } = c.var.deps;
    const row = await findCamSite(db, { id });
    if (!row) throw notFound();
    const can = camsiteAbilities(actorOf(c));
    return c.json(presentCamSiteDetail({ ...row, ...(await withCounters(c.var.deps, row)) }, can), 200);
  })
  .openapi(bySlugRoute, async (c) => {
    const { slug } = c.req.valid("param");
    const { db } = c.var.deps;
    const row = await findCamSite(db, { slug });
    if (!row) {
      const moved = await findCamSiteSlugRedirect(db, slug);
      if (moved) return c.json({ is_redirect: true as const, redirect_url: `/camsites/${moved.slug}` }, 200);
      throw notFound();
    }
    const can = camsiteAbilities(actorOf(c));
    return c.json(presentCamSiteDetail({ ...row, ...(await withCounters(c.var.deps, row)) }, can), 200);
  })
  .openapi(updateRoute, async (c) => {
    const { id } = c.req.valid("param");
    const row = await editCamsite(c, id, c.req.valid("json"));
    const can = camsiteAbilities(actorOf(c));
    return c.json(
      {
        message: CATALOG_MESSAGES.camsiteSaved,
        cam_site: presentCamSiteDetail({ ...row, ...(await withCounters(c.var.deps, row)) }, can),
      },
      200,
    );
  })
  .openapi(metaRoute, async (c) => {
    const q = c.req.valid("query");
    const rows = await camsiteMeta(c.var.deps, q.camsiteId);
    const chosen = q.all
      ? rows
      : rows.filter((r) => (q.metaKey ? r.metaKey === q.metaKey : r.type === "text"));
    return c.json({ data: chosen.map(presentCamSiteMeta) }, 200);
  })
  .openapi(metaPutRoute, async (c) => {
    const rows = await setCamsiteMeta(c, c.req.valid("json"));
    return c.json({ message: CATALOG_MESSAGES.metaSaved, data: rows.map(presentCamSiteMeta) }, 200);
  });
