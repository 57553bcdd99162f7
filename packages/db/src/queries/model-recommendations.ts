import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { media } from "../schema/media.ts";
import { models } from "../schema/models.ts";
import { type ModelViewer, modelVisibleTo } from "./model-visibility.ts";

/**
 * "Girls like her": models sharing her tags (weighted most), her camsites, her country and an age within five
 * years. Candidates come from indexed lookups capped per source, so a popular tag never scans every model.
 */
export async function listSimilarModels(db: Database, modelId: number, limit: number, viewer?: ModelViewer) {
  const candidates = sql`(
    (select mt.model_id as id from model_tags mt
      where mt.tag_id in (select tag_id from model_tags where model_id = ${modelId}) limit 400)
    union
    (select n.model_id from nicknames n
      where n.model_id is not null and n.deleted_at is null
        and n.cam_site_id in (select cam_site_id from nicknames where model_id = ${modelId} and deleted_at is null)
      limit 400)
    union
    (select c.id from models c
      where c.country = (select country from models where id = ${modelId}) and c.deleted_at is null limit 200))`;
  const score = sql<number>`(
    3 * (select count(*) from model_tags a join model_tags b on b.tag_id = a.tag_id
          where a.model_id = ${models.id} and b.model_id = ${modelId})
    + (select count(distinct a.cam_site_id) from nicknames a join nicknames b on b.cam_site_id = a.cam_site_id
          where a.model_id = ${models.id} and b.model_id = ${modelId} and a.deleted_at is null and b.deleted_at is null)
    + case when ${models.country} = (select country from models where id = ${modelId}) then 1 else 0 end
    + case when abs(${models.birthday} - (select birthday from models where id = ${modelId})) <= 5 * 365 then 1 else 0 end
  )`;
  return db
    .select({
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
      score,
    })
    .from(models)
    .leftJoin(media, eq(media.id, models.avatarMediaId))
    .where(
      and(
        sql`${models.id} in ${candidates}`,
        ne(models.id, modelId),
        isNull(models.deletedAt),
        eq(models.isVisible, true),
        isNull(models.mergedIntoModelId),
        modelVisibleTo(viewer),
      ),
    )
    .orderBy(sql`${score} desc`, sql`${models.rating} desc`, sql`${models.id} desc`)
    .limit(limit);
}
