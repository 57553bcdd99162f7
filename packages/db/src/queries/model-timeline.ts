import { OFFLINE_STATUS_ID } from "@camatlas/shared";
import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";

// A model's online spans on every camsite between two instants (the Stats tab's merged timeline). The intervals of
// one status on one camsite that touch (each poll's interval ends where the next begins) come back as one span, so a
// month of minute polls is a few hundred rows, not tens of thousands.

export interface TimelineSpanRow {
  camSiteId: number;
  /** The status, or null when `mergeStatuses` asked for her time online only. */
  statusId: number | null;
  start: Date;
  end: Date;
}

export interface TimelineNicknameRow {
  camSiteId: number;
  camSiteName: string;
  camSiteSlug: string;
  nickname: string;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Her nicknames (not deleted) with their camsites, camsite by camsite. */
export async function listTimelineNicknames(db: Database, modelId: number): Promise<TimelineNicknameRow[]> {
  return rowsOf<{ cam_site_id: number; name: string; slug: string; nickname: string }>(
    await db.execute(sql`
      select n.cam_site_id, c.name, c.slug, n.nickname
      from nicknames n join cam_sites c on c.id = n.cam_site_id
      where n.model_id = ${modelId} and n.deleted_at is null
      order by c.name, n.nickname`),
  ).map((r) => ({
    camSiteId: Number(r.cam_site_id),
    camSiteName: r.name,
    camSiteSlug: r.slug,
    nickname: r.nickname,
  }));
}

/**
 * Online spans of all her nicknames overlapping [from, to), merged per camsite and status (or per camsite only with
 * `mergeStatuses`), ordered by camsite and start. Spans are not clipped to the range.
 */
export async function listModelTimelineSpans(
  db: Database,
  input: { modelId: number; from: Date; to: Date; mergeStatuses: boolean },
): Promise<TimelineSpanRow[]> {
  const from = input.from.toISOString();
  const to = input.to.toISOString();
  const rows = rowsOf<{
    cam_site_id: number;
    status_id: number | null;
    started_at: string;
    ended_at: string;
  }>(
    await db.execute(sql`
      with intervals as (
        select n.cam_site_id,
          case when ${input.mergeStatuses} then null else a.activity_status_id end as status_id,
          a.started_at, a.ended_at
        from nicknames n
        join nickname_activities a on a.nickname_id = n.id
        where n.model_id = ${input.modelId} and n.deleted_at is null
          -- An interval is at most a few polls long: a day's margin lets the month partitions be pruned.
          and a.started_at >= ${from}::timestamptz - interval '1 day' and a.started_at < ${to}::timestamptz
          and a.ended_at > ${from}::timestamptz and a.seconds > 0
          and a.activity_status_id <> ${OFFLINE_STATUS_ID}
      ),
      marked as (
        select *, case when started_at <= max(ended_at) over (
            partition by cam_site_id, status_id order by started_at, ended_at
            rows between unbounded preceding and 1 preceding)
          then 0 else 1 end as starts_span
        from intervals
      ),
      numbered as (
        select *, sum(starts_span) over (partition by cam_site_id, status_id order by started_at, ended_at) as span
        from marked
      )
      select cam_site_id, status_id,
        to_char(min(started_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as started_at,
        to_char(max(ended_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as ended_at
      from numbered
      group by cam_site_id, status_id, span
      order by cam_site_id, min(started_at)`),
  );
  return rows.map((r) => ({
    camSiteId: Number(r.cam_site_id),
    statusId: r.status_id === null ? null : Number(r.status_id),
    start: new Date(r.started_at),
    end: new Date(r.ended_at),
  }));
}
