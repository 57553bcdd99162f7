import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { media } from "../schema/media.ts";
import { models } from "../schema/models.ts";
import { type ModelViewer, modelVisibleTo } from "./model-visibility.ts";
import { escapeLike } from "./models.ts";

type HitRow = { model_id: number; matched: string; cam_site_id: number | null; score: number };

export interface SearchHit {
  modelId: number;
  /** The name or nickname that matched. */
  matched: string;
  /** The camsite of a matching nickname; null when the model's own name matched. */
  camSiteId: number | null;
  score: number;
}

/**
 * Closest names and nicknames to a query (pg_trgm): substring matches and trigram-similar ones, each table read
 * through its trigram index and capped, best per model first.
 */
export async function searchNameHits(db: Database, query: string, limit: number): Promise<SearchHit[]> {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const pattern = `%${escapeLike(q)}%`;
  const cap = limit * 4;
  const result = (await db.execute(sql`
    select distinct on (model_id) model_id, matched, cam_site_id, score from (
      (select m.id as model_id, m.name as matched, null::int as cam_site_id, similarity(lower(m.name), ${q}) as score
         from models m
        where (lower(m.name) like ${pattern} or lower(m.name) % ${q}) and m.deleted_at is null
        order by score desc limit ${cap})
      union all
      (select n.model_id, n.nickname, n.cam_site_id, similarity(lower(n.nickname), ${q})
         from nicknames n
        where (lower(n.nickname) like ${pattern} or lower(n.nickname) % ${q})
          and n.model_id is not null and n.deleted_at is null
        order by 4 desc limit ${cap})
    ) hits
    order by model_id, score desc`)) as unknown as { rows: HitRow[] };
  return result.rows
    .map((r) => ({
      modelId: Number(r.model_id),
      matched: r.matched,
      camSiteId: r.cam_site_id,
      score: Number(r.score),
    }))
    .sort((a, b) => b.score - a.score);
}

/** Typeahead: up to `limit` visible models for a query, closest first, with the name or nickname that matched. */
export async function searchModelsTypeahead(
  db: Database,
  query: string,
  limit: number,
  viewer?: ModelViewer,
) {
  const hits = await searchNameHits(db, query, limit);
  if (hits.length === 0) return [];
  const rows = await db
    .select({ id: models.id, name: models.name, slug: models.slug, avatarPath: media.path })
    .from(models)
    .leftJoin(media, eq(media.id, models.avatarMediaId))
    .where(
      and(
        inArray(
          models.id,
          hits.map((h) => h.modelId),
        ),
        isNull(models.deletedAt),
        eq(models.isVisible, true),
        isNull(models.mergedIntoModelId),
        modelVisibleTo(viewer),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return hits
    .filter((h) => byId.has(h.modelId))
    .slice(0, limit)
    .map((h) => ({ ...byId.get(h.modelId)!, matched: h.matched, camSiteId: h.camSiteId, score: h.score }));
}
