import { normalizeSearchText, type SearchText } from "@camatlas/shared";
import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { media } from "../schema/media.ts";
import { models } from "../schema/models.ts";
import { type ModelViewer, modelVisibleTo } from "./model-visibility.ts";
import { floatArrayParam, textArrayParam } from "./sql-array-params.ts";
import { escapeLike } from "./sql-like.ts";

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
const BRANCH_LIMIT = 300;
/** Candidate names scored in the process per query. */
const CANDIDATES_MAX = 1500;

type HitRow = { model_id: number; matched: string; cam_site_id: number | null; name: string };

/**
 * The two ends a typo search reads. prefix + suffix = length − 2, so a wrong, missing or extra letter, or two
 * swapped neighbours, leave one of them intact. Short queries use the whole query at both ends.
 */
export function searchHalves(q: string): { prefix: string; suffix: string } {
  if (q.length <= 4) return { prefix: q, suffix: q };
  const prefixLength = Math.floor((q.length - 2) / 2);
  const suffixLength = q.length - 2 - prefixLength;
  return { prefix: q.slice(0, prefixLength), suffix: q.slice(q.length - suffixLength) };
}

/**
 * Edit distance with swaps of neighbours counted as one edit (optimal string alignment), stopping early above
 * `max`: the measure typo search ranks by, since trigram similarity punishes short names and swaps too much.
 */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const width = b.length + 1;
  const over = max + 1;
  // Three rolling rows in one reused buffer (searches score hundreds of names each), and only the band of cells
  // within `max` of the diagonal: a cell outside it is above `max` anyway. Guards just outside the band read as over.
  if (rows.length < width * 3) rows = new Int32Array(width * 3 * 2);
  let prevPrev = 0;
  let prev = width;
  let row = width * 2;
  for (let j = 0; j < width; j++) rows[prev + j] = j;
  for (let i = 1; i <= a.length; i++) {
    const lo = Math.max(1, i - max);
    const hi = Math.min(b.length, i + max);
    rows[row] = i;
    if (lo > 1) rows[row + lo - 1] = over;
    let rowMin = lo === 1 ? i : over;
    const ai = a.charCodeAt(i - 1);
    for (let j = lo; j <= hi; j++) {
      const bj = b.charCodeAt(j - 1);
      let value = Math.min(
        rows[prev + j]! + 1,
        rows[row + j - 1]! + 1,
        rows[prev + j - 1]! + (ai === bj ? 0 : 1),
      );
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj)
        value = Math.min(value, rows[prevPrev + j - 2]! + 1);
      rows[row + j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (hi < b.length) rows[row + hi + 1] = over;
    if (rowMin > max) return over;
    const spare = prevPrev;
    prevPrev = prev;
    prev = row;
    row = spare;
  }
  return Math.min(rows[prev + b.length]!, over);
}

let rows = new Int32Array(3 * 128);

/** Ties between equal scores go by the names' code units: cheap, and the same in every process. */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** How close a name is to the query, 0–1: the better of trigram similarity and 1 − edits/length (≤ 2 edits). */
export function nameScore(q: string, name: string, similarity: number): number {
  const edits = editDistance(q, name, 2);
  const byEdits = edits <= 2 ? 1 - edits / Math.max(q.length, name.length, 1) : 0;
  return Math.max(similarity, byEdits);
}

type CandidateRow = { name: string; sim: number; contains: boolean };

export interface ScoredName {
  /** A name or nickname as the search table keeps it (lowercase). */
  name: string;
  score: number;
}

/** searchTextScores of a search as typed (normalised here). */
export async function searchNameScores(db: Database, query: string, limit: number): Promise<ScoredName[]> {
  return searchTextScores(db, normalizeSearchText(query), limit);
}

/**
 * Distinct names and nicknames closest to a normalised search, best first, at most `limit`.
 * Candidates are distinct names (model_search_terms), read by index only: names starting with the query's first half,
 * names ending with its last half and starting with its first letter (one index on first letter + reversed name), and names containing
 * the query (trigram index). The distinct names are scored by trigram similarity and edit distance; only when no
 * candidate comes back does the slower trigram `%` scan over every name run.
 */
export async function searchTextScores(db: Database, q: SearchText, limit: number): Promise<ScoredName[]> {
  if (!q) return [];
  const { prefix, suffix } = searchHalves(q);
  const contains = `%${escapeLike(q)}%`;
  const reversedSuffix = [...suffix].reverse().join("");
  const substringBranch =
    q.length >= 3
      ? sql`union (select s.name from model_search_terms s where s.name like ${contains} limit ${BRANCH_LIMIT})`
      : sql``;
  let candidates = await candidateRows(
    db,
    sql`(select s.name from model_search_terms s where s.name like ${`${escapeLike(prefix)}%`} limit ${BRANCH_LIMIT})
      union
      (select s.name from model_search_terms s
        where left(s.name, 1) = ${q[0] ?? ""} and s.reversed like ${`${escapeLike(reversedSuffix)}%`}
        limit ${BRANCH_LIMIT})
      ${substringBranch}`,
    q,
    contains,
  );
  if (candidates.length === 0)
    candidates = await candidateRows(
      db,
      sql`select s.name from model_search_terms s where s.name % ${q} limit ${BRANCH_LIMIT}`,
      q,
      contains,
    );
  return candidates
    .map((c) => ({
      name: c.name,
      score: c.contains
        ? Math.max(nameScore(q, c.name, c.sim), SEARCH_SIMILARITY_MIN)
        : nameScore(q, c.name, c.sim),
    }))
    .filter((c) => c.score >= SEARCH_SIMILARITY_MIN)
    .sort((a, b) => b.score - a.score || byCodeUnits(a.name, b.name))
    .slice(0, limit);
}

/**
 * The models bearing scored names, each with her best score, best first (then lower id), at most `limit`: the
 * ranking a search list pages through. Names and scores go as two array parameters; the models come from the name
 * index alone.
 */
export async function rankModelsByNames(
  db: Database,
  scored: readonly ScoredName[],
  limit: number,
): Promise<RankedModel[]> {
  if (scored.length === 0) return [];
  const result = (await db.execute(
    sql`select r.model_id, r.score from ${rankingByNames(scored, limit)} as r order by r.score desc, r.model_id`,
  )) as unknown as { rows: { model_id: number; score: number }[] };
  return result.rows.map((r) => ({ modelId: Number(r.model_id), score: Number(r.score) }));
}

/** rankModelsByNames as a subquery with the columns model_id and score, for a list to join. */
export function rankingByNames(scored: readonly ScoredName[], limit: number): SQL {
  return sql`(select s.model_id, max(h.score) as score
      from unnest(${textArrayParam(scored.map((c) => c.name))}, ${floatArrayParam(scored.map((c) => c.score))})
           as h(name, score)
      join model_search_names s on s.name = h.name
     group by s.model_id
     order by score desc, s.model_id
     limit ${limit})`;
}

export interface RankedModel {
  modelId: number;
  score: number;
}

/**
 * Names and nicknames closest to a query, best first (several rows per model when several of her names match),
 * with the name or nickname as written: what the typeahead shows.
 */
export async function searchNameHits(db: Database, query: string, limit: number): Promise<SearchHit[]> {
  return nameHitsOf(db, await searchNameScores(db, query, limit), limit);
}

/** The rows of scored names (searchNameScores, or the in-process index's), as searchNameHits returns them. */
export async function nameHitsOf(
  db: Database,
  scored: readonly ScoredName[],
  limit: number,
): Promise<SearchHit[]> {
  if (scored.length === 0) return [];
  const scoreOf = new Map(scored.map((c) => [c.name, c.score]));
  const result = (await db.execute(sql`
    select s.model_id, coalesce(n.nickname, m.name) as matched, s.cam_site_id, s.name
      from model_search_names s
      join models m on m.id = s.model_id
      left join nicknames n on n.id = s.nickname_id
     where s.name = any(${textArrayParam(scored.map((c) => c.name))})
     limit ${limit * 4}`)) as unknown as { rows: HitRow[] };
  return result.rows
    .map((r) => ({
      modelId: Number(r.model_id),
      matched: r.matched,
      camSiteId: r.cam_site_id === null ? null : Number(r.cam_site_id),
      score: scoreOf.get(r.name) ?? 0,
    }))
    .sort((a, b) => b.score - a.score || a.modelId - b.modelId);
}

/** Distinct candidate names with their similarity, loosely filtered (close in length, similar, or containing q). */
async function candidateRows(db: Database, names: ReturnType<typeof sql>, q: string, contains: string) {
  const result = (await db.execute(sql`
    with candidates as (${names})
    select c.name, similarity(c.name, ${q}) as sim, c.name like ${contains} as contains
      from candidates c
     where similarity(c.name, ${q}) >= ${SEARCH_SIMILARITY_MIN} or c.name like ${contains}
        or abs(length(c.name) - ${q.length}) <= 2
     order by sim desc
     limit ${CANDIDATES_MAX}`)) as unknown as { rows: CandidateRow[] };
  return result.rows.map((r) => ({ name: r.name, sim: Number(r.sim), contains: Boolean(r.contains) }));
}

/** Distinct model ids of the hits, best first, with each model's best score. */
export function rankModels(hits: readonly SearchHit[]): RankedModel[] {
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
  /** Hits already found for this query (a cache), instead of searching again. */
  knownHits?: readonly SearchHit[],
) {
  const hits = knownHits ?? (await searchNameHits(db, query, limit * 3));
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
