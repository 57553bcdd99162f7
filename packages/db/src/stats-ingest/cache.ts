import type { Database } from "../client.ts";
import type { DailyRow } from "./daily-rollups.ts";

// What ingestion keeps in memory between polls, in one object: nickname ids, and what the camsite's last committed
// poll wrote (its rollup rows, open sessions and online points). Everything is kept per database (ids and row
// versions mean nothing in another one) and filled only after a commit. Apart from nickname ids, an entry is used
// only while the database still holds that exact row version, so a stale one can only cost a read; nickname ids are
// forgotten on a rename (applyNicknameRenames) and after any failed poll.
//
// The caller creates one with createIngestCache() and passes it to ingestPoll (IngestOptions.cache) and to
// applyNicknameRenames; both must get the same object, so that a rename forgets the names the polls cached.
// Callers that pass none share defaultIngestCache.

// Nickname ids by camsite and lowercase name, filled only after a commit (so never with a rolled-back id) and kept
// 10 minutes: a busy camsite lists the same thousands of nicknames every minute.
export const NICKNAME_CACHE_MS = 10 * 60_000;
export type NicknameCache = Map<string, { id: number; until: number }>;
export const cacheKey = (camSiteId: number, name: string) => `${camSiteId}:${name.toLowerCase()}`;

// The daily rollup rows the last committed poll of a camsite wrote, with that transaction's id. A row is taken from
// here only while its xmin still is that id, i.e. nobody (another process, the repair job, a backfill) wrote it since;
// then the poll reads 6 small columns instead of 18 (the jsonb ones are the costly part to send and parse). The real
// (float4) columns are among them, so the row is exactly the database's, not the doubles that were sent.
export interface DailyCache {
  xid: string;
  rows: Map<number, DailyRow>;
  /** The ctid each updated row got; rows inserted by that poll have none and are read again. */
  versions: Map<number, string>;
}

// Each nickname's ongoing session as the camsite's last committed in-order poll left it: the row's ctid (its exact
// version), id and end. The next poll extends it through that ctid when the row is still that session and still
// ends where the new interval starts; anything else (no entry, a row written since, a session that ends elsewhere)
// takes the index lookup. The check is on the row's content, so a stale entry can only cost a lookup.
export interface OpenSession {
  tid: string;
  sid: number;
  end: number;
}

// The nicknames of the online points the camsite's last in-order poll wrote, with that poll's time and transaction
// id. When that poll is still the camsite's latest (its ingest_polls row has that xmin) and complete, the next
// in-order poll's "previous points" are exactly these: it moves them by primary key (still 0 s), without searching
// the window for each nickname's latest point or listing who is online.
export interface LastPoints {
  at: number;
  xid: string;
  ids: number[];
}

/** Everything ingestion keeps in memory between polls, by database. */
export interface IngestCache {
  readonly nicknames: WeakMap<Database, NicknameCache>;
  /** By camsite. */
  readonly daily: WeakMap<Database, Map<number, DailyCache>>;
  /** By camsite, then nickname. */
  readonly openSessions: WeakMap<Database, Map<number, Map<number, OpenSession>>>;
  /** By camsite. */
  readonly lastPoints: WeakMap<Database, Map<number, LastPoints>>;
}

export function createIngestCache(): IngestCache {
  return {
    nicknames: new WeakMap(),
    daily: new WeakMap(),
    openSessions: new WeakMap(),
    lastPoints: new WeakMap(),
  };
}

/** The process's cache for callers that pass none (the API's ingestion path, the worker, the simulator, bench). */
export const defaultIngestCache: IngestCache = createIngestCache();

/** One database's part of the cache, as one poll uses it. */
export interface DatabaseIngestCache {
  nicknames: NicknameCache;
  daily: Map<number, DailyCache>;
  openSessions: Map<number, Map<number, OpenSession>>;
  lastPoints: Map<number, LastPoints>;
}

/** The database's part of the cache, created when missing; nickname ids are dropped once there are too many. */
export function databaseIngestCache(cache: IngestCache, db: Database): DatabaseIngestCache {
  const nicknames = entryOf(cache.nicknames, db);
  if (nicknames.size > 500_000) nicknames.clear();
  return {
    nicknames,
    daily: entryOf(cache.daily, db),
    openSessions: entryOf(cache.openSessions, db),
    lastPoints: entryOf(cache.lastPoints, db),
  };
}

function entryOf<K, V>(caches: WeakMap<Database, Map<K, V>>, db: Database): Map<K, V> {
  let entry = caches.get(db);
  if (!entry) {
    entry = new Map();
    caches.set(db, entry);
  }
  return entry;
}

/** What a committed poll leaves for the next one of its camsite. */
export interface CommittedPoll {
  camSiteId: number;
  /** The poll's nicknames (by the name it listed) and their ids. */
  observations: ReadonlyArray<{ nickname: string }>;
  ids: readonly number[];
  daily: DailyCache;
  /** In time order only. */
  openSessions: Map<number, OpenSession> | undefined;
  /** In time order only. */
  points: LastPoints | undefined;
}

/** Keeps what a committed poll wrote. */
export function rememberCommittedPoll(cached: DatabaseIngestCache, poll: CommittedPoll): void {
  if (poll.points) cached.lastPoints.set(poll.camSiteId, poll.points);
  cached.daily.set(poll.camSiteId, poll.daily);
  if (poll.openSessions) cached.openSessions.set(poll.camSiteId, poll.openSessions);
  // Committed: the ids are real now.
  const until = Date.now() + NICKNAME_CACHE_MS;
  poll.observations.forEach((o, i) => {
    const id = poll.ids[i];
    if (id !== undefined) cached.nicknames.set(cacheKey(poll.camSiteId, o.nickname), { id, until });
  });
}

/** Forgets what a failed poll may have spoiled. */
export function forgetFailedPoll(cached: DatabaseIngestCache, camSiteId: number): void {
  // A cached id may belong to a nickname deleted since: forget them all, the collector sends the poll again.
  cached.nicknames.clear();
  // Its rows may have been changed in memory by this rolled-back poll.
  cached.daily.delete(camSiteId);
  cached.openSessions.delete(camSiteId);
  cached.lastPoints.delete(camSiteId);
}

/** Forgets the cached ids of these names on a camsite: after a rename a name may belong to another row, or none. */
export function forgetCachedNicknames(
  cache: IngestCache,
  db: Database,
  camSiteId: number,
  names: readonly string[],
): void {
  const nicknames = cache.nicknames.get(db);
  if (!nicknames) return;
  for (const name of names) nicknames.delete(cacheKey(camSiteId, name));
}
