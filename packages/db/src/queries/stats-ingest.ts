import {
  type CountedInterval,
  countedSeconds,
  type DayTotals,
  emptyDayTotals,
  isOnlineStatus,
  nextCoveringAt,
  rebuildSessions,
  type Span,
  STATS_OFFLINE_STATUS,
  utcDay,
} from "@camatlas/shared/stats/index";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { hourHistogramsLiteral, readHourHistogram } from "./stats-hour-histogram.ts";
import { ensureActivityPartitions } from "./stats-partitions.ts";

// Ingestion of one camsite poll (issue 6, docs/decisions/0002-stats-ingestion.md). Every poll, in order or late,
// runs the same steps: store the poll's points, re-derive the intervals it touches (its nicknames' previous points
// within STATS_MAX_GAP and their own ends), and apply the difference to sessions and daily rollups.

export interface IngestObservationInput {
  nickname: string;
  status: number;
  viewers?: number | null | undefined;
  camscore?: number | null | undefined;
  rank?: number | null | undefined;
  topic?: string | null | undefined;
  snapshotUrl?: string | null | undefined;
}

export interface IngestPollInput {
  camSiteId: number;
  /** Epoch seconds; fractions are dropped so every sum is a whole number of seconds. */
  observedAt: number;
  complete: boolean;
  observations: readonly IngestObservationInput[];
}

export interface IngestOptions {
  maxGapSeconds: number;
}

export interface IngestOutcome {
  applied: boolean;
  observations: number;
  createdNicknames: number;
  late: boolean;
}

/** The advisory lock every writer of one camsite's stats takes (polls, renames), with the camsite id as second key. */
export const CAMSITE_LOCK = 727_300;

// Nickname ids by camsite and lowercase name, per database, filled only after a commit (so never with a rolled-back
// id) and kept 10 minutes: a busy camsite lists the same thousands of nicknames every minute.
const NICKNAME_CACHE_MS = 10 * 60_000;
type NicknameCache = Map<string, { id: number; until: number }>;
const nicknameCaches = new WeakMap<Database, NicknameCache>();
function nicknameCacheOf(db: Database): NicknameCache {
  let cache = nicknameCaches.get(db);
  if (!cache) {
    cache = new Map();
    nicknameCaches.set(db, cache);
  }
  if (cache.size > 500_000) cache.clear();
  return cache;
}
const cacheKey = (camSiteId: number, name: string) => `${camSiteId}:${name.toLowerCase()}`;

/** Forgets the cached ids of these names on a camsite: after a rename a name may belong to another row, or none. */
export function forgetCachedNicknames(db: Database, camSiteId: number, names: readonly string[]): void {
  const cache = nicknameCaches.get(db);
  if (!cache) return;
  for (const name of names) cache.delete(cacheKey(camSiteId, name));
}

// The daily rollup rows the last committed poll of a camsite wrote, with that transaction's id. A row is taken from
// here only while its xmin still is that id, i.e. nobody (another process, the repair job, a backfill) wrote it since;
// then the poll reads 6 small columns instead of 18 (the jsonb ones are the costly part to send and parse). The real
// (float4) columns are among them, so the row is exactly the database's, not the doubles that were sent.
interface DailyCache {
  xid: string;
  rows: Map<number, DailyRow>;
  /** The ctid each updated row got; rows inserted by that poll have none and are read again. */
  versions: Map<number, string>;
}
const dailyCaches = new WeakMap<Database, Map<number, DailyCache>>();
function dailyCacheOf(db: Database): Map<number, DailyCache> {
  let caches = dailyCaches.get(db);
  if (!caches) {
    caches = new Map();
    dailyCaches.set(db, caches);
  }
  return caches;
}
// Each nickname's ongoing session as the camsite's last committed in-order poll left it: the row's ctid (its exact
// version), id and end. The next poll extends it through that ctid when the row is still that session and still
// ends where the new interval starts; anything else (no entry, a row written since, a session that ends elsewhere)
// takes the index lookup. The check is on the row's content, so a stale entry can only cost a lookup.
interface OpenSession {
  tid: string;
  sid: number;
  end: number;
}
const sessionCaches = new WeakMap<Database, Map<number, Map<number, OpenSession>>>();
function sessionCacheOf(db: Database): Map<number, Map<number, OpenSession>> {
  let caches = sessionCaches.get(db);
  if (!caches) {
    caches = new Map();
    sessionCaches.set(db, caches);
  }
  return caches;
}
// The nicknames of the online points the camsite's last in-order poll wrote, with that poll's time and transaction
// id. When that poll is still the camsite's latest (its ingest_polls row has that xmin) and complete, the next
// in-order poll's "previous points" are exactly these: it moves them by primary key (still 0 s), without searching
// the window for each nickname's latest point or listing who is online.
interface LastPoints {
  at: number;
  xid: string;
  ids: number[];
}
const lastPointCaches = new WeakMap<Database, Map<number, LastPoints>>();
function lastPointCacheOf(db: Database): Map<number, LastPoints> {
  let caches = lastPointCaches.get(db);
  if (!caches) {
    caches = new Map();
    lastPointCaches.set(db, caches);
  }
  return caches;
}

/** A tid[] literal: each (page,item) quoted, as it holds a comma. */
const tidArray = (tids: readonly string[]) =>
  sql`${sql.param(`{${tids.map((t) => `"${t}"`).join(",")}}`)}::tid[]`;

/** last_seen_at and last_activity_at may lag the newest poll by this much (they move at once on a status change). */
export const LAST_SEEN_RESOLUTION_SECONDS = 300;

const DAY_SECONDS = 86_400;
const HOUR_SECONDS = 3_600;
/** A (nickname, UTC day) rollup key as one number: no string to build and hash per row and lookup (the string keys
 * took most of the ingest process's own time on 5,000-row polls). Day numbers stay below 65,536 until 2149. */
const DAY_SLOTS = 65_536;
const rollupKey = (id: number, dayNumber: number) => id * DAY_SLOTS + dayNumber;
const keyId = (key: number) => Math.floor(key / DAY_SLOTS);
const keyDay = (key: number) => utcDay((key % DAY_SLOTS) * DAY_SECONDS);
const dayNumbers = new Map<string, number>();
/** The day number of a YYYY-MM-DD rollup day (memoised: rows come back with their day as text). */
function dayNumberOf(day: string): number {
  let n = dayNumbers.get(day);
  if (n === undefined) {
    n = Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
    if (dayNumbers.size > 10_000) dayNumbers.clear();
    dayNumbers.set(day, n);
  }
  return n;
}

/** Both drivers answer `execute` with `{ rows }`; the shared Database type does not say so. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const ts = (at: number) => sql`to_timestamp(${at}::float8)`;
/** A numeric (or date) array as one literal text: a single join instead of the driver's per-element conversion,
 * which took about a quarter of the ingest process's CPU on 5,000-row polls. */
function numArray(values: readonly (number | string | null | undefined)[], type: string): SQL {
  const items =
    values.includes(null) || values.includes(undefined)
      ? values.map((v) => (v == null ? "NULL" : String(v))).join(",")
      : values.join(",");
  return sql`${sql.param(`{${items}}`)}::${sql.raw(type)}`;
}
const intArray = (values: readonly (number | null)[]) => numArray(values, "int[]");

/** Applies one poll in one transaction; a poll already stored for that camsite and time changes nothing. */
export async function ingestPoll(
  db: Database,
  poll: IngestPollInput,
  options: IngestOptions,
): Promise<IngestOutcome> {
  const t = Math.floor(poll.observedAt);
  const deduped = dedupe(poll.observations);
  await ensureActivityPartitions(db, [t]);
  const cache = nicknameCacheOf(db);
  let listed: number[] = [];
  let listedObservations: IngestObservationInput[] = [];
  const dailyCaches = dailyCacheOf(db);
  let writtenDaily: DailyCache | undefined;
  const openSessions = sessionCacheOf(db);
  let writtenSessions: Map<number, OpenSession> | undefined;
  const lastPointsBy = lastPointCacheOf(db);
  let writtenPoints: LastPoints | undefined;
  const outcome = await db
    .transaction(async (tx) => {
      // Polls of one camsite take turns, so each sees the previous one's rows; camsites never share nicknames.
      const [locked] = rowsOf<{ xid: string }>(
        await tx.execute(
          sql`select pg_advisory_xact_lock(${CAMSITE_LOCK}, ${poll.camSiteId}), (pg_current_xact_id()::text::bigint % 4294967296)::text as xid`,
        ),
      );
      const xid = String(locked?.xid);
      const inserted = rowsOf<{ id: number }>(
        await tx.execute(sql`
        insert into ingest_polls (cam_site_id, observed_at, complete, observations)
        values (${poll.camSiteId}, ${ts(t)}, ${poll.complete}, ${deduped.length})
        on conflict (cam_site_id, observed_at) do nothing returning id`),
      );
      if (inserted.length === 0) return { applied: false, observations: 0, createdNicknames: 0, late: false };

      const resolved = await upsertNicknames(tx, poll.camSiteId, t, deduped, cache);
      const created = resolved.created;
      // Two spellings PostgreSQL folds to the same nickname count once (the first), as one name listed twice does.
      const ids: number[] = [];
      const observations: IngestObservationInput[] = [];
      const seen = new Set<number>();
      resolved.ids.forEach((id, i) => {
        if (seen.has(id)) return;
        seen.add(id);
        ids.push(id);
        observations.push(deduped[i] as IngestObservationInput);
      });
      listed = ids;
      listedObservations = observations;
      const context = await pollContext(tx, poll.camSiteId, t, options.maxGapSeconds);
      const listedIds = ids;
      const G = options.maxGapSeconds;

      // 1. Previous points whose end this poll moves: the latest point before t (within the gap) of every listed
      //    nickname, and for a complete poll of every nickname of the camsite, unless a complete poll came between.
      //    In time order those are the listed nicknames and the ones online now, read by primary key; a late complete
      //    poll reads the camsite's points of its window instead. When the camsite's latest poll is a complete one
      //    this process wrote, they are its online points (listed ones only, for an incomplete poll): see movePrevious.
      const changes: Array<{ id: number; old: CountedInterval | null; next: CountedInterval | null }> = [];
      const known = lastPointsBy.get(poll.camSiteId);
      const previous = context.previous;
      let missed: number[] | undefined;
      if (!context.late && previous?.complete && t - previous.at > G) missed = [];
      else if (
        !context.late &&
        previous?.complete &&
        known?.at === previous.at &&
        known.xid === previous.xid
      ) {
        const listedSet = poll.complete ? undefined : new Set(listedIds);
        missed = await movePrevious(tx, t, known, listedSet, changes);
      }
      let candidates: SQL;
      if (missed) candidates = sql`a.nickname_id = any(${intArray(missed)})`;
      else if (!poll.complete) candidates = sql`a.nickname_id = any(${intArray(listedIds)})`;
      else if (!context.late) {
        const onlineNow = rowsOf<{ id: number }>(
          await tx.execute(sql`
          select id from nicknames where cam_site_id = ${poll.camSiteId} and activity_status_id <> ${STATS_OFFLINE_STATUS}`),
        ).map((r) => Number(r.id));
        candidates = sql`a.nickname_id = any(${intArray([...new Set([...listedIds, ...onlineNow])])})`;
      } else
        candidates = sql`(a.nickname_id = any(${intArray(listedIds)})
        or a.nickname_id in (select id from nicknames where cam_site_id = ${poll.camSiteId}))`;
      // A point before one of the camsite's complete polls in the window was ended by that poll already. Its new
      // length is t − start (within the gap by the window) when online; read and moved in one statement.
      const from = Math.max(t - G, ...context.completeTimesBefore);
      const moved =
        missed?.length === 0
          ? []
          : rowsOf<{ id: number; at: number; old: number; seconds: number; status: number }>(
              await tx.execute(sql`
        with previous as (
          select distinct on (a.nickname_id) a.nickname_id as id, a.started_at, a.seconds as old,
            a.activity_status_id as status,
            case when a.activity_status_id <> ${STATS_OFFLINE_STATUS}
              then (${t}::float8 - extract(epoch from a.started_at))::int else 0 end as seconds
          from nickname_activities a
          where a.started_at >= ${ts(from)} and a.started_at < ${ts(t)} and ${candidates}
          order by a.nickname_id, a.started_at desc)
        update nickname_activities a set seconds = p.seconds, ended_at = a.started_at + make_interval(secs => p.seconds)
        from previous p
        where a.nickname_id = p.id and a.started_at = p.started_at and p.seconds <> p.old
          and a.started_at >= ${ts(from)} and a.started_at < ${ts(t)}
        returning p.id, extract(epoch from p.started_at)::float8 as at, p.old, p.seconds, p.status`),
            );
      for (const row of moved) {
        const at = Number(row.at);
        const old = Number(row.old);
        const seconds = Number(row.seconds);
        const status = Number(row.status);
        changes.push({
          id: Number(row.id),
          old: old > 0 ? { start: at, end: at + old, status } : null,
          next: seconds > 0 ? { start: at, end: at + seconds, status } : null,
        });
      }

      // 2. This poll's own points: each holds until the nickname's next covering poll (only known for a late poll).
      const nextPointAt = new Map<number, number>();
      if (context.late && listedIds.length > 0) {
        const following = rowsOf<{ id: number; at: number }>(
          await tx.execute(sql`
          select distinct on (nickname_id) nickname_id as id, extract(epoch from started_at)::float8 as at
          from nickname_activities
          where nickname_id = any(${intArray(listedIds)}) and started_at > ${ts(t)} and started_at <= ${ts(t + G)}
          order by nickname_id, started_at`),
        );
        for (const row of following) nextPointAt.set(Number(row.id), Number(row.at));
      }
      const newRows = observations.map((observation, i) => {
        const id = listedIds[i] as number;
        const covering = nextCoveringAt(nextPointAt.get(id), context.nextCompleteAt);
        const seconds = countedSeconds(t, observation.status, covering, G);
        if (seconds > 0)
          changes.push({ id, old: null, next: { start: t, end: t + seconds, status: observation.status } });
        return { id, seconds, observation };
      });

      await writePoints(tx, t, newRows);
      if (!context.late)
        writtenPoints = {
          at: t,
          xid,
          ids: newRows.filter((r) => isOnlineStatus(r.observation.status)).map((r) => r.id),
        };
      const sessionChanges = await applySessions(
        tx,
        changes,
        context.late ? undefined : (openSessions.get(poll.camSiteId) ?? new Map()),
      );
      writtenSessions = sessionChanges.open;
      writtenDaily = await applyDailyRollups(
        tx,
        poll.camSiteId,
        t,
        changes,
        newRows,
        sessionChanges,
        dailyCaches.get(poll.camSiteId),
        xid,
      );
      await updateCurrentState(tx, poll, t, listedIds, observations, context);
      await recordTopicsAndSnapshots(tx, poll.camSiteId, t, listedIds, observations);
      return {
        applied: true,
        observations: observations.length,
        createdNicknames: created,
        late: context.late,
      };
    })
    .catch((error: unknown) => {
      // A cached id may belong to a nickname deleted since: forget them all, the collector sends the poll again.
      cache.clear();
      // Its rows may have been changed in memory by this rolled-back poll.
      dailyCaches.delete(poll.camSiteId);
      openSessions.delete(poll.camSiteId);
      lastPointsBy.delete(poll.camSiteId);
      throw error;
    });
  if (writtenPoints) lastPointsBy.set(poll.camSiteId, writtenPoints);
  if (writtenDaily) dailyCaches.set(poll.camSiteId, writtenDaily);
  if (writtenSessions) openSessions.set(poll.camSiteId, writtenSessions);
  // Committed: the ids are real now.
  const until = Date.now() + NICKNAME_CACHE_MS;
  listedObservations.forEach((o, i) => {
    const id = listed[i];
    if (id !== undefined) cache.set(cacheKey(poll.camSiteId, o.nickname), { id, until });
  });
  return outcome;
}

/** A nickname listed twice in one poll keeps its first entry (the same rule as the reference derivation). */
export function dedupe(observations: readonly IngestObservationInput[]): IngestObservationInput[] {
  const seen = new Set<string>();
  const result: IngestObservationInput[] = [];
  for (const observation of observations) {
    const key = observation.nickname.trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ ...observation, nickname: observation.nickname.trim() });
  }
  return result;
}

/** Ids of the listed nicknames in order; unknown ones become stats nicknames without a model. */
export async function upsertNicknames(
  tx: Database,
  camSiteId: number,
  t: number,
  observations: readonly IngestObservationInput[],
  cache?: NicknameCache,
): Promise<{ ids: number[]; created: number }> {
  if (observations.length === 0) return { ids: [], created: 0 };
  const byKey = new Map<string, number>();
  const now = Date.now();
  const names: string[] = [];
  for (const o of observations) {
    const hit = cache?.get(cacheKey(camSiteId, o.nickname));
    if (hit && hit.until > now) byKey.set(o.nickname.toLowerCase(), hit.id);
    else names.push(o.nickname);
  }
  const lookup = async (list: readonly string[]) => {
    // One index probe per name (the unique index; `limit 1` keeps the subquery a probe), whatever the statistics
    // say: as `lower(nickname) = any(…)` the planner, without fresh statistics on a growing table, read every
    // nickname of the camsite and filtered them (8 ms for 100 names among 8,000).
    const rows = rowsOf<{ id: number; key: string }>(
      await tx.execute(sql`
        select n.id, u.key from unnest(${sql.param(list.map((n) => n.toLowerCase()))}::text[]) as u(key)
        cross join lateral (select id from nicknames
          where cam_site_id = ${camSiteId} and deleted_at is null and lower(nickname) = u.key limit 1) n`),
    );
    for (const r of rows) byKey.set(r.key, Number(r.id));
  };
  // Known nicknames are the rule; only the missing ones are inserted (a concurrent insert is tolerated).
  if (names.length > 0) await lookup(names);
  const missing = names.filter((n) => !byKey.has(n.toLowerCase()));
  let created = 0;
  if (missing.length > 0) {
    created = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into nicknames (nickname, cam_site_id, has_stats, first_seen_at)
        select n, ${camSiteId}, true, ${ts(t)} from unnest(${sql.param(missing)}::text[]) as n
        on conflict (cam_site_id, lower(nickname)) where deleted_at is null do nothing
        returning id`),
    ).length;
    await lookup(missing);
  }
  const ids = observations.map(({ nickname: n }) => {
    const id = byKey.get(n.toLowerCase());
    if (id === undefined) throw new Error(`nickname ${n} was not stored`);
    return id;
  });
  return { ids, created };
}

interface PollContext {
  /** Complete polls of the camsite in [t − gap, t): a point before one of them ended there. */
  completeTimesBefore: number[];
  nextCompleteAt: number | undefined;
  /** A later poll of the camsite is already stored. */
  late: boolean;
  /** The camsite's latest poll before t, and the transaction that stored it (its xmin). */
  previous: { at: number; complete: boolean; xid: string } | undefined;
}

async function pollContext(tx: Database, camSiteId: number, t: number, gap: number): Promise<PollContext> {
  const [row] = rowsOf<{
    before: number[] | null;
    next_complete: number | null;
    late: boolean;
    previous_at: number | null;
    previous_complete: boolean | null;
    previous_xid: string | null;
  }>(
    await tx.execute(sql`
      select
        (select array_agg(extract(epoch from observed_at)::float8) from ingest_polls
          where cam_site_id = ${camSiteId} and complete and observed_at >= ${ts(t - gap)} and observed_at < ${ts(t)}) as before,
        (select extract(epoch from min(observed_at))::float8 from ingest_polls
          where cam_site_id = ${camSiteId} and complete and observed_at > ${ts(t)}) as next_complete,
        exists (select 1 from ingest_polls where cam_site_id = ${camSiteId} and observed_at > ${ts(t)}) as late,
        p.at as previous_at, p.complete as previous_complete, p.xmin::text as previous_xid
      from (select 1) one left join lateral (
        select extract(epoch from observed_at)::float8 as at, complete, xmin from ingest_polls
        where cam_site_id = ${camSiteId} and observed_at < ${ts(t)} order by observed_at desc limit 1) p on true`),
  );
  return {
    completeTimesBefore: (row?.before ?? []).map(Number),
    nextCompleteAt: row?.next_complete == null ? undefined : Number(row.next_complete),
    late: Boolean(row?.late),
    previous:
      row?.previous_at == null
        ? undefined
        : {
            at: Number(row.previous_at),
            complete: Boolean(row.previous_complete),
            xid: String(row.previous_xid),
          },
  };
}

/**
 * The previous points of an in-order poll whose camsite's latest poll (complete, at `known.at`) is the one this
 * process wrote last: nothing of the camsite lies between it and t, so the latest point in the window of a nickname
 * that can move is her point of that poll, and only online ones move (to t − at). Moves them by primary key while
 * still 0 s; returns the nicknames whose point was not so (another writer), for the general statement.
 */
async function movePrevious(
  tx: Database,
  t: number,
  known: LastPoints,
  listed: ReadonlySet<number> | undefined,
  changes: Array<{ id: number; old: CountedInterval | null; next: CountedInterval | null }>,
): Promise<number[]> {
  const ids = listed ? known.ids.filter((id) => listed.has(id)) : known.ids;
  if (ids.length === 0) return [];
  // The ids come through a subquery, so the planner does not weigh their number against the partition's size: the
  // plan stays one primary-key probe per point whatever the partition's size or statistics (as a join or a plain
  // array it hashed or scanned the whole partition while it was small or had no statistics, a cost that grew
  // with it). All points get the same length, so nothing else has to be joined.
  const [row] = rowsOf<{ moved: string | null }>(
    await tx.execute(sql`
      with moved as (
        update nickname_activities a set seconds = ${t - known.at}, ended_at = ${ts(t)}
        where a.nickname_id = any(array(select unnest(${intArray(ids)}))) and a.started_at = ${ts(known.at)}
          and a.seconds = 0
        returning a.nickname_id, a.activity_status_id)
      select string_agg(nickname_id || ' ' || activity_status_id, ',') as moved from moved`),
  );
  let done = 0;
  const seen = new Set<number>();
  if (row?.moved)
    for (const item of String(row.moved).split(",")) {
      const space = item.indexOf(" ");
      const id = Number(item.slice(0, space));
      done++;
      seen.add(id);
      changes.push({
        id,
        old: null,
        next: { start: known.at, end: t, status: Number(item.slice(space + 1)) },
      });
    }
  return done === ids.length ? [] : ids.filter((id) => !seen.has(id));
}

/** This poll's points. No ON CONFLICT: the poll is new (its insert into ingest_polls succeeded) and its ids are
 * distinct, so no (nickname, time) row can exist; a speculative insert costs a quarter more. */
async function writePoints(
  tx: Database,
  t: number,
  newRows: ReadonlyArray<{ id: number; seconds: number; observation: IngestObservationInput }>,
) {
  if (newRows.length === 0) return;
  const o = newRows.map((r) => r.observation);
  await tx.execute(sql`
    insert into nickname_activities (nickname_id, started_at, ended_at, seconds, activity_status_id, viewers, camscore, rank)
    select u.id, ${ts(t)}, ${ts(t)} + make_interval(secs => u.seconds), u.seconds, u.status, u.viewers, u.camscore, u.rank
    from unnest(${intArray(newRows.map((r) => r.id))}, ${intArray(newRows.map((r) => r.seconds))},
      ${numArray(
        o.map((x) => x.status),
        "smallint[]",
      )}, ${intArray(o.map((x) => x.viewers ?? null))},
      ${numArray(
        o.map((x) => x.camscore ?? null),
        "real[]",
      )}, ${intArray(o.map((x) => x.rank ?? null))})
      as u(id, seconds, status, viewers, camscore, rank)`);
}

/** How the sessions changed, by (nickname, day of the session start) key. */
interface SessionDayChanges {
  /** Days whose session count and longest session must be counted again from nickname_sessions. */
  recount: Set<number>;
  /** A session grew to this many seconds. */
  grown: Map<number, number>;
  /** One new session of this many seconds began. */
  started: Map<number, number>;
  /** In order: the sessions the in-order statement extended or started, by nickname, for the next poll. */
  open?: Map<number, OpenSession>;
}

/** Replaces the sessions touching the changed intervals and says which day figures moved. */
async function applySessions(
  tx: Database,
  allChanges: ReadonlyArray<{ id: number; old: CountedInterval | null; next: CountedInterval | null }>,
  /** Set for a poll in time order: the open sessions the camsite's last poll left (maybe empty). */
  openSessions: ReadonlyMap<number, OpenSession> | undefined,
): Promise<SessionDayChanges> {
  const result: SessionDayChanges = { recount: new Set(), grown: new Map(), started: new Map() };
  let changes = allChanges;
  if (openSessions) {
    result.open = new Map();
    const done = await extendOrStartSessions(tx, allChanges, result, openSessions);
    if (done.size > 0) changes = allChanges.filter((c) => !done.has(c.id));
  }
  const byNickname = new Map<number, { removed: Span[]; added: Span[]; lo: number; hi: number }>();
  for (const change of changes) {
    const entry = byNickname.get(change.id) ?? { removed: [], added: [], lo: Infinity, hi: -Infinity };
    for (const [list, interval] of [
      [entry.removed, change.old],
      [entry.added, change.next],
    ] as const) {
      if (!interval) continue;
      list.push({ start: interval.start, end: interval.end });
      entry.lo = Math.min(entry.lo, interval.start);
      entry.hi = Math.max(entry.hi, interval.end);
    }
    byNickname.set(change.id, entry);
  }
  if (byNickname.size === 0) return result;
  const ids = [...byNickname.keys()];
  // A nickname's sessions are disjoint: the ones touching [lo, hi] are her last few starting before hi. Read two
  // per nickname by index (only those reaching lo come back); read all of them only for a nickname whose few all
  // touch (a very choppy window).
  const touching = async (list: readonly number[], limit: SQL) =>
    rowsOf<{ sid: number; id: number; start: number; end: number; lo: number }>(
      await tx.execute(sql`
        select s.id as sid, u.id, extract(epoch from s.started_at)::float8 as start,
          extract(epoch from s.ended_at)::float8 as "end", u.lo
        from unnest(${intArray(list)}, ${numArray(
          list.map((id) => byNickname.get(id)?.lo),
          "float8[]",
        )},
          ${numArray(
            list.map((id) => byNickname.get(id)?.hi),
            "float8[]",
          )}) as u(id, lo, hi)
        cross join lateral (
          select id, started_at, ended_at from nickname_sessions
          where nickname_id = u.id and started_at <= to_timestamp(u.hi)
          order by started_at desc ${limit}) s
        where s.ended_at >= to_timestamp(u.lo)`),
    );
  const FEW = 2;
  const firstRead = await touching(ids, sql`limit ${FEW}`);
  const perNickname = new Map<number, number>();
  for (const row of firstRead)
    if (Number(row.end) >= Number(row.lo))
      perNickname.set(Number(row.id), (perNickname.get(Number(row.id)) ?? 0) + 1);
  const choppy = ids.filter((id) => (perNickname.get(id) ?? 0) >= FEW);
  const rereadAll = choppy.length > 0 ? await touching(choppy, sql``) : [];
  const existing = [...firstRead.filter((r) => !choppy.includes(Number(r.id))), ...rereadAll].filter(
    (r) => Number(r.end) >= Number(r.lo),
  );
  const existingBy = new Map<number, Array<{ sid: number; start: number; end: number }>>();
  for (const row of existing) {
    const list = existingBy.get(Number(row.id)) ?? [];
    list.push({ sid: Number(row.sid), start: Number(row.start), end: Number(row.end) });
    existingBy.set(Number(row.id), list);
  }
  const updates: Array<{ sid: number; start: number; end: number }> = [];
  const deletes: number[] = [];
  const inserts: Array<{ id: number; start: number; end: number }> = [];
  for (const [id, entry] of byNickname) {
    const old = (existingBy.get(id) ?? []).sort((a, b) => a.start - b.start);
    const next = rebuildSessions(old, entry.removed, entry.added);
    const [onlyOld] = old;
    const [onlyNext] = next;
    // The common cases keep the day figures incremental: a session grew at its end, or one new session began.
    if (
      old.length === 1 &&
      next.length === 1 &&
      onlyOld &&
      onlyNext &&
      onlyOld.start === onlyNext.start &&
      onlyNext.end >= onlyOld.end
    )
      result.grown.set(
        rollupKey(id, Math.floor(onlyNext.start / DAY_SECONDS)),
        onlyNext.end - onlyNext.start,
      );
    else if (old.length === 0 && next.length === 1 && onlyNext)
      result.started.set(
        rollupKey(id, Math.floor(onlyNext.start / DAY_SECONDS)),
        onlyNext.end - onlyNext.start,
      );
    else
      for (const s of [...old, ...next]) result.recount.add(rollupKey(id, Math.floor(s.start / DAY_SECONDS)));
    // Pair old and new sessions in order: an extended session is updated in place (the common case).
    next.forEach((span, i) => {
      const previous = old[i];
      if (previous) {
        if (previous.start !== span.start || previous.end !== span.end)
          updates.push({ sid: previous.sid, ...span });
      } else inserts.push({ id, ...span });
    });
    for (const extra of old.slice(next.length)) deletes.push(extra.sid);
  }
  if (deletes.length > 0)
    await tx.execute(sql`delete from nickname_sessions where id = any(${numArray(deletes, "bigint[]")})`);
  if (updates.length > 0)
    await tx.execute(sql`
      update nickname_sessions s set started_at = to_timestamp(u.start), ended_at = to_timestamp(u."end"),
        seconds = (u."end" - u.start)::int
      from unnest(${numArray(
        updates.map((u) => u.sid),
        "bigint[]",
      )}, ${numArray(
        updates.map((u) => u.start),
        "float8[]",
      )},
        ${numArray(
          updates.map((u) => u.end),
          "float8[]",
        )}) as u(sid, start, "end")
      where s.id = u.sid`);
  if (inserts.length > 0)
    await tx.execute(sql`
      insert into nickname_sessions (nickname_id, started_at, ended_at, seconds)
      select u.id, to_timestamp(u.start), to_timestamp(u."end"), (u."end" - u.start)::int
      from unnest(${intArray(inserts.map((u) => u.id))}, ${numArray(
        inserts.map((u) => u.start),
        "float8[]",
      )},
        ${numArray(
          inserts.map((u) => u.end),
          "float8[]",
        )}) as u(id, start, "end")`);
  return result;
}

/**
 * The in-order case without reading sessions into the process: a nickname whose only change is a new interval
 * [s, t) (her previous point got its length) either extends the session that ends exactly at s, or starts one.
 * Nothing of hers is stored after s (no later poll of her camsite), and her points before s ended at s at the
 * latest, so no other session can touch [s, t]; one that does anyway (her latest session ends after s) is left to
 * the general path. Sessions are disjoint and never touch, so a row of hers that ends exactly at s is the one to
 * extend: the sessions the last poll left are extended through their ctid when still so (one statement, no index
 * lookup), the others find their latest session by index, extend it or insert one. Returns the nicknames done.
 */
async function extendOrStartSessions(
  tx: Database,
  changes: ReadonlyArray<{ id: number; old: CountedInterval | null; next: CountedInterval | null }>,
  result: SessionDayChanges,
  openSessions: ReadonlyMap<number, OpenSession>,
): Promise<Set<number>> {
  const perNickname = new Map<number, number>();
  for (const c of changes) perNickname.set(c.id, (perNickname.get(c.id) ?? 0) + 1);
  const simple: Array<{ id: number; next: CountedInterval }> = [];
  for (const c of changes)
    if (c.old === null && c.next !== null && perNickname.get(c.id) === 1)
      simple.push({ id: c.id, next: c.next });
  const done = new Set<number>();
  if (simple.length === 0) return done;
  // Each statement answers one text (kind id sid ctid seconds;…; the start is the end less the seconds): a row per
  // session cost the driver more to parse than the statement's own work in the process.
  const ends = new Map<number, number>();
  for (const c of simple) ends.set(c.id, c.next.end);
  const take = (answer: string) => {
    for (const item of answer.split(";")) {
      const [kind, idText, sid, tid, secondsText] = item.split(" ");
      const id = Number(idText);
      const seconds = Number(secondsText);
      const end = ends.get(id) as number;
      const key = rollupKey(id, Math.floor((end - seconds) / DAY_SECONDS));
      (kind === "1" ? result.grown : result.started).set(key, seconds);
      done.add(id);
      result.open?.set(id, { tid: String(tid), sid: Number(sid), end });
    }
  };
  const known = simple.filter((c) => openSessions.get(c.id)?.end === c.next.start);
  if (known.length > 0) {
    const refs = known.map((c) => openSessions.get(c.id) as OpenSession);
    const [row] = rowsOf<{ sessions: string | null }>(
      await tx.execute(sql`
        with grown as (
          update nickname_sessions s set ended_at = to_timestamp(u."end"),
            seconds = (u."end" - extract(epoch from s.started_at))::int
          from unnest(${tidArray(refs.map((r) => r.tid))}, ${numArray(
            refs.map((r) => r.sid),
            "bigint[]",
          )}, ${intArray(known.map((c) => c.id))}, ${numArray(
            known.map((c) => c.next.start),
            "float8[]",
          )}, ${numArray(
            known.map((c) => c.next.end),
            "float8[]",
          )}) as u(tid, sid, id, start, "end")
          where s.ctid = u.tid and s.id = u.sid and s.nickname_id = u.id and s.ended_at = to_timestamp(u.start)
          returning s.nickname_id, s.id, s.ctid, s.seconds)
        select string_agg(concat_ws(' ', 1, nickname_id, id, ctid, seconds), ';') as sessions from grown`),
    );
    if (row?.sessions) take(String(row.sessions));
  }
  const rest = done.size === 0 ? simple : simple.filter((c) => !done.has(c.id));
  if (rest.length > 0) {
    const [row] = rowsOf<{ sessions: string | null }>(
      await tx.execute(sql`
      with u as (
        select u.id, u.start, u."end", x.sid, x.ended_at
        from unnest(${intArray(rest.map((c) => c.id))}, ${numArray(
          rest.map((c) => c.next.start),
          "float8[]",
        )}, ${numArray(
          rest.map((c) => c.next.end),
          "float8[]",
        )}) as u(id, start, "end")
        left join lateral (
          select id as sid, ended_at from nickname_sessions
          where nickname_id = u.id and started_at <= to_timestamp(u.start)
          order by started_at desc limit 1) x on true),
      grown as (
        update nickname_sessions s set ended_at = to_timestamp(u."end"),
          seconds = (u."end" - extract(epoch from s.started_at))::int
        from u where s.id = u.sid and u.ended_at = to_timestamp(u.start)
        returning s.nickname_id, s.id, s.ctid, s.seconds),
      started as (
        insert into nickname_sessions (nickname_id, started_at, ended_at, seconds)
        select u.id, to_timestamp(u.start), to_timestamp(u."end"), (u."end" - u.start)::int from u
        where u.sid is null or u.ended_at < to_timestamp(u.start)
        returning nickname_id, id, ctid, seconds),
      both_kinds as (select 1 as kind, * from grown union all select 2 as kind, * from started)
      select string_agg(concat_ws(' ', kind, nickname_id, id, ctid, seconds), ';') as sessions from both_kinds`),
    );
    if (row?.sessions) take(String(row.sessions));
  }
  return done;
}

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

async function applyDailyRollups(
  tx: Database,
  camSiteId: number,
  t: number,
  changes: ReadonlyArray<{ id: number; old: CountedInterval | null; next: CountedInterval | null }>,
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
  changes: ReadonlyArray<{ id: number; old: CountedInterval | null; next: CountedInterval | null }>,
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

/** Current status, last seen and last activity follow the newest poll that speaks about each nickname. */
async function updateCurrentState(
  tx: Database,
  poll: IngestPollInput,
  t: number,
  ids: readonly number[],
  observations: readonly IngestObservationInput[],
  context: PollContext,
) {
  const online = ids.filter((_, i) => isOnlineStatus(observations[i]?.status ?? STATS_OFFLINE_STATUS));
  const statuses = intArray(observations.map((o) => o.status));
  if (!context.late) {
    // The newest poll: its statuses are current. last_seen_at and last_activity_at move on a status change or when
    // they lag by LAST_SEEN_RESOLUTION, so a busy camsite does not rewrite every nickname row (and its indexes) per poll.
    const stale = ts(t - LAST_SEEN_RESOLUTION_SECONDS);
    if (ids.length > 0)
      await tx.execute(sql`
      update nicknames n set activity_status_id = u.status, last_seen_at = ${ts(t)},
        last_activity_at = case when u.status <> ${STATS_OFFLINE_STATUS} then ${ts(t)} else n.last_activity_at end,
        has_stats = true
      from unnest(${intArray(ids)}, ${statuses}) as u(id, status)
      where n.id = u.id and (n.activity_status_id <> u.status or n.last_seen_at is null or n.last_seen_at < ${stale}
        or not n.has_stats or (u.status <> ${STATS_OFFLINE_STATUS} and (n.last_activity_at is null or n.last_activity_at < ${stale})))`);
    if (poll.complete)
      await tx.execute(sql`
        update nicknames set activity_status_id = ${STATS_OFFLINE_STATUS}
        where cam_site_id = ${poll.camSiteId} and activity_status_id <> ${STATS_OFFLINE_STATUS}
          and not (id = any(${intArray(ids)}))`);
  } else if (ids.length > 0) {
    // A late poll sets a status only for nicknames nothing later speaks about.
    const later = new Set(
      rowsOf<{ id: number }>(
        await tx.execute(sql`
          select distinct nickname_id as id from nickname_activities
          where nickname_id = any(${intArray(ids)}) and started_at > ${ts(t)}`),
      ).map((r) => Number(r.id)),
    );
    const current = ids.map((id) => context.nextCompleteAt === undefined && !later.has(id));
    await tx.execute(sql`
      update nicknames n set activity_status_id = case when u.current then u.status else n.activity_status_id end,
        last_seen_at = greatest(n.last_seen_at, ${ts(t)}),
        last_activity_at = case when u.status <> ${STATS_OFFLINE_STATUS}
          then greatest(n.last_activity_at, ${ts(t)}) else n.last_activity_at end,
        has_stats = true
      from unnest(${intArray(ids)}, ${statuses}, ${sql.param(current)}::boolean[]) as u(id, status, current)
      where n.id = u.id`);
  }
  if (online.length > 0)
    await tx.execute(sql`
      update models m set last_activity_at = ${ts(t)}
      where m.id in (select model_id from nicknames where id = any(${intArray(online)}) and model_id is not null)
        and (m.last_activity_at is null or m.last_activity_at < ${ts(t - LAST_SEEN_RESOLUTION_SECONDS)})`);
  await tx.execute(sql`
    insert into cam_site_collectors (cam_site_id, last_poll_at, tracked_since, status)
    values (${poll.camSiteId}, ${ts(t)}, ${ts(t)}, 'ok')
    on conflict (cam_site_id) do update set last_poll_at = greatest(cam_site_collectors.last_poll_at, excluded.last_poll_at),
      tracked_since = least(cam_site_collectors.tracked_since, excluded.tracked_since)`);
}

/** Room topics (kept when they change, at most once a day each) and live snapshots (once per address). */
async function recordTopicsAndSnapshots(
  tx: Database,
  camSiteId: number,
  t: number,
  ids: readonly number[],
  observations: readonly IngestObservationInput[],
) {
  const topics = observations.flatMap((o, i) =>
    o.topic?.trim() ? [{ id: ids[i] as number, topic: o.topic.trim() }] : [],
  );
  if (topics.length > 0)
    await tx.execute(sql`
      insert into nickname_topics (nickname_id, topic, observed_at)
      select u.id, u.topic, ${ts(t)} from unnest(${intArray(topics.map((x) => x.id))}, ${sql.param(topics.map((x) => x.topic))}::text[]) as u(id, topic)
      where not exists (select 1 from nickname_topics x where x.nickname_id = u.id and x.topic = u.topic
        and x.observed_at > ${ts(t)} - interval '1 day' and x.observed_at <= ${ts(t)})`);
  const snaps = observations.flatMap((o, i) =>
    o.snapshotUrl ? [{ id: ids[i] as number, url: o.snapshotUrl }] : [],
  );
  if (snaps.length > 0)
    await tx.execute(sql`
      insert into image_records (model_id, cam_site_id, nickname_id, type, url, taken_at)
      select n.model_id, ${camSiteId}, u.id, 'snapshot', u.url, ${ts(t)}
      from unnest(${intArray(snaps.map((x) => x.id))}, ${sql.param(snaps.map((x) => x.url))}::text[]) as u(id, url)
      join nicknames n on n.id = u.id
      where not exists (select 1 from image_records r where r.nickname_id = u.id and r.url = u.url)`);
}
