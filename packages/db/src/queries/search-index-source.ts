import type { BlockType, PageVisibleFor } from "@camatlas/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { intArrayParam } from "./sql-array-params.ts";
import { boolArrayResult, intArrayResult, textArrayResult } from "./sql-array-results.ts";

// What the API's in-process search index reads: the names and listing facts of models (whole id ranges at load, a
// few ids after a change), and the change log the triggers of migration 0017 fill.
//
// Horizons: pg_snapshot_xmin of a statement's snapshot, the oldest transaction still running then. Every
// transaction below it has ended, so its changes are visible to that statement and to any later one; a transaction
// at or above it may commit later, so its rows are read again until a horizon passes it. Load: take a horizon, then
// read the tables; poll: readSearchChanges(since = the last horizon). Rows may come more than once, never late.

/** The change log's horizon: every change of a transaction with xid below it is visible now (pg_snapshot_xmin of the current snapshot), as text. */
export async function searchChangesHorizon(db: Database): Promise<string> {
  const [row] = rowsOf<{ horizon: string }>(
    await db.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon`),
  );
  return String(row!.horizon);
}

export interface SearchChanges {
  horizon: string;
  rows: { id: string; modelId: number; xid: string }[];
}

/**
 * Changes of transactions with xid >= since (the previous horizon), and the new horizon, read in ONE statement (same
 * snapshot). At most `limit` rows (order by id); `truncated` true when there were more: the rows are then not all the
 * changes since `since`, and the caller should rebuild from the tables (horizon first) rather than apply them.
 */
export async function readSearchChanges(
  db: Database,
  since: string,
  limit: number,
): Promise<SearchChanges & { truncated: boolean }> {
  if (!/^\d+$/.test(since)) throw new TypeError(`Not a transaction id: ${since}`);
  if (!Number.isInteger(limit) || limit < 0) throw new TypeError(`Not a row limit: ${limit}`);
  // One row even when no change matches (an aggregate without GROUP BY); one more than the limit tells truncation.
  const [row] = rowsOf<{ horizon: string; ids: unknown; model_ids: unknown; xids: unknown }>(
    await db.execute(sql`
      select pg_snapshot_xmin(pg_current_snapshot())::text as horizon,
             array_agg(c.id::text order by c.id) as ids,
             array_agg(c.model_id order by c.id) as model_ids,
             array_agg(c.xid::text order by c.id) as xids
        from (select id, model_id, xid from model_search_changes
               where xid >= ${since}::xid8 order by id limit ${limit + 1}) c`),
  );
  const ids = textArrayResult(row!.ids);
  const modelIds = intArrayResult(row!.model_ids);
  const xids = textArrayResult(row!.xids);
  const truncated = ids.length > limit;
  const count = Math.min(ids.length, limit);
  const rows: SearchChanges["rows"] = [];
  for (let i = 0; i < count; i++) rows.push({ id: ids[i]!, modelId: modelIds[i]!, xid: xids[i]! });
  return { horizon: String(row!.horizon), rows, truncated };
}

/**
 * Deletes changes older than `keepSeconds`. Returns how many. `changed_at` is the writing transaction's start, so
 * keep well more than the longest transaction plus a poll interval, or a poller may miss a change.
 */
export async function pruneSearchChanges(db: Database, keepSeconds: number): Promise<number> {
  if (!Number.isFinite(keepSeconds) || keepSeconds < 0) throw new TypeError(`Not a duration: ${keepSeconds}`);
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with pruned as (
        delete from model_search_changes
         where changed_at < now() - make_interval(secs => ${keepSeconds}::float8)
        returning 1)
      select count(*)::int as n from pruned`),
  );
  return Number(row?.n ?? 0);
}

/** Highest model id (0 when none). */
export async function maxModelId(db: Database): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`select coalesce(max(id), 0)::int as id from models`),
  );
  return Number(row?.id ?? 0);
}

export interface SearchNames {
  modelIds: number[];
  names: string[];
}

/** Every model_search_names row of models with fromId <= model_id <= toId, as two parallel arrays (one row returned: array_agg(model_id), array_agg(name)) — cheap to parse for 100k rows. */
export function readSearchNamesOfModelRange(
  db: Database,
  fromId: number,
  toId: number,
): Promise<SearchNames> {
  return readSearchNames(db, idRange(fromId, toId));
}

/** The same for a list of model ids (model_id = any($1::int[])). */
export function readSearchNamesOfModels(db: Database, ids: readonly number[]): Promise<SearchNames> {
  if (!ids.length) return Promise.resolve({ modelIds: [], names: [] });
  return readSearchNames(db, sql`model_id = any(${intArrayParam(ids)})`);
}

async function readSearchNames(db: Database, where: SQL): Promise<SearchNames> {
  // Both aggregates read the rows in the same order, so the arrays pair up without sorting.
  const [row] = rowsOf<{ model_ids: unknown; names: unknown }>(
    await db.execute(sql`
      select array_agg(model_id) as model_ids, array_agg(name::text) as names
        from model_search_names where ${where}`),
  );
  return {
    modelIds: intArrayResult(row?.model_ids) as number[],
    names: textArrayResult(row?.names) as string[],
  };
}

export interface ModelSearchFacts {
  ids: number[];
  listed: boolean[];
  pageVisibleFor: PageVisibleFor[];
  userIds: (number | null)[];
}

/**
 * Per model in the id range: listed = deleted_at is null and is_visible and merged_into_model_id is null;
 * page_visible_for; user_id. Parallel arrays from one aggregated row. Models that do not exist are simply absent.
 */
export function readModelSearchFactsOfRange(
  db: Database,
  fromId: number,
  toId: number,
): Promise<ModelSearchFacts> {
  return readModelSearchFacts(db, idRange(fromId, toId, "id"));
}

/** The same for a list of model ids. */
export function readModelSearchFactsOfModels(
  db: Database,
  ids: readonly number[],
): Promise<ModelSearchFacts> {
  if (!ids.length) return Promise.resolve({ ids: [], listed: [], pageVisibleFor: [], userIds: [] });
  return readModelSearchFacts(db, sql`id = any(${intArrayParam(ids)})`);
}

async function readModelSearchFacts(db: Database, where: SQL): Promise<ModelSearchFacts> {
  // The same condition as the list's (model-visibility.ts): not deleted, visible, not merged into another.
  const [row] = rowsOf<{ ids: unknown; listed: unknown; page_visible_for: unknown; user_ids: unknown }>(
    await db.execute(sql`
      select array_agg(id) as ids,
             array_agg(deleted_at is null and is_visible and merged_into_model_id is null) as listed,
             array_agg(page_visible_for) as page_visible_for,
             array_agg(user_id) as user_ids
        from models where ${where}`),
  );
  return {
    ids: intArrayResult(row?.ids) as number[],
    listed: boolArrayResult(row?.listed),
    pageVisibleFor: textArrayResult(row?.page_visible_for) as ModelSearchFacts["pageVisibleFor"],
    userIds: intArrayResult(row?.user_ids),
  };
}

export interface ModelBlockRow {
  modelId: number;
  blockableType: BlockType;
  location: string;
}

/** Every block (model_id, blockable_type, location) — of all models, or of the given ids. */
export async function readModelBlocks(db: Database, ids?: readonly number[]): Promise<ModelBlockRow[]> {
  if (ids && !ids.length) return [];
  const where = ids ? sql`where model_id = any(${intArrayParam(ids)})` : sql``;
  const rows = rowsOf<{ model_id: number; blockable_type: ModelBlockRow["blockableType"]; location: string }>(
    await db.execute(
      sql`select model_id, blockable_type, location from model_blocks ${where} order by model_id, id`,
    ),
  );
  return rows.map((r) => ({
    modelId: Number(r.model_id),
    blockableType: r.blockable_type,
    location: r.location,
  }));
}

function idRange(fromId: number, toId: number, column = "model_id"): SQL {
  if (!Number.isInteger(fromId) || !Number.isInteger(toId))
    throw new TypeError(`Not an id range: ${fromId}..${toId}`);
  return sql`${sql.identifier(column)} between ${fromId}::bigint and ${toId}::bigint`;
}

/** Both drivers answer `execute` with `{ rows }`; the shared Database type does not say so. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
