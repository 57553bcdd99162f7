import { and, asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { camSites } from "../schema/camsites.ts";
import { media } from "../schema/media.ts";
import {
  modelBlocks,
  modelContent,
  modelLinks,
  modelRatings,
  modelSlugRedirects,
  models,
  modelTags,
  modelVerificationRequests,
  nicknames,
  tags,
} from "../schema/models.ts";
import { users } from "../schema/users.ts";
import type { NicknameRow } from "./models.ts";

/** Every column a profile, an edit form and the policies need. */
const modelDetailColumns = {
  id: models.id,
  slug: models.slug,
  name: models.name,
  birthday: models.birthday,
  country: models.country,
  region: models.region,
  city: models.city,
  gender: models.gender,
  startedAt: models.startedAt,
  finishedAt: models.finishedAt,
  rating: models.rating,
  ratingVotes: models.ratingVotes,
  lastActivityAt: models.lastActivityAt,
  avatarMediaId: models.avatarMediaId,
  avatarPath: media.path,
  avatarBlurhash: media.blurhash,
  userId: models.userId,
  userNickName: users.nickName,
  createdByUserId: models.createdByUserId,
  forbidAvatarChanges: models.forbidAvatarChanges,
  moderationState: models.moderationState,
  moderationCheckedAt: models.moderationCheckedAt,
  hasUncheckedRevisions: models.hasUncheckedRevisions,
  isVisible: models.isVisible,
  displayName: models.displayName,
  about: models.about,
  isIndexedSearchRobots: models.isIndexedSearchRobots,
  pageVisibleFor: models.pageVisibleFor,
  isCountryAgeHidden: models.isCountryAgeHidden,
  isStatsPageLastActivityHidden: models.isStatsPageLastActivityHidden,
  isStatsPagePastNicknamesHidden: models.isStatsPagePastNicknamesHidden,
  statsPageActivityGraphDetailsStatus: models.statsPageActivityGraphDetailsStatus,
  isStatsPageLongestSessionsHidden: models.isStatsPageLongestSessionsHidden,
  mergedIntoModelId: models.mergedIntoModelId,
  createdAt: models.createdAt,
  updatedAt: models.updatedAt,
};

export type ModelDetailRow = NonNullable<Awaited<ReturnType<typeof findModelDetail>>>;

async function findModelWhere(db: Database, where: SQL | undefined) {
  const [row] = await db
    .select(modelDetailColumns)
    .from(models)
    .leftJoin(media, eq(media.id, models.avatarMediaId))
    .leftJoin(users, eq(users.id, models.userId))
    .where(and(where, isNull(models.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** One model (not deleted) by id, with its avatar path and bound user's nick name. */
export function findModelDetail(db: Database, id: number) {
  return findModelWhere(db, eq(models.id, id));
}

export function findModelDetailBySlug(db: Database, slug: string) {
  return findModelWhere(db, eq(models.slug, slug));
}

/** The model an old slug now belongs to (renamed profiles), or null. */
export async function findModelSlugRedirect(db: Database, oldSlug: string) {
  const [row] = await db
    .select({ id: models.id, slug: models.slug })
    .from(modelSlugRedirects)
    .innerJoin(models, eq(models.id, modelSlugRedirects.modelId))
    .where(and(eq(modelSlugRedirects.oldSlug, oldSlug), isNull(models.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Where a merged model now lives: follows merged_into_model_id up to a few hops. */
export async function findMergeTarget(db: Database, modelId: number) {
  let current = modelId;
  for (let hop = 0; hop < 5; hop++) {
    const [row] = await db
      .select({ id: models.id, slug: models.slug, mergedInto: models.mergedIntoModelId })
      .from(models)
      .where(eq(models.id, current))
      .limit(1);
    if (!row) return null;
    if (row.mergedInto === null) return row.id === modelId ? null : { id: row.id, slug: row.slug };
    current = row.mergedInto;
  }
  return null;
}

export async function listTagsOfModels(db: Database, modelIds: number[]) {
  if (modelIds.length === 0) return [];
  return db
    .select({ modelId: modelTags.modelId, id: tags.id, name: tags.name, slug: tags.slug })
    .from(modelTags)
    .innerJoin(tags, eq(tags.id, modelTags.tagId))
    .where(inArray(modelTags.modelId, modelIds))
    .orderBy(asc(tags.name));
}

export async function listLinksOfModel(db: Database, modelId: number) {
  return db
    .select({
      id: modelLinks.id,
      modelId: modelLinks.modelId,
      label: modelLinks.label,
      url: modelLinks.url,
      category: modelLinks.category,
      contains: modelLinks.contains,
      status: modelLinks.status,
      createdAt: modelLinks.createdAt,
    })
    .from(modelLinks)
    .where(
      and(eq(modelLinks.modelId, modelId), isNull(modelLinks.deletedAt), eq(modelLinks.status, "approved")),
    )
    .orderBy(asc(modelLinks.category), asc(modelLinks.id));
}

export async function listBlocksOfModel(db: Database, modelId: number) {
  return db
    .select({
      id: modelBlocks.id,
      blockableType: modelBlocks.blockableType,
      location: modelBlocks.location,
      createdAt: modelBlocks.createdAt,
    })
    .from(modelBlocks)
    .where(eq(modelBlocks.modelId, modelId))
    .orderBy(asc(modelBlocks.id));
}

export async function findModelContent(db: Database, modelId: number) {
  const [row] = await db
    .select({
      modelId: modelContent.modelId,
      isPublic: modelContent.isPublic,
      generatedText: modelContent.generatedText,
      uniqueText: modelContent.uniqueText,
      isUniqueTextUsed: modelContent.isUniqueTextUsed,
      combination: modelContent.combination,
      updatedAt: modelContent.updatedAt,
    })
    .from(modelContent)
    .where(eq(modelContent.modelId, modelId))
    .limit(1);
  return row ?? null;
}

/** The caller's own rating of a model (1–5), or null. */
export async function findUserRating(db: Database, modelId: number, userId: number) {
  const [row] = await db
    .select({ rating: modelRatings.rating })
    .from(modelRatings)
    .where(and(eq(modelRatings.modelId, modelId), eq(modelRatings.userId, userId)))
    .limit(1);
  return row?.rating ?? null;
}

/** The caller's latest verification request for a model, for the "pending" state on the profile. */
export async function findLatestVerificationRequest(db: Database, modelId: number, userId: number) {
  const [row] = await db
    .select({
      id: modelVerificationRequests.id,
      status: modelVerificationRequests.status,
      createdAt: modelVerificationRequests.createdAt,
    })
    .from(modelVerificationRequests)
    .where(and(eq(modelVerificationRequests.modelId, modelId), eq(modelVerificationRequests.userId, userId)))
    .orderBy(sql`${modelVerificationRequests.id} desc`)
    .limit(1);
  return row ?? null;
}

type ProfileNicknameJson = Omit<NicknameRow, "lastActivityAt"> & { lastActivityAt: string | null };

/**
 * Everything a profile page shows, in ONE round trip: the model row plus her nicknames (with camsite and its
 * stored URL template), tags, approved links, blocks and content as JSON sub-selects, and — for a signed-in
 * caller — her own rating and latest verification request. Replaces seven separate queries per profile read.
 */
export async function findModelProfileData(
  db: Database,
  by: { id: number } | { slug: string },
  callerId: number | null,
) {
  const where = "id" in by ? eq(models.id, by.id) : eq(models.slug, by.slug);
  const caller = callerId ?? 0;
  const [row] = await db
    .select({
      ...modelDetailColumns,
      nicknamesJson: sql<ProfileNicknameJson[]>`coalesce((
        select json_agg(json_build_object(
          'id', ${nicknames.id}, 'modelId', ${nicknames.modelId}, 'nickname', ${nicknames.nickname},
          'type', ${nicknames.type}, 'activityStatusId', ${nicknames.activityStatusId},
          'lastActivityAt', ${nicknames.lastActivityAt}, 'camSiteId', ${nicknames.camSiteId},
          'camSiteName', ${camSites.name}, 'camSiteSlug', ${camSites.slug},
          'modelUrlTemplate', ${camSites.modelUrlTemplate}) order by ${nicknames.camSiteId}, ${nicknames.id})
        from ${nicknames} inner join ${camSites} on ${camSites.id} = ${nicknames.camSiteId}
        where ${nicknames.modelId} = ${models.id} and ${nicknames.deletedAt} is null), '[]'::json)`,
      tagsJson: sql<{ id: number; name: string; slug: string }[]>`coalesce((
        select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'slug', ${tags.slug})
          order by ${tags.name})
        from ${modelTags} inner join ${tags} on ${tags.id} = ${modelTags.tagId}
        where ${modelTags.modelId} = ${models.id}), '[]'::json)`,
      linksJson: sql<LinkJson[]>`coalesce((
        select json_agg(json_build_object('id', ${modelLinks.id}, 'label', ${modelLinks.label},
          'url', ${modelLinks.url}, 'category', ${modelLinks.category}, 'contains', ${modelLinks.contains})
          order by ${modelLinks.category}, ${modelLinks.id})
        from ${modelLinks}
        where ${modelLinks.modelId} = ${models.id} and ${modelLinks.deletedAt} is null
          and ${modelLinks.status} = 'approved'), '[]'::json)`,
      blocksJson: sql<BlockJson[]>`coalesce((
        select json_agg(json_build_object('id', ${modelBlocks.id}, 'blockableType', ${modelBlocks.blockableType},
          'location', ${modelBlocks.location}) order by ${modelBlocks.id})
        from ${modelBlocks} where ${modelBlocks.modelId} = ${models.id}), '[]'::json)`,
      contentJson: sql<ContentJson | null>`(
        select json_build_object('isPublic', ${modelContent.isPublic},
          'generatedText', ${modelContent.generatedText}, 'uniqueText', ${modelContent.uniqueText},
          'isUniqueTextUsed', ${modelContent.isUniqueTextUsed})
        from ${modelContent} where ${modelContent.modelId} = ${models.id})`,
      userRating: sql<number | null>`(
        select ${modelRatings.rating} from ${modelRatings}
        where ${modelRatings.modelId} = ${models.id} and ${modelRatings.userId} = ${caller})`,
      myVerificationStatus: sql<"pending" | "approved" | "rejected" | null>`(
        select ${modelVerificationRequests.status} from ${modelVerificationRequests}
        where ${modelVerificationRequests.modelId} = ${models.id}
          and ${modelVerificationRequests.userId} = ${caller}
        order by ${modelVerificationRequests.id} desc limit 1)`,
    })
    .from(models)
    .leftJoin(media, eq(media.id, models.avatarMediaId))
    .leftJoin(users, eq(users.id, models.userId))
    .where(and(where, isNull(models.deletedAt)))
    .limit(1);
  if (!row) return null;
  const {
    nicknamesJson,
    tagsJson,
    linksJson,
    blocksJson,
    contentJson,
    userRating,
    myVerificationStatus,
    ...detail
  } = row;
  return {
    row: detail as ModelDetailRow,
    nicknames: nicknamesJson.map(
      (n): NicknameRow => ({ ...n, lastActivityAt: n.lastActivityAt ? new Date(n.lastActivityAt) : null }),
    ),
    tags: tagsJson,
    links: linksJson,
    blocks: blocksJson,
    content: contentJson,
    userRating: userRating === null ? null : Number(userRating),
    myVerificationStatus,
  };
}

export type ModelProfileData = NonNullable<Awaited<ReturnType<typeof findModelProfileData>>>;

interface LinkJson {
  id: number;
  label: string;
  url: string;
  category: (typeof modelLinks.$inferSelect)["category"];
  contains: (typeof modelLinks.$inferSelect)["contains"];
}
interface BlockJson {
  id: number;
  blockableType: (typeof modelBlocks.$inferSelect)["blockableType"];
  location: string;
}
interface ContentJson {
  isPublic: boolean;
  generatedText: string | null;
  uniqueText: string | null;
  isUniqueTextUsed: boolean;
}
