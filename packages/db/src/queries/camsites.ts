import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { camSiteMeta, camSiteSlugRedirects, camSites } from "../schema/camsites.ts";
import { media } from "../schema/media.ts";

const camSiteColumns = {
  id: camSites.id,
  name: camSites.name,
  slug: camSites.slug,
  url: camSites.url,
  modelUrlTemplate: camSites.modelUrlTemplate,
  headline: camSites.headline,
  priceRange: camSites.priceRange,
  advantages: camSites.advantages,
  disadvantages: camSites.disadvantages,
  camSiteLogoId: camSites.camSiteLogoId,
  logoPath: media.path,
  isIndexed: camSites.isIndexed,
  knownAccountsCount: camSites.knownAccountsCount,
  activeAccountsCount: camSites.activeAccountsCount,
  modelsRegisteredCount: camSites.modelsRegisteredCount,
  modelsActiveCount: camSites.modelsActiveCount,
  updatedAt: camSites.updatedAt,
};

export type CamSiteRow = Awaited<ReturnType<typeof listCamSites>>[number];

export async function listCamSites(db: Database) {
  return db
    .select(camSiteColumns)
    .from(camSites)
    .leftJoin(media, eq(media.id, camSites.camSiteLogoId))
    .where(isNull(camSites.deletedAt))
    .orderBy(asc(camSites.id));
}

/** One camsite with its SEO text. */
export async function findCamSite(db: Database, by: { id: number } | { slug: string }) {
  const [row] = await db
    .select({ ...camSiteColumns, seoText: camSites.seoText })
    .from(camSites)
    .leftJoin(media, eq(media.id, camSites.camSiteLogoId))
    .where(and("id" in by ? eq(camSites.id, by.id) : eq(camSites.slug, by.slug), isNull(camSites.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The camsite an old slug now points to, or null. */
export async function findCamSiteSlugRedirect(db: Database, oldSlug: string) {
  const [row] = await db
    .select({ id: camSites.id, slug: camSites.slug })
    .from(camSiteSlugRedirects)
    .innerJoin(camSites, eq(camSites.id, camSiteSlugRedirects.camSiteId))
    .where(eq(camSiteSlugRedirects.oldSlug, oldSlug))
    .limit(1);
  return row ?? null;
}

export interface CamSiteValues {
  name?: string;
  slug?: string;
  url?: string;
  modelUrlTemplate?: string;
  headline?: string | null;
  seoText?: string | null;
  priceRange?: string | null;
  advantages?: string | null;
  disadvantages?: string | null;
  camSiteLogoId?: number | null;
  isIndexed?: boolean;
}

/** Updates a camsite; a new slug leaves the old one answering with a redirect. */
export async function updateCamSite(db: Database, id: number, values: CamSiteValues) {
  if (values.slug !== undefined) {
    const [current] = await db.select({ slug: camSites.slug }).from(camSites).where(eq(camSites.id, id));
    if (current && current.slug !== values.slug) {
      await db.delete(camSiteSlugRedirects).where(eq(camSiteSlugRedirects.oldSlug, values.slug));
      await db
        .insert(camSiteSlugRedirects)
        .values({ oldSlug: current.slug, camSiteId: id })
        .onConflictDoUpdate({ target: camSiteSlugRedirects.oldSlug, set: { camSiteId: id } });
    }
  }
  if (Object.keys(values).length) await db.update(camSites).set(values).where(eq(camSites.id, id));
}

export async function isCamSiteSlugTaken(db: Database, slug: string, exceptId: number) {
  const [row] = await db.select({ id: camSites.id }).from(camSites).where(eq(camSites.slug, slug)).limit(1);
  return Boolean(row && row.id !== exceptId);
}

export async function listCamSiteMeta(db: Database, camSiteId: number) {
  return db
    .select({
      id: camSiteMeta.id,
      metaKey: camSiteMeta.metaKey,
      metaValue: camSiteMeta.metaValue,
      type: camSiteMeta.type,
    })
    .from(camSiteMeta)
    .where(eq(camSiteMeta.camSiteId, camSiteId))
    .orderBy(asc(camSiteMeta.metaKey));
}

/** Sets one meta value (insert or update); a null value deletes the key. */
export async function putCamSiteMeta(
  db: Database,
  values: { camSiteId: number; metaKey: string; metaValue: string | null; type?: string | undefined },
) {
  if (values.metaValue === null) {
    await db
      .delete(camSiteMeta)
      .where(and(eq(camSiteMeta.camSiteId, values.camSiteId), eq(camSiteMeta.metaKey, values.metaKey)));
    return;
  }
  await db
    .insert(camSiteMeta)
    .values({
      camSiteId: values.camSiteId,
      metaKey: values.metaKey,
      metaValue: values.metaValue,
      type: values.type ?? "text",
    })
    .onConflictDoUpdate({
      target: [camSiteMeta.camSiteId, camSiteMeta.metaKey],
      set: {
        metaValue: values.metaValue,
        ...(values.type ? { type: values.type } : {}),
        updatedAt: new Date(),
      },
    });
}

/** Active means seen within this many days. */
export const ACTIVE_WITHIN_DAYS = 30;

/**
 * Live counters per camsite from the nicknames: known and active accounts, registered and active models.
 * One grouped scan; callers cache it (minutes), and `refreshCamSiteCounters` stores it for jobs.
 */
export async function computeCamSiteCounters(db: Database) {
  const result = (await db.execute(sql`
    select n.cam_site_id,
           count(*)::int as known,
           count(*) filter (where n.last_activity_at > now() - make_interval(days => ${ACTIVE_WITHIN_DAYS}))::int as active,
           count(distinct n.model_id)::int as models,
           count(distinct n.model_id) filter (where n.last_activity_at > now() - make_interval(days => ${ACTIVE_WITHIN_DAYS}))::int as active_models
      from nicknames n
     where n.deleted_at is null
     group by n.cam_site_id`)) as unknown as {
    rows: { cam_site_id: number; known: number; active: number; models: number; active_models: number }[];
  };
  return new Map(
    result.rows.map((r) => [
      Number(r.cam_site_id),
      {
        knownAccountsCount: Number(r.known),
        activeAccountsCount: Number(r.active),
        modelsRegisteredCount: Number(r.models),
        modelsActiveCount: Number(r.active_models),
      },
    ]),
  );
}

export async function refreshCamSiteCounters(db: Database) {
  const counters = await computeCamSiteCounters(db);
  for (const [id, values] of counters) await db.update(camSites).set(values).where(eq(camSites.id, id));
  return counters.size;
}
