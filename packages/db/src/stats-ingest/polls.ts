import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { rowsOf, ts } from "./sql-values.ts";
import type { IngestPollInput } from "./types.ts";

// The camsite's turn and the poll's ingest_polls row: every poll, in order or late, is stored once and read in
// the light of the camsite's other polls.

/** The advisory lock every writer of one camsite's stats takes (polls, renames), with the camsite id as second key. */
export const CAMSITE_LOCK = 727_300;

/** Takes the camsite's lock for this transaction (polls of one camsite take turns, so each sees the previous one's
 * rows; camsites never share nicknames) and returns the transaction's id as xmin shows it. */
export async function lockCamsite(tx: Database, camSiteId: number): Promise<string> {
  const [locked] = rowsOf<{ xid: string }>(
    await tx.execute(
      sql`select pg_advisory_xact_lock(${CAMSITE_LOCK}, ${camSiteId}), (pg_current_xact_id()::text::bigint % 4294967296)::text as xid`,
    ),
  );
  return String(locked?.xid);
}

/** Stores the poll's ingest_polls row; false when that camsite already has a poll at that time (a replay). */
export async function recordPoll(
  tx: Database,
  poll: IngestPollInput,
  t: number,
  observations: number,
): Promise<boolean> {
  const inserted = rowsOf<{ id: number }>(
    await tx.execute(sql`
        insert into ingest_polls (cam_site_id, observed_at, complete, observations)
        values (${poll.camSiteId}, ${ts(t)}, ${poll.complete}, ${observations})
        on conflict (cam_site_id, observed_at) do nothing returning id`),
  );
  return inserted.length > 0;
}

/** Where the poll falls among the camsite's stored polls. */
export interface PollContext {
  /** Complete polls of the camsite in [t − gap, t): a point before one of them ended there. */
  completeTimesBefore: number[];
  nextCompleteAt: number | undefined;
  /** A later poll of the camsite is already stored. */
  late: boolean;
  /** The camsite's latest poll before t, and the transaction that stored it (its xmin). */
  previous: { at: number; complete: boolean; xid: string } | undefined;
}

export async function pollContext(
  tx: Database,
  camSiteId: number,
  t: number,
  gap: number,
): Promise<PollContext> {
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
