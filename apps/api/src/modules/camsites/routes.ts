import {
  type CamSiteRow,
  computeCamSiteCounters,
  type Database,
  findCamSite,
  findCamSiteSlugRedirect,
  findMediaPath,
  isCamSiteSlugTaken,
  listCamSiteMeta,
  listCamSites,
  putCamSiteMeta,
  updateCamSite,
  writeAudit,
} from "@camatlas/db";
import { CATALOG_MESSAGES, queryBoolean, queryInt, VALIDATION_MESSAGES } from "@camatlas/shared";
import { camSiteMetaPutSchema, camSiteUpdateSchema } from "@camatlas/shared/schemas/catalog";
import {
  camSiteDetailSchema,
  camSiteSummarySchema,
  redirectReplySchema,
} from "@camatlas/shared/schemas/model-card";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { ApiDeps, AppEnv } from "../../app-env.ts";
import { notFound, validationFailed } from "../../lib/http-errors.ts";
import { createTtlCache } from "../../lib/ttl-cache.ts";
import { requireAdmin } from "../../middleware/require-role.ts";
import { actorOf } from "../models/viewer.ts";
import { camsiteAbilities } from "./policy.ts";
import { presentCamSite } from "./presenter.ts";

const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
const messageSchema = z.object({ message: z.string() });
const idParam = z.object({ id: z.coerce.number().int().positive() });
const metaItemSchema = z.object({ metaKey: z.string(), metaValue: z.string() });

const listRoute = createRoute({
  method: "get",
  path: "/cam-sites",
  tags: ["camsites"],
  summary: "All camsites with their counters (known/active accounts, registered/active models)",
  responses: {
    200: { description: "Camsites", ...json(z.object({ data: z.array(camSiteSummarySchema) })) },
  },
});

const byIdRoute = createRoute({
  method: "get",
  path: "/cam-sites/{id}",
  tags: ["camsites"],
  summary: "One camsite with its SEO text (markdown)",
  request: { params: idParam },
  responses: {
    200: { description: "The camsite", ...json(camSiteDetailSchema) },
    404: { description: "No such camsite", ...json(messageSchema) },
  },
});

const bySlugRoute = createRoute({
  method: "get",
  path: "/cam-sites/get-by-slug/{slug}",
  tags: ["camsites"],
  summary: "One camsite by slug; an old slug answers {is_redirect: true, redirect_url}",
  request: { params: z.object({ slug: z.string().min(1).max(100) }) },
  responses: {
    200: {
      description: "The camsite or a redirect reply",
      ...json(z.union([camSiteDetailSchema, redirectReplySchema])),
    },
    404: { description: "No such camsite", ...json(messageSchema) },
  },
});

const updateRoute = createRoute({
  method: "put",
  path: "/cam-sites/{id}",
  tags: ["camsites", "admin"],
  summary:
    "Edit a camsite (admin): headline, price_range, advantages/disadvantages (list or pipe separated), seo_text (markdown), logo_media_id, is_indexed, slug (old one redirects)",
  middleware: [requireAdmin()] as const,
  request: { params: idParam, body: { ...json(camSiteUpdateSchema), required: true } },
  responses: {
    200: { description: "Saved", ...json(z.object({ message: z.string(), cam_site: camSiteDetailSchema })) },
    401: { description: "Sign in first", ...json(messageSchema) },
    403: { description: "Admins only", ...json(messageSchema) },
    404: { description: "No such camsite", ...json(messageSchema) },
    422: { description: "Invalid fields" },
  },
});

const metaRoute = createRoute({
  method: "get",
  path: "/cam-site-meta",
  tags: ["camsites"],
  summary:
    "Camsite meta values for the inline meta element, cached per camsite. all=1 returns every key; all=0 (default) only text values, or the one metaKey asked for",
  request: {
    query: z.object({
      camsiteId: queryInt().pipe(z.number().int().positive()),
      all: queryBoolean().optional(),
      metaKey: z.string().max(100).optional(),
    }),
  },
  responses: {
    200: { description: "Meta values", ...json(z.object({ data: z.array(metaItemSchema) })) },
    404: { description: "No such camsite", ...json(messageSchema) },
    422: { description: "Invalid query" },
  },
});

const metaPutRoute = createRoute({
  method: "put",
  path: "/cam-site-meta",
  tags: ["camsites", "admin"],
  summary: "Set one camsite meta value (admin); metaValue null removes the key",
  middleware: [requireAdmin()] as const,
  request: { body: { ...json(camSiteMetaPutSchema), required: true } },
  responses: {
    200: { description: "Saved", ...json(z.object({ message: z.string(), data: z.array(metaItemSchema) })) },
    401: { description: "Sign in first", ...json(messageSchema) },
    403: { description: "Admins only", ...json(messageSchema) },
    404: { description: "No such camsite", ...json(messageSchema) },
    422: { description: "Invalid fields" },
  },
});

type MetaRows = Awaited<ReturnType<typeof listCamSiteMeta>>;
// Meta is read on many pages and changes rarely: cached per camsite, dropped on every write.
const metaByDb = new WeakMap<Database, ReturnType<typeof createTtlCache<MetaRows>>>();
const metaCache = (db: Database) => {
  const cache = metaByDb.get(db) ?? createTtlCache<MetaRows>(10 * 60_000, 100);
  metaByDb.set(db, cache);
  return cache;
};
/** With several processes, a meta write through another one drops this one's copies too (the invalidation bus). */
export function dropCamsiteMetaOnInvalidation(deps: Pick<ApiDeps, "db" | "invalidation">): () => void {
  return deps.invalidation.onInvalidate("model-reads", () => metaCache(deps.db).clear());
}
type Counters = Awaited<ReturnType<typeof computeCamSiteCounters>>;
const COUNTERS_TTL_MS = 10 * 60_000;
const countersByDb = new WeakMap<Database, { value: Promise<Counters>; at: number; refreshing: boolean }>();
/**
 * Live counters, counted from the nicknames (one grouped scan, ~0.5 s at a million nicknames). After the first count
 * a stale value is served while a fresh one is counted in the background, so no page waits for the scan.
 */
function countersOf(db: Database): Promise<Counters> {
  const entry = countersByDb.get(db);
  if (!entry) {
    const value = computeCamSiteCounters(db);
    countersByDb.set(db, { value, at: Date.now(), refreshing: false });
    value.catch(() => countersByDb.delete(db));
    return value;
  }
  if (Date.now() - entry.at > COUNTERS_TTL_MS && !entry.refreshing) {
    entry.refreshing = true;
    computeCamSiteCounters(db)
      .then((fresh) =>
        countersByDb.set(db, { value: Promise.resolve(fresh), at: Date.now(), refreshing: false }),
      )
      .catch(() => {
        entry.refreshing = false;
      });
  }
  return entry.value;
}

/** Stored counters, replaced by live ones counted from the nicknames (cached for minutes). */
async function withCounters(db: Database, row: CamSiteRow): Promise<CamSiteRow> {
  const live = (await countersOf(db)).get(row.id);
  return live ? { ...row, ...live } : row;
}

export const camSiteRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const { db } = c.var.deps;
    const can = camsiteAbilities(actorOf(c));
    const rows = await listCamSites(db);
    const data = await Promise.all(rows.map(async (r) => presentCamSite(await withCounters(db, r), can)));
    return c.json({ data }, 200);
  })
  .openapi(byIdRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { db } = c.var.deps;
    const row = await findCamSite(db, { id });
    if (!row) throw notFound();
    const can = camsiteAbilities(actorOf(c));
    return c.json({ ...presentCamSite(await withCounters(db, row), can), seo_text: row.seoText }, 200);
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
    return c.json({ ...presentCamSite(await withCounters(db, row), can), seo_text: row.seoText }, 200);
  })
  .openapi(updateRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const { db } = c.var.deps;
    const current = await findCamSite(db, { id });
    if (!current) throw notFound();
    const errors: Record<string, string[]> = {};
    if (body.slug && (await isCamSiteSlugTaken(db, body.slug, id)))
      errors.slug = [CATALOG_MESSAGES.slugTaken];
    if (body.logo_media_id != null && !(await findMediaPath(db, body.logo_media_id)))
      errors.logo_media_id = [VALIDATION_MESSAGES.mediaNotFound];
    if (Object.keys(errors).length) throw validationFailed(errors);
    const values = {
      name: body.name,
      slug: body.slug,
      url: body.url,
      modelUrlTemplate: body.model_url_template,
      headline: body.headline,
      priceRange: body.price_range,
      advantages: body.advantages,
      disadvantages: body.disadvantages,
      seoText: body.seo_text,
      camSiteLogoId: body.logo_media_id,
      isIndexed: body.is_indexed,
    };
    const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    await db.transaction(async (tx) => {
      await updateCamSite(tx, id, set);
      await writeAudit(tx, {
        actorUserId: c.var.user!.id,
        action: "camsite.updated",
        subjectType: "camsite",
        subjectId: id,
        changes: body,
        ip: c.var.clientIp,
      });
    });
    const row = (await findCamSite(db, { id }))!;
    const can = camsiteAbilities(actorOf(c));
    return c.json(
      {
        message: CATALOG_MESSAGES.camsiteSaved,
        cam_site: { ...presentCamSite(await withCounters(db, row), can), seo_text: row.seoText },
      },
      200,
    );
  })
  .openapi(metaRoute, async (c) => {
    const q = c.req.valid("query");
    const { db } = c.var.deps;
    const rows = await metaCache(db).get(String(q.camsiteId), async () => {
      if (!(await findCamSite(db, { id: q.camsiteId }))) throw notFound();
      return listCamSiteMeta(db, q.camsiteId);
    });
    const chosen = q.all
      ? rows
      : rows.filter((r) => (q.metaKey ? r.metaKey === q.metaKey : r.type === "text"));
    return c.json({ data: chosen.map((r) => ({ metaKey: r.metaKey, metaValue: r.metaValue })) }, 200);
  })
  .openapi(metaPutRoute, async (c) => {
    const body = c.req.valid("json");
    const { db } = c.var.deps;
    if (!(await findCamSite(db, { id: body.camsiteId }))) throw notFound();
    await db.transaction(async (tx) => {
      await putCamSiteMeta(tx, { ...body, camSiteId: body.camsiteId });
      await writeAudit(tx, {
        actorUserId: c.var.user!.id,
        action: "camsite.meta_changed",
        subjectType: "camsite",
        subjectId: body.camsiteId,
        changes: { metaKey: body.metaKey, metaValue: body.metaValue },
        ip: c.var.clientIp,
      });
    });
    // One write clears the meta cache (a few dozen small rows per camsite; reloading them is cheap).
    metaCache(db).clear();
    const rows = await listCamSiteMeta(db, body.camsiteId);
    return c.json(
      {
        message: CATALOG_MESSAGES.metaSaved,
        data: rows.map((r) => ({ metaKey: r.metaKey, metaValue: r.metaValue })),
      },
      200,
    );
  });
