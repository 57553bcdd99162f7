import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { camSites } from "../schema/camsites.ts";
import { media } from "../schema/media.ts";
import { models, modelTags, nicknames } from "../schema/models.ts";

export const MODEL_ORDERS = ["rating", "last_activity", "newest", "name"] as const;
export type ModelOrder = (typeof MODEL_ORDERS)[number];

export interface ModelListFilters {
  query?: string | undefined;
  camSiteIds?: number[] | undefined;
  tagIds?: number[] | undefined;
  orderBy?: ModelOrder | undefined;
  desc?: boolean | undefined;
  page: number;
  perPage: number;
}

/** Public columns of a model card; the API presenter shapes them. */
const modelCardColumns = {
  id: models.id,
  slug: models.slug,
  name: models.name,
  birthday: models.birthday,
  country: models.country,
  city: models.city,
  gender: models.gender,
  rating: models.rating,
  ratingVotes: models.ratingVotes,
  lastActivityAt: models.lastActivityAt,
  isCountryAgeHidden: models.isCountryAgeHidden,
  pageVisibleFor: models.pageVisibleFor,
  userId: models.userId,
  avatarPath: media.path,
  createdAt: models.createdAt,
};

export type ModelCardRow = Awaited<ReturnType<typeof listModels>>["rows"][number];

export async function listModels(db: Database, filters: ModelListFilters) {
  const conditions: SQL[] = [
    isNull(models.deletedAt),
    eq(models.isVisible, true),
    isNull(models.mergedIntoModelId),
  ];
  const search = filters.query?.trim().toLowerCase();
  if (search) {
    // Substring matches, plus trigram similarity (pg_trgm `%`) so a misspelt name or nickname still finds her.
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(
      or(
        sql`lower(${models.name}) like ${pattern}`,
        sql`lower(${models.name}) % ${search}`,
        sql`exists (select 1 from ${nicknames} n where n.model_id = ${models.id} and n.deleted_at is null and (lower(n.nickname) like ${pattern} or lower(n.nickname) % ${search}))`,
      ) as SQL,
    );
  }
  if (filters.camSiteIds?.length) {
    conditions.push(
      sql`exists (select 1 from ${nicknames} n where n.model_id = ${models.id} and n.deleted_at is null and n.cam_site_id in ${filters.camSiteIds})`,
    );
  }
  if (filters.tagIds?.length) {
    conditions.push(
      sql`exists (select 1 from ${modelTags} mt where mt.model_id = ${models.id} and mt.tag_id in ${filters.tagIds})`,
    );
  }
  const where = and(...conditions);
  const direction = filters.desc === false ? asc : desc;
  // With a search and no explicit order, the closest match comes first.
  const relevance = search
    ? sql`greatest(similarity(lower(${models.name}), ${search}), coalesce((select max(similarity(lower(n.nickname), ${search})) from ${nicknames} n where n.model_id = ${models.id} and n.deleted_at is null), 0)) desc`
    : null;
  const order = (() => {
    if (relevance && !filters.orderBy) return [relevance, desc(models.ratingVotes), desc(models.id)];
    switch (filters.orderBy ?? "rating") {
      case "name":
        return filters.desc ? [desc(models.name)] : [asc(models.name)];
      case "newest":
        return [direction(models.createdAt), desc(models.id)];
      case "last_activity":
        return [
          sql`${models.lastActivityAt} ${filters.desc === false ? sql`asc` : sql`desc`} nulls last`,
          desc(models.id),
        ];
      default:
        return [direction(models.rating), desc(models.ratingVotes), desc(models.id)];
    }
  })();
  const [rows, totals] = await Promise.all([
    db
      .select(modelCardColumns)
      .from(models)
      .leftJoin(media, eq(media.id, models.avatarMediaId))
      .where(where)
      .orderBy(...order)
      .limit(filters.perPage)
      .offset((filters.page - 1) * filters.perPage),
    db.select({ total: count() }).from(models).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

export async function findModelBySlug(db: Database, slug: string) {
  const [row] = await db
    .select({
      ...modelCardColumns,
      about: models.about,
      displayName: models.displayName,
      isIndexedSearchRobots: models.isIndexedSearchRobots,
    })
    .from(models)
    .leftJoin(media, eq(media.id, models.avatarMediaId))
    .where(and(eq(models.slug, slug), isNull(models.deletedAt)))
    .limit(1);
  return row ?? null;
}

export type NicknameRow = Awaited<ReturnType<typeof listNicknamesOfModels>>[number];

/** Nicknames (with their camsite) of many models at once, for cards and profiles. */
export async function listNicknamesOfModels(db: Database, modelIds: number[]) {
  if (modelIds.length === 0) return [];
  return db
    .select({
      id: nicknames.id,
      modelId: nicknames.modelId,
      nickname: nicknames.nickname,
      type: nicknames.type,
      activityStatusId: nicknames.activityStatusId,
      lastActivityAt: nicknames.lastActivityAt,
      camSiteId: nicknames.camSiteId,
      camSiteName: camSites.name,
      camSiteSlug: camSites.slug,
    })
    .from(nicknames)
    .innerJoin(camSites, eq(camSites.id, nicknames.camSiteId))
    .where(and(inArray(nicknames.modelId, modelIds), isNull(nicknames.deletedAt)))
    .orderBy(asc(nicknames.camSiteId), asc(nicknames.id));
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
