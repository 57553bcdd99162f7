import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { media } from "../schema/media.ts";
import { models } from "../schema/models.ts";
import { type ModelViewer, modelVisibleTo } from "./model-visibility.ts";
import { escapeLike } from "./models.ts";

export interface SearchHit {
  modelId: number;
  /** The name or nickname that matched, as written. */
  matched: string;
  /** The camsite of a matching nickname; null when the model's own name matched. */
  camSiteId: number | null;
  score: number;
}

/** pg_trgm's default: below this similarity a name is not a match (substring matches always are). */
export const SEARCH_SIMILARITY_MIN = 0.3;
/** Names read per prefix branch before scoring; bounded so a common prefix never scans thousands. */
const BRANCH_LIMIT = 1000;

type HitRow = { model_id: number; matched: string; cam_site_id: number | null; score: number };

/**
 * The halves a typo search reads: one edit (a wrong, missing, extra or swapped letter) leaves either the first
 * `prefix` or the last `suffix` letters of the query intact, since prefix + suffix = length − 1.
 */
export function searchHalves(q: string): { prefix: string; suffix: string } {
  if (q.length <= 3) return { prefix: q, suffix: q };
  const prefixLength = Math.floor((q.length - 1) / 2);
  return { prefix: q.slice(0, prefixLength), suffix: q.slice(prefixLength + 1) };
}

/**
 * Names and nicknames closest to a query, best first (several rows per model when several of her names match).
 * Candidates come from the narrow search table: names starting with the query's first half, names ending with its
 * last half (reverse-prefix index), and names containing the query (trigram index); they are scored with
 * pg_trgm similarity. Only when none qualifies does the slower trigram `%` scan over every name run.
 */
export async function searchNameHits(db: Database, query: string, limit: number): Promise<SearchHit[]> {
  const q = query.trim().toLowerCase().slice(0, 100);
  if (!q) return [];
  const { prefix, suffix } = searchHalves(q);
  const contains = `%${escapeLike(q)}%`;
  const reversedSuffix = [...suffix].reverse().join("");
  const substringBranch =
    q.length >= 4
      ? sql`union (select s.name from model_search_names s where s.name like ${contains} limit ${BRANCH_LIMIT})`
      : sql``;
  const scored = sql`
    with candidates as (
      (select s.name from model_search_names s where s.name like ${`${escapeLike(prefix)}%`} limit ${BRANCH_LIMIT})
      union
      (select reverse(s.reversed) from model_search_names s
        where s.reversed like ${`${escapeLike(reversedSuffix)}%`} limit ${BRANCH_LIMIT})
      ${substringBranch}
    ),
    best as (
      select c.name, similarity(c.name, ${q}) as score from candidates c
       where similarity(c.name, ${q}) >= ${SEARCH_SIMILARITY_MIN} or c.name like ${contains}
       order by score desc, c.name limit ${limit})`;
  let rows = await hitsFrom(db, scored, limit);
  if (rows.length === 0) {
    rows = await hitsFrom(
      db,
      sql`with best as (
        select s.name, similarity(s.name, ${q}) as score from model_search_names s
         where s.name % ${q} order by score desc limit ${limit})`,
      limit,
    );
  }
  return rows.map((r) => ({
    modelId: Number(r.model_id),
    matched: r.matched,
    camSiteId: r.cam_site_id === null ? null : Number(r.cam_site_id),
    score: Number(r.score),
  }));
}

async function hitsFrom(db: Database, best: ReturnType<typeof sql>, limit: number): Promise<HitRow[]> {
  const result = (await db.execute(sql`${best}
    select s.model_id, coalesce(n.nickname, m.name) as matched, s.cam_site_id, b.score
      from best b
      join model_search_names s on s.name = b.name
      join models m on m.id = s.model_id
      left join nicknames n on n.id = s.nickname_id
     order by b.score desc, s.model_id
     limit ${limit * 4}`)) as unknown as { rows: HitRow[] };
  return result.rows;
}

/** Distinct model ids of the hits, best first, with each model's best score. */
export function rankModels(hits: readonly SearchHit[]): { modelId: number; score: number }[] {
  const best = new Map<number, number>();
  for (const hit of hits) best.set(hit.modelId, Math.max(best.get(hit.modelId) ?? 0, hit.score));
  return [...best.entries()]
    .map(([modelId, score]) => ({ modelId, score }))
    .sort((a, b) => b.score - a.score);
}

/** Typeahead: up to `limit` visible models for a query, closest first, with the name or nickname that matched. */
export async function searchModelsTypeahead(
  db: Database,
  query: string,
  limit: number,
  viewer?: ModelViewer,
) {
  const hits = await searchNameHits(db, query, limit * 3);
  if (hits.length === 0) return [];
  const rows = await db
    .select({ id: models.id, name: models.name, slug: models.slug, avatarPath: media.path })
    .from(models)
    .leftJoin(media, eq(media.id, models.avatarMediaId))
    .where(
      and(
        inArray(models.id, [...new Set(hits.map((h) => h.modelId))]),
        isNull(models.deletedAt),
        eq(models.isVisible, true),
        isNull(models.mergedIntoModelId),
        modelVisibleTo(viewer),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const seen = new Set<number>();
  const out = [];
  for (const hit of hits) {
    const row = byId.get(hit.modelId);
    if (!row || seen.has(hit.modelId)) continue;
    seen.add(hit.modelId);
    out.push({ ...row, matched: hit.matched, camSiteId: hit.camSiteId, score: hit.score });
    if (out.length === limit) break;
  }
  return out;
}
