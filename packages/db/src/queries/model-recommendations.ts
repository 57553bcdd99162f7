import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { media } from "../schema/media.ts";
import { models } from "../schema/models.ts";
import { type ModelViewer, modelVisibleTo } from "./model-visibility.ts";

/** Candidates read per source (her tags, her camsites, her country) before scoring. */
const CANDIDATES_PER_SOURCE = 300;

/**
 * "Girls like her", ranked for everyone: models sharing her tags (3 points each), her camsites (1 each), her
 * country (1) and an age within five years (1). Candidates come from indexed lookups capped per source, and the
 * overlaps are counted by joins over those candidates only, so a popular tag never scans every model.
 * Returns the best `limit` ids with their scores; visibility is applied when they are read.
 */
export async function rankSimilarModels(db: Database, modelId: number, limit: number) {
  const result = (await db.execute(sql`
    with me as (select id, country, birthday from models where id = ${modelId}),
    my_tags as (select tag_id from model_tags where model_id = ${modelId}),
    my_sites as (select distinct cam_site_id from nicknames where model_id = ${modelId} and deleted_at is null),
    candidates as (
      (select mt.model_id as id from model_tags mt where mt.tag_id in (select tag_id from my_tags)
        and mt.model_id <> ${modelId} limit ${CANDIDATES_PER_SOURCE})
      union
      (select n.model_id from nicknames n where n.cam_site_id in (select cam_site_id from my_sites)
        and n.model_id is not null and n.model_id <> ${modelId} and n.deleted_at is null limit ${CANDIDATES_PER_SOURCE})
      union
      (select c.id from models c, me where c.country = me.country and c.id <> ${modelId} and c.deleted_at is null
        limit ${CANDIDATES_PER_SOURCE})
    ),
    tag_overlap as (
      select mt.model_id, count(*) as shared from model_tags mt join candidates c on c.id = mt.model_id
       where mt.tag_id in (select tag_id from my_tags) group by mt.model_id),
    site_overlap as (
      select n.model_id, count(distinct n.cam_site_id) as shared from nicknames n join candidates c on c.id = n.model_id
       where n.cam_site_id in (select cam_site_id from my_sites) and n.deleted_at is null group by n.model_id)
    select m.id,
           3 * coalesce(t.shared, 0) + coalesce(s.shared, 0)
           + case when m.country = me.country then 1 else 0 end
           + case when abs(m.birthday - me.birthday) <= 5 * 365 then 1 else 0 end as score
      from candidates c
      join models m on m.id = c.id
      cross join me
      left join tag_overlap t on t.model_id = m.id
      left join site_overlap s on s.model_id = m.id
     where m.deleted_at is null and m.is_visible and m.merged_into_model_id is null
     order by score desc, m.rating desc, m.id desc
     limit ${limit}`)) as unknown as { rows: { id: number; score: number }[] };
  return result.rows.map((r) => ({ id: Number(r.id), score: Number(r.score) }));
}

/** Model cards of ranked ids the viewer may see, in rank order, at most `limit`. */
export async function listRankedModelCards(
  db: Database,
  ranked: readonly { id: number }[],
  limit: number,
  viewer?: ModelViewer,
) {
  if (ranked.length === 0) return [];
  const rows = await db
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
      avatarBlurhash: media.blurhash,
      createdAt: models.createdAt,
    })
    .from(models)
    .leftJoin(media, eq(media.id, models.avatarMediaId))
    .where(
      and(
        inArray(
          models.id,
          ranked.map((r) => r.id),
        ),
        isNull(models.deletedAt),
        eq(models.isVisible, true),
        isNull(models.mergedIntoModelId),
        modelVisibleTo(viewer),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ranked
    .map((r) => byId.get(r.id))
    .filter((r) => r !== undefined)
    .slice(0, limit);
}

/** Ranks and reads in one call (no cache): the similar models a viewer may see. */
export async function listSimilarModels(db: Database, modelId: number, limit: number, viewer?: ModelViewer) {
  return listRankedModelCards(db, await rankSimilarModels(db, modelId, limit * 5), limit, viewer);
}
