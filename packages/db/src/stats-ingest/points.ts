import { OFFLINE_STATUS_ID } from "@camatlas/shared";
import { countedSeconds, isOnlineStatus, nextCoveringAt } from "@camatlas/shared/stats";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import type { LastPoints } from "./cache.ts";
import type { PollContext } from "./polls.ts";
import { intArray, numArray, rowsOf, ts } from "./sql-values.ts";
import type { IngestObservationInput, IngestPollInput, IntervalChange, NewPoint } from "./types.ts";

// nickname_activities: a poll's points, each counting from its poll until the nickname's next covering one (within
// STATS_MAX_GAP), and the previous points whose length the poll sets.

/**
 * The previous points whose end this poll moves, moved: the latest point before t (within the gap) of every listed
 * nickname, and for a complete poll of every nickname of the camsite, unless a complete poll came between. In time
 * order those are the listed nicknames and the ones online now, read by primary key; a late complete poll reads the
 * camsite's points of its window instead. When the camsite's latest poll is a complete one this process wrote
 * (`known`), they are its online points (listed ones only, for an incomplete poll): see movePrevious.
 */
export async function endPreviousPoints(
  tx: Database,
  poll: IngestPollInput,
  t: number,
  listedIds: readonly number[],
  context: PollContext,
  known: LastPoints | undefined,
  G: number,
): Promise<IntervalChange[]> {
  const changes: IntervalChange[] = [];
  const previous = context.previous;
  let missed: number[] | undefined;
  if (!context.late && previous?.complete && t - previous.at > G) missed = [];
  else if (!context.late && previous?.complete && known?.at === previous.at && known.xid === previous.xid) {
    const listedSet = poll.complete ? undefined : new Set(listedIds);
    missed = await movePrevious(tx, t, known, listedSet, changes);
  }
  let candidates: SQL;
  if (missed) candidates = sql`a.nickname_id = any(${intArray(missed)})`;
  else if (!poll.complete) candidates = sql`a.nickname_id = any(${intArray(listedIds)})`;
  else if (!context.late) {
    const onlineNow = rowsOf<{ id: number }>(
      await tx.execute(sql`
          select id from nicknames where cam_site_id = ${poll.camSiteId} and activity_status_id <> ${OFFLINE_STATUS_ID}`),
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
            case when a.activity_status_id <> ${OFFLINE_STATUS_ID}
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
  return changes;
}

/** The poll's own points, written: each holds until the nickname's next covering poll (only known for a late
 * poll). Adds the intervals they count to `changes`. */
export async function writeNewPoints(
  tx: Database,
  t: number,
  listedIds: readonly number[],
  observations: readonly IngestObservationInput[],
  context: PollContext,
  G: number,
  changes: IntervalChange[],
): Promise<NewPoint[]> {
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
  return newRows;
}

/** The poll's online points, for the next in-order poll of the camsite (see LastPoints in cache.ts). */
export function onlinePointsOf(t: number, xid: string, newRows: readonly NewPoint[]): LastPoints {
  return {
    at: t,
    xid,
    ids: newRows.filter((r) => isOnlineStatus(r.observation.status)).map((r) => r.id),
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
  changes: IntervalChange[],
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
async function writePoints(tx: Database, t: number, newRows: readonly NewPoint[]) {
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
