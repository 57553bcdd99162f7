import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { readHourHistogram } from "./stats-hour-histogram.ts";

// Reads over the statistics storage used by ingestion checks, the repair job and the stats API.

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface ActivityRow {
  start: number;
  end: number;
  seconds: number;
  status: number;
}

/** Raw status points of one nickname in [from, to) (epoch seconds), oldest first. Not for page views. */
export async function listNicknameActivities(
  db: Database,
  nicknameId: number,
  from = 0,
  to = 4_102_444_800,
): Promise<ActivityRow[]> {
  const rows = rowsOf<{ start: number; end: number; seconds: number; status: number }>(
    await db.execute(sql`
      select extract(epoch from started_at)::float8 as start, extract(epoch from ended_at)::float8 as "end",
        seconds, activity_status_id as status
      from nickname_activities
      where nickname_id = ${nicknameId} and started_at >= to_timestamp(${from}::float8) and started_at < to_timestamp(${to}::float8)
      order by started_at`),
  );
  return rows.map((r) => ({
    start: Number(r.start),
    end: Number(r.end),
    seconds: Number(r.seconds),
    status: Number(r.status),
  }));
}

export interface SessionRow {
  start: number;
  end: number;
  seconds: number;
}

export async function listNicknameSessions(db: Database, nicknameId: number): Promise<SessionRow[]> {
  const rows = rowsOf<SessionRow>(
    await db.execute(sql`
      select extract(epoch from started_at)::float8 as start, extract(epoch from ended_at)::float8 as "end", seconds
      from nickname_sessions where nickname_id = ${nicknameId} order by started_at`),
  );
  return rows.map((r) => ({ start: Number(r.start), end: Number(r.end), seconds: Number(r.seconds) }));
}

export interface DailyStatsRow {
  nicknameId: number;
  day: string;
  camSiteId: number;
  secondsByStatus: Record<string, number>;
  onlineSeconds: number;
  sessions: number;
  longestSessionSeconds: number;
  hourHistogram: number[];
  viewersAvg: number | null;
  viewersMax: number | null;
  camscoreMin: number | null;
  camscoreMax: number | null;
  camscoreAvg: number | null;
  camscoreLast: number | null;
  rankBest: number | null;
  rankLast: number | null;
}

const json = <T>(v: unknown): T => (typeof v === "string" ? (JSON.parse(v) as T) : (v as T));
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Daily rollups of nicknames between two UTC days (inclusive, YYYY-MM-DD): what stats pages read. */
export async function listDailyStats(
  db: Database,
  nicknameIds: readonly number[],
  fromDay = "1970-01-01",
  toDay = "2100-01-01",
): Promise<DailyStatsRow[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select nickname_id, day::text as day, cam_site_id, seconds_by_status, online_seconds, sessions,
        longest_session_seconds, hour_histogram, viewers_sum, viewers_samples, viewers_max, camscore_sum,
        camscore_samples, camscore_min, camscore_max, camscore_last, rank_best, rank_last
      from nickname_daily_stats
      where nickname_id = any(${sql.param([...nicknameIds])}::int[]) and day >= ${fromDay}::date and day <= ${toDay}::date
      order by nickname_id, day`),
  );
  return rows.map((r) => {
    const viewersSamples = Number(r.viewers_samples);
    const camscoreSamples = Number(r.camscore_samples);
    return {
      nicknameId: Number(r.nickname_id),
      day: String(r.day),
      camSiteId: Number(r.cam_site_id),
      secondsByStatus: json<Record<string, number>>(r.seconds_by_status),
      onlineSeconds: Number(r.online_seconds),
      sessions: Number(r.sessions),
      longestSessionSeconds: Number(r.longest_session_seconds),
      hourHistogram: readHourHistogram(r.hour_histogram),
      viewersAvg: viewersSamples > 0 ? Number(r.viewers_sum) / viewersSamples : null,
      viewersMax: numOrNull(r.viewers_max),
      camscoreMin: numOrNull(r.camscore_min),
      camscoreMax: numOrNull(r.camscore_max),
      camscoreAvg: camscoreSamples > 0 ? Number(r.camscore_sum) / camscoreSamples : null,
      camscoreLast: numOrNull(r.camscore_last),
      rankBest: numOrNull(r.rank_best),
      rankLast: numOrNull(r.rank_last),
    };
  });
}

/** Id of a nickname on a camsite (case-insensitive), or null. */
export async function findStatsNicknameId(
  db: Database,
  camSiteId: number,
  nickname: string,
): Promise<number | null> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`
      select id from nicknames where cam_site_id = ${camSiteId} and lower(nickname) = ${nickname.toLowerCase()}
        and deleted_at is null`),
  );
  return row ? Number(row.id) : null;
}
