import {
  type CamSiteRow,
  computeCamSiteCounters,
  type Database,
  findCamSite,
  findMediaPath,
  isCamSiteSlugTaken,
  listCamSiteMeta,
  putCamSiteMeta,
  updateCamSite,
} from "@camatlas/db";
import { CATALOG_MESSAGES, VALIDATION_MESSAGES } from "@camatlas/shared";
import type { camSiteMetaPutSchema, camSiteUpdateSchema } from "@camatlas/shared/schemas/catalog";
import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ApiDeps, AppEnv } from "../../app-env.ts";
import { audit } from "../../lib/audit.ts";
import { notFound, validationFailed } from "../../lib/http-errors.ts";
import { createTtlCache } from "../../lib/ttl-cache.ts";

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
export async function withCounters(db: Database, row: CamSiteRow): Promise<CamSiteRow> {
  const live = (await countersOf(db)).get(row.id);
  return live ? { ...row, ...live } : row;
}

/** A camsite's meta values (cached); 404 for an unknown camsite. */
export function camsiteMeta(db: Database, camsiteId: number): Promise<MetaRows> {
  return metaCache(db).get(String(camsiteId), async () => {
    if (!(await findCamSite(db, { id: camsiteId }))) throw notFound();
    return listCamSiteMeta(db, camsiteId);
  });
}

/** Saves an admin's edit of a camsite (a changed slug leaves a redirect behind), audited; the saved row after. */
export async function editCamsite(
  c: Context<AppEnv>,
  id: number,
  body: z.output<typeof camSiteUpdateSchema>,
): Promise<CamSiteRow & { seoText: string | null }> {
  const { db } = c.var.deps;
  const current = await findCamSite(db, { id });
  if (!current) throw notFound();
  const errors: Record<string, string[]> = {};
  if (body.slug && (await isCamSiteSlugTaken(db, body.slug, id))) errors.slug = [CATALOG_MESSAGES.slugTaken];
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
    await audit(c, tx, { action: "camsite.updated", subjectType: "camsite", subjectId: id, changes: body });
  });
  return (await findCamSite(db, { id }))!;
}

/** Sets (or, with metaValue null, removes) one meta value, audited; the camsite's meta values after. */
export async function setCamsiteMeta(
  c: Context<AppEnv>,
  body: z.output<typeof camSiteMetaPutSchema>,
): Promise<MetaRows> {
  const { db } = c.var.deps;
  if (!(await findCamSite(db, { id: body.camsiteId }))) throw notFound();
  await db.transaction(async (tx) => {
    await putCamSiteMeta(tx, { ...body, camSiteId: body.camsiteId });
    await audit(c, tx, {
      action: "camsite.meta_changed",
      subjectType: "camsite",
      subjectId: body.camsiteId,
      changes: { metaKey: body.metaKey, metaValue: body.metaValue },
    });
  });
  // One write clears the meta cache (a few dozen small rows per camsite; reloading them is cheap).
  metaCache(db).clear();
  return listCamSiteMeta(db, body.camsiteId);
}
