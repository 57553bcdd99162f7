import { type CountedInterval, rebuildSessions, type Span } from "@camatlas/shared/stats";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import type { OpenSession } from "./cache.ts";
import { DAY_SECONDS, rollupKey } from "./day-keys.ts";
import { intArray, numArray, rowsOf, tidArray } from "./sql-values.ts";
import type { IntervalChange } from "./types.ts";

// nickname_sessions: a nickname's online time merged across points, rebuilt where a poll changes her intervals.

/** How the sessions changed, by (nickname, day of the session start) key. */
export interface SessionDayChanges {
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
export async function applySessions(
  tx: Database,
  allChanges: readonly IntervalChange[],
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
  changes: readonly IntervalChange[],
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
