import { type CountedInterval, type DayTotals, emptyDayTotals, isOnlineStatus } from "@camatlas/shared/stats";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { hourHistogramsLiteral, readHourHistogram } from "../queries/stats-hour-histogram.ts";
import type { DailyCache } from "./cache.ts";
import { DAY_SECONDS, dayNumberOf, HOUR_SECONDS, keyDay, keyId, rollupKey } from "./day-keys.ts";
import type { SessionDayChanges } from "./sessions.ts";
import { intArray, numArray, rowsOf, tidArray } from "./sql-values.ts";
import type { IngestObservationInput, IntervalChange } from "./types.ts";

// nickname_daily_stats: one row per nickname and UTC day, changed by the intervals, figures and sessions a poll moves.

export interface DailyRow {
  id: number;
  day: string;
  totals: DayTotals;
  sessions: number;
  longest: number;
  viewersSum: number;
  viewersSamples: number;
  viewersMax: number | null;
  camscoreSum: number;
  camscoreSamples: number;
  camscoreMin: number | null;
  camscoreMax: number | null;
  camscoreLast: number | null;
  rankBest: number | null;
  rankLast: number | null;
  lastObservedAt: number | null;
}

/** A stored rollup row's exact version: its ctid and the transaction that wrote it (xmin). */
interface RowVersion {
  tid: string;
  xmin: string;
}

/** Applies the poll to its nicknames' daily rollup rows; returns the rows it wrote, for the next poll. */
export async function applyDailyRollups(
  tx: Database,
  camSiteId: number,
  t: number,
  changes: readonly IntervalChange[],
  newRows: ReadonlyArray<{ id: number; observation: IngestObservationInput }>,
  sessionChanges: SessionDayChanges,
  cache: DailyCache | undefined,
  xid: string,
): Promise<DailyCache> {
  const sessionDays = sessionChanges.recount;
  // The rows to write: days the changed intervals cover (online ones count), days whose sessions moved, and today
  // for every point with figures. The intervals are applied to the rows once they are read (no delta objects).
  const keys = new Set<number>(sessionDays);
  for (const key of sessionChanges.grown.keys()) keys.add(key);
  for (const key of sessionChanges.started.keys()) keys.add(key);
  for (const change of changes) {
    if (change.old) addIntervalKeys(keys, change.id, change.old);
    if (change.next) addIntervalKeys(keys, change.id, change.next);
  }
  const todayNumber = Math.floor(t / DAY_SECONDS);
  for (const row of newRows) {
    const o = row.observation;
    if (o.viewers != null || o.camscore != null || o.rank != null || isOnlineStatus(o.status))
      keys.add(rollupKey(row.id, todayNumber));
  }
  const written: DailyCache = { xid, rows: new Map(), versions: new Map() };
  if (keys.size === 0) return written;
  // No row locks needed: every writer of a nickname's rollups holds her camsite's advisory lock (ingest, repair).
  // Rows the camsite's last poll wrote are taken from memory as they were written; the update below checks, row by
  // row, that each is still that version (same ctid and xmin), and the ones somebody else wrote since are read
  // again and recomputed. The CamScore columns are float4: the cached ones hold the doubles that were sent, and as
  // rounding to float4 keeps order, min, max and last give the same stored values either way.
  const rows = new Map<number, DailyRow>();
  const versions = new Map<number, RowVersion>();
  const toRead: number[] = [];
  for (const key of keys) {
    const row = cache?.rows.get(key);
    const tid = cache?.versions.get(key);
    if (cache && row && tid !== undefined) {
      rows.set(key, row);
      versions.set(key, { tid, xmin: cache.xid });
    } else toRead.push(key);
  }
  await readDaily(tx, toRead, rows, versions);
  await computeDaily(tx, t, rows, changes, newRows, sessionChanges);
  let stale = await writeDaily(tx, camSiteId, rows, versions, written);
  for (let attempt = 0; stale.length > 0; attempt++) {
    // Written by somebody else since: read as stored now and computed again from there.
    if (attempt === 2) throw new Error("daily rollup rows changed while a poll was being ingested");
    const again = new Map<number, DailyRow>();
    versions.clear();
    await readDaily(tx, stale, again, versions);
    await computeDaily(tx, t, again, changes, newRows, sessionChanges);
    stale = await writeDaily(tx, camSiteId, again, versions, written);
  }
  return written;
}

/** Reads whole rollup rows (with their version) by key; keys with no row get an empty one. */
async function readDaily(
  tx: Database,
  keyList: readonly number[],
  rows: Map<number, DailyRow>,
  versions: Map<number, RowVersion>,
): Promise<void> {
  if (keyList.length === 0) return;
  // One probe per key by primary key, whatever the table statistics say (a join on the unnested keys would be
  // planned as a scan of the whole table while it has no statistics).
  const loaded = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      select d.nickname_id as id, d.day::text as day, d.seconds_by_status, d.online_seconds, d.hour_histogram,
        d.sessions, d.longest_session_seconds, d.viewers_sum, d.viewers_samples, d.viewers_max, d.camscore_sum,
        d.camscore_samples, d.camscore_min, d.camscore_max, d.camscore_last, d.rank_best, d.rank_last,
        extract(epoch from d.last_observed_at)::float8 as last_observed_at, d.ctid::text as tid, d.xmin::text as xmin
      from unnest(${intArray(keyList.map(keyId))}, ${numArray(keyList.map(keyDay), "date[]")}) as u(id, day)
      cross join lateral (select *, ctid, xmin from nickname_daily_stats
        where nickname_id = u.id and day = u.day limit 1) d`),
  );
  for (const r of loaded) {
    const row = fromDb(r);
    const key = rollupKey(row.id, dayNumberOf(row.day));
    rows.set(key, row);
    versions.set(key, { tid: String(r.tid), xmin: String(r.xmin) });
  }
  for (const key of keyList) if (!rows.has(key)) rows.set(key, newDaily(keyId(key), keyDay(key)));
}

/** Applies the poll to the rows given (the changes' other days are skipped): intervals, figures, sessions. */
async function computeDaily(
  tx: Database,
  t: number,
  rows: Map<number, DailyRow>,
  changes: readonly IntervalChange[],
  newRows: ReadonlyArray<{ id: number; observation: IngestObservationInput }>,
  sessionChanges: SessionDayChanges,
): Promise<void> {
  const todayNumber = Math.floor(t / DAY_SECONDS);
  for (const change of changes) {
    if (change.old) applyInterval(rows, change.id, change.old, -1);
    if (change.next) applyInterval(rows, change.id, change.next, 1);
  }
  for (const { id, observation: o } of newRows) {
    const row = rows.get(rollupKey(id, todayNumber));
    if (!row) continue;
    const latest = row.lastObservedAt === null || t >= row.lastObservedAt;
    if (o.viewers != null) {
      row.viewersSum += o.viewers;
      row.viewersSamples += 1;
      row.viewersMax = Math.max(row.viewersMax ?? 0, o.viewers);
    }
    if (o.camscore != null) {
      row.camscoreSum += o.camscore;
      row.camscoreSamples += 1;
      row.camscoreMin = row.camscoreMin === null ? o.camscore : Math.min(row.camscoreMin, o.camscore);
      row.camscoreMax = row.camscoreMax === null ? o.camscore : Math.max(row.camscoreMax, o.camscore);
      if (latest) row.camscoreLast = o.camscore;
    }
    if (o.rank != null && o.rank > 0) {
      row.rankBest = row.rankBest === null ? o.rank : Math.min(row.rankBest, o.rank);
      if (latest) row.rankLast = o.rank;
    }
    if (latest) row.lastObservedAt = t;
  }
  for (const [key, seconds] of sessionChanges.grown) {
    const row = rows.get(key);
    if (row) row.longest = Math.max(row.longest, seconds);
  }
  for (const [key, seconds] of sessionChanges.started) {
    const row = rows.get(key);
    if (!row) continue;
    row.sessions += 1;
    row.longest = Math.max(row.longest, seconds);
  }
  const sessionKeys = [...sessionChanges.recount].filter((key) => rows.has(key));
  if (sessionKeys.length > 0) {
    for (const key of sessionKeys) {
      const row = rows.get(key) as DailyRow;
      row.sessions = 0;
      row.longest = 0;
    }
    const counted = rowsOf<{ id: number; day: string; sessions: number; longest: number }>(
      await tx.execute(sql`
        select u.id, u.day::text as day, count(s.id)::int as sessions, coalesce(max(s.seconds), 0)::int as longest
        from unnest(${intArray(sessionKeys.map(keyId))}, ${numArray(sessionKeys.map(keyDay), "date[]")}) as u(id, day)
        join nickname_sessions s on s.nickname_id = u.id and s.started_at >= u.day::timestamp at time zone 'UTC'
          and s.started_at < (u.day + 1)::timestamp at time zone 'UTC'
        group by u.id, u.day`),
    );
    for (const c of counted) {
      const row = rows.get(rollupKey(Number(c.id), dayNumberOf(String(c.day))));
      if (row) {
        row.sessions = Number(c.sessions);
        row.longest = Number(c.longest);
      }
    }
  }
}

/**
 * Writes the rows: stored ones by ctid, each only while it is still the version it was computed from (its xmin),
 * new ones with an upsert. Adds what was written to `written` (updated rows with their new ctid, for the next
 * poll) and returns the keys of stored rows somebody else wrote since.
 */
async function writeDaily(
  tx: Database,
  camSiteId: number,
  rows: ReadonlyMap<number, DailyRow>,
  versions: ReadonlyMap<number, RowVersion>,
  written: DailyCache,
): Promise<number[]> {
  const updatedKeys: number[] = [];
  const updated: DailyRow[] = [];
  const inserted: DailyRow[] = [];
  for (const [key, row] of rows) {
    if (versions.has(key)) {
      updatedKeys.push(key);
      updated.push(row);
    } else {
      inserted.push(row);
      written.rows.set(key, row);
    }
  }
  await upsertDaily(tx, camSiteId, inserted);
  if (updated.length === 0) return [];
  // Each row is written only while it is the version the poll computed from: same ctid, same writer.
  const tids = updatedKeys.map((key) => (versions.get(key) as RowVersion).tid);
  const xmins = updatedKeys.map((key) => (versions.get(key) as RowVersion).xmin);
  const [result] = rowsOf<{ done: string | null }>(
    await tx.execute(sql`
      with done as (
        update nickname_daily_stats d set seconds_by_status = u.sbs, online_seconds = u.online, sessions = u.sessions,
          longest_session_seconds = u.longest, hour_histogram = u.hist, viewers_sum = u.vsum, viewers_samples = u.vn,
          viewers_max = u.vmax, camscore_sum = u.csum, camscore_samples = u.cn, camscore_min = u.cmin,
          camscore_max = u.cmax, camscore_last = u.clast, rank_best = u.rbest, rank_last = u.rlast,
          last_observed_at = to_timestamp(u.last)
        from ${dailyArrays(updated, sql`, v.tid, v.xmin`, sql`, ${tidArray(tids)}, ${sql.param(`{${xmins.join(",")}}`)}::text[]`, sql`, tid, xmin`)}
        where d.ctid = u.tid and d.nickname_id = u.id and d.day = u.day and d.xmin = u.xmin::xid
        returning u.ord, d.ctid)
      select string_agg(ord || ' ' || ctid, ';') as done from done`),
  );
  const done = new Set<number>();
  if (result?.done)
    for (const item of String(result.done).split(";")) {
      const space = item.indexOf(" ");
      const i = Number(item.slice(0, space)) - 1;
      const key = updatedKeys[i] as number;
      done.add(i);
      written.rows.set(key, updated[i] as DailyRow);
      written.versions.set(key, item.slice(space + 1));
    }
  return done.size === updated.length ? [] : updatedKeys.filter((_, i) => !done.has(i));
}

/** Adds the rollup keys of the days an interval counts on (online intervals only, as addIntervalToDays). */
function addIntervalKeys(keys: Set<number>, id: number, interval: CountedInterval): void {
  if (!isOnlineStatus(interval.status)) return;
  const last = Math.floor((interval.end - 1) / DAY_SECONDS);
  for (let day = Math.floor(interval.start / DAY_SECONDS); day <= last; day++) keys.add(rollupKey(id, day));
}

/** addIntervalToDays straight into the rows' totals (sign −1 takes it away), dropping statuses that reach zero as
 * mergeDayTotals does: same figures, no per-change Map and totals objects. */
function applyInterval(
  rows: Map<number, DailyRow>,
  id: number,
  interval: CountedInterval,
  sign: 1 | -1,
): void {
  if (!isOnlineStatus(interval.status)) return;
  const status = String(interval.status);
  let from = interval.start;
  while (from < interval.end) {
    const dayNumber = Math.floor(from / DAY_SECONDS);
    const to = Math.min(interval.end, (dayNumber + 1) * DAY_SECONDS);
    const row = rows.get(rollupKey(id, dayNumber));
    if (!row) {
      from = to;
      continue;
    }
    const totals = row.totals;
    const seconds = sign * (to - from);
    const next = (totals.secondsByStatus[status] ?? 0) + seconds;
    if (next === 0) delete totals.secondsByStatus[status];
    else totals.secondsByStatus[status] = next;
    totals.onlineSeconds += seconds;
    let at = from;
    while (at < to) {
      const hourEnd = Math.min(to, (Math.floor(at / HOUR_SECONDS) + 1) * HOUR_SECONDS);
      const hour = Math.floor((at % DAY_SECONDS) / HOUR_SECONDS);
      totals.hourHistogram[hour] = (totals.hourHistogram[hour] ?? 0) + sign * (hourEnd - at);
      at = hourEnd;
    }
    from = to;
  }
}

export function emptyDaily(key: string): DailyRow {
  const [id, day] = key.split("|") as [string, string];
  return newDaily(Number(id), day);
}

function newDaily(id: number, day: string): DailyRow {
  return {
    id,
    day,
    totals: emptyDayTotals(),
    sessions: 0,
    longest: 0,
    viewersSum: 0,
    viewersSamples: 0,
    viewersMax: null,
    camscoreSum: 0,
    camscoreSamples: 0,
    camscoreMin: null,
    camscoreMax: null,
    camscoreLast: null,
    rankBest: null,
    rankLast: null,
    lastObservedAt: null,
  };
}

const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const json = <T>(v: unknown, fallback: T): T =>
  typeof v === "string" ? (JSON.parse(v) as T) : ((v as T) ?? fallback);

function fromDb(r: Record<string, unknown>): DailyRow {
  return {
    id: Number(r.id),
    day: String(r.day),
    totals: {
      secondsByStatus: json<Record<string, number>>(r.seconds_by_status, {}),
      onlineSeconds: Number(r.online_seconds),
      hourHistogram: readHourHistogram(r.hour_histogram),
    },
    sessions: Number(r.sessions),
    longest: Number(r.longest_session_seconds),
    viewersSum: Number(r.viewers_sum),
    viewersSamples: Number(r.viewers_samples),
    viewersMax: numOrNull(r.viewers_max),
    camscoreSum: Number(r.camscore_sum),
    camscoreSamples: Number(r.camscore_samples),
    camscoreMin: numOrNull(r.camscore_min),
    camscoreMax: numOrNull(r.camscore_max),
    camscoreLast: numOrNull(r.camscore_last),
    rankBest: numOrNull(r.rank_best),
    rankLast: numOrNull(r.rank_last),
    lastObservedAt: numOrNull(r.last_observed_at),
  };
}

/** Typed arrays unnested side by side: far cheaper for PostgreSQL than a JSON document of thousands of records
 * (jsonb_to_recordset spent ~25 µs per daily row parsing). The two jsonb columns travel as one JSON array each,
 * picked by position: one native JSON.stringify in Node instead of escaping thousands of array elements. */
function dailyArrays(rows: readonly DailyRow[], pick = sql``, arrays = sql``, names = sql``): SQL {
  const column = (pick: (r: DailyRow) => number | string | null, type: string) =>
    numArray(rows.map(pick), type);
  const sbs = JSON.stringify(rows.map((r) => r.totals.secondsByStatus));
  // Every row's 24 hours back to back in one int[]; row k takes elements 24k+1 … 24k+24.
  const hist = hourHistogramsLiteral(rows.map((r) => r.totals.hourHistogram));
  return sql`(select v.id, v.day, doc.sbs -> (v.ord - 1)::int as sbs, v.online, v.sessions, v.longest,
      doc.hist[(v.ord - 1) * 24 + 1 : v.ord * 24] as hist, v.vsum, v.vn, v.vmax, v.csum, v.cn, v.cmin, v.cmax,
      v.clast, v.rbest, v.rlast, v.last, v.ord${pick}
    from (select ${sql.param(sbs)}::jsonb as sbs, ${sql.param(hist)}::int[] as hist) doc,
    unnest(${column((r) => r.id, "int[]")}, ${column((r) => r.day, "date[]")}, ${column((r) => r.totals.onlineSeconds, "int[]")},
    ${column((r) => r.sessions, "int[]")}, ${column((r) => r.longest, "int[]")}, ${column((r) => r.viewersSum, "bigint[]")},
    ${column((r) => r.viewersSamples, "int[]")}, ${column((r) => r.viewersMax, "int[]")},
    ${column((r) => r.camscoreSum, "float8[]")}, ${column((r) => r.camscoreSamples, "int[]")},
    ${column((r) => r.camscoreMin, "real[]")}, ${column((r) => r.camscoreMax, "real[]")},
    ${column((r) => r.camscoreLast, "real[]")}, ${column((r) => r.rankBest, "int[]")},
    ${column((r) => r.rankLast, "int[]")}, ${column((r) => r.lastObservedAt, "float8[]")}${arrays})
    with ordinality as v(id, day, online, sessions, longest, vsum, vn, vmax, csum, cn, cmin, cmax, clast, rbest, rlast,
      last${names}, ord)) as u`;
}

export async function upsertDaily(tx: Database, camSiteId: number, rows: readonly DailyRow[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into nickname_daily_stats (nickname_id, day, cam_site_id, seconds_by_status, online_seconds, sessions,
      longest_session_seconds, hour_histogram, viewers_sum, viewers_samples, viewers_max, camscore_sum, camscore_samples,
      camscore_min, camscore_max, camscore_last, rank_best, rank_last, last_observed_at)
    select u.id, u.day, ${camSiteId}, u.sbs, u.online, u.sessions, u.longest, u.hist, u.vsum, u.vn, u.vmax,
      u.csum, u.cn, u.cmin, u.cmax, u.clast, u.rbest, u.rlast, to_timestamp(u.last)
    from ${dailyArrays(rows)}
    on conflict (nickname_id, day) do update set seconds_by_status = excluded.seconds_by_status,
      online_seconds = excluded.online_seconds, sessions = excluded.sessions,
      longest_session_seconds = excluded.longest_session_seconds, hour_histogram = excluded.hour_histogram,
      viewers_sum = excluded.viewers_sum, viewers_samples = excluded.viewers_samples, viewers_max = excluded.viewers_max,
      camscore_sum = excluded.camscore_sum, camscore_samples = excluded.camscore_samples,
      camscore_min = excluded.camscore_min, camscore_max = excluded.camscore_max, camscore_last = excluded.camscore_last,
      rank_best = excluded.rank_best, rank_last = excluded.rank_last, last_observed_at = excluded.last_observed_at`);
}
