import {
  type CamSiteRow,
  computeCamSiteCounters,
  findCamSite,
  isCamSiteSlugTaken,
  listCamSiteMeta,
  putCamSiteMeta,
  updateCamSite,
} from "@camatlas/db";
import { CATALOG_MESSAGES } from "@camatlas/shared";
import type { camSiteMetaPutSchema, camSiteUpdateSchema } from "@camatlas/shared/schemas/catalog";
import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ApiDeps, AppEnv } from "../../app-env.ts";
import { audit } from "../../lib/audit.ts";
import { currentUser } from "../../lib/current-user.ts";
import { notFound, validationFailed } from "../../lib/http-errors.ts";
import { mediaReferenceErrors } from "../../lib/media-reference.ts";

/** Stored counters, replaced by live ones counted from the nicknames (cached for minutes). */
export async function withCounters(deps: ApiDeps, row: CamSiteRow): Promise<CamSiteRow> {
  const counters = await deps.caches.camsiteCounters.get("all", () => computeCamSiteCounters(deps.db));
  const live = counters.get(row.id);
  return live ? { ...row, ...live } : row;
}

/** A camsite's meta values (cached); 404 for an unknown camsite. */
export function camsiteMeta(deps: ApiDeps, camsiteId: number) {
  const { db } = deps;
  return deps.caches.camsiteMeta.get(String(camsiteId), async () => {
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
  Object.assign(
    errors,
    await mediaReferenceErrors(db, currentUser(c), [
      { field: "logo_media_id", id: body.logo_media_id, use: "camsite_logo" },
    ]),
  );
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
): Promise<Awaited<ReturnType<typeof listCamSiteMeta>>> {
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
  // The route publishes the write (`catalog`), which drops the meta cache here and in every other process.
  return listCamSiteMeta(db, body.camsiteId);
}
