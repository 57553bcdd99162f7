import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";

// Per-nickname detail lists of the stats pages: longest sessions, CamScore neighbours, badges, awards, misses,
// topics, nickname changes and snapshots. Each reads a small table by a (nickname, time) index.

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
const iso = (v: unknown): string => new Date(v as string | Date).toISOString();
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'UTC'`;
const dayEnd = (day: string) => sql`(${day}::date + 1)::timestamp at time zone 'UTC'`;

export interface LongestSessionRow {
  startedAt: string;
  endedAt: string;
  seconds: number;
}

/** The longest whole sessions that started between two UTC days (inclusive). */
export async function listLongestSessions(
  db: Database,
  nicknameId: number,
  fromDay: string,
  toDay: string,
  limit = 10,
): Promise<LongestSessionRow[]> {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select started_at, ended_at, seconds from nickname_sessions
      where nickname_id = ${nicknameId} and started_at >= ${dayStart(fromDay)} and started_at < ${dayEnd(toDay)}
      order by seconds desc, started_at desc limit ${limit}`),
  ).map((r) => ({ startedAt: iso(r.started_at), endedAt: iso(r.ended_at), seconds: Number(r.seconds) }));
}

/** How many of her sessions began in [from, to) (ISO instants: a viewer's days), and the longest of them. */
export async function countSessionsStarted(
  db: Database,
  nicknameId: number,
  from: string,
  to: string,
): Promise<{ sessions: number; longestSeconds: number | null }> {
  const [r] = rowsOf<{ n: number; longest: number | null }>(
    await db.execute(sql`
      select count(*)::int as n, max(seconds) as longest from nickname_sessions
      where nickname_id = ${nicknameId} and started_at >= ${from}::timestamptz and started_at < ${to}::timestamptz`),
  );
  return { sessions: Number(r?.n ?? 0), longestSeconds: r?.longest == null ? null : Number(r.longest) };
}

/** The newest day any nickname of the camsite has a CamScore, and the average of that day's CamScores. */
export async function camsiteCamscoreAverage(
  db: Database,
  camSiteId: number,
): Promise<{ day: string | null; average: number | null }> {
  const [r] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with latest as (
        select max(day) as day from nickname_daily_stats
        where cam_site_id = ${camSiteId} and day >= current_date - 7 and camscore_samples > 0
      )
      select latest.day::text as day, avg(d.camscore_sum / d.camscore_samples)::float8 as average
      from latest left join nickname_daily_stats d on d.cam_site_id = ${camSiteId} and d.day = latest.day
        and d.camscore_samples > 0
      group by latest.day`),
  );
  return { day: (r?.day as string | null) ?? null, average: num(r?.average) };
}

/** CamScore of whoever held the next better rank that day (rank − 1), or of the lowest ranked when unranked. */
export async function camscoreOfNextRank(
  db: Database,
  camSiteId: number,
  day: string,
  rank: number | null,
): Promise<number | null> {
  const [r] = rowsOf<{ score: number | null }>(
    await db.execute(
      rank && rank > 1
        ? sql`select max(camscore_last)::float8 as score from nickname_daily_stats
            where cam_site_id = ${camSiteId} and day = ${day}::date and rank_last = ${rank - 1}`
        : rank === 1
          ? sql`select null::float8 as score`
          : sql`select min(camscore_last)::float8 as score from nickname_daily_stats
            where cam_site_id = ${camSiteId} and day = ${day}::date and rank_last > 0`,
    ),
  );
  return num(r?.score);
}

export interface BadgeRow {
  badgeId: number;
  period: string;
  missed: boolean;
  earnedAt: string;
}

/** Every badge row of a nickname (at most 15 ids × a few periods). */
export async function listNicknameBadges(db: Database, nicknameId: number): Promise<BadgeRow[]> {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select badge_id, period, missed, earned_at from nickname_badges where nickname_id = ${nicknameId}
      order by earned_at desc, badge_id`),
  ).map((r) => ({
    badgeId: Number(r.badge_id),
    period: String(r.period),
    missed: Boolean(r.missed),
    earnedAt: iso(r.earned_at),
  }));
}

/** Earned (missed = false) or missed badges, newest first, one page. */
export async function pageNicknameBadges(
  db: Database,
  nicknameId: number,
  missed: boolean,
  page: number,
  perPage: number,
): Promise<{ rows: BadgeRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    db.execute(sql`
      select badge_id, period, missed, earned_at from nickname_badges
      where nickname_id = ${nicknameId} and missed = ${missed}
      order by earned_at desc, badge_id limit ${perPage} offset ${(page - 1) * perPage}`),
    db.execute(sql`select count(*)::int as total from nickname_badges
      where nickname_id = ${nicknameId} and missed = ${missed}`),
  ]);
  return {
    rows: rowsOf<Record<string, unknown>>(rows).map((r) => ({
      badgeId: Number(r.badge_id),
      period: String(r.period),
      missed: Boolean(r.missed),
      earnedAt: iso(r.earned_at),
    })),
    total: Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0),
  };
}

/** Room topics, newest first. */
export async function pageNicknameTopics(
  db: Database,
  nicknameId: number,
  page: number,
  perPage: number,
): Promise<{ rows: Array<{ topic: string; observedAt: string }>; total: number }> {
  const [rows, counted] = await Promise.all([
    db.execute(sql`select topic, observed_at from nickname_topics where nickname_id = ${nicknameId}
      order by observed_at desc limit ${perPage} offset ${(page - 1) * perPage}`),
    db.execute(sql`select count(*)::int as total from nickname_topics where nickname_id = ${nicknameId}`),
  ]);
  return {
    rows: rowsOf<Record<string, unknown>>(rows).map((r) => ({
      topic: String(r.topic),
      observedAt: iso(r.observed_at),
    })),
    total: Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0),
  };
}

/** Past nicknames (renames), newest first. */
export async function pageNicknameChanges(
  db: Database,
  nicknameId: number,
  page: number,
  perPage: number,
): Promise<{ rows: Array<{ oldNickname: string; newNickname: string; changedAt: string }>; total: number }> {
  const [rows, counted] = await Promise.all([
    db.execute(sql`select old_nickname, new_nickname, changed_at from nickname_changes
      where nickname_id = ${nicknameId} order by changed_at desc limit ${perPage} offset ${(page - 1) * perPage}`),
    db.execute(sql`select count(*)::int as total from nickname_changes where nickname_id = ${nicknameId}`),
  ]);
  return {
    rows: rowsOf<Record<string, unknown>>(rows).map((r) => ({
      oldNickname: String(r.old_nickname),
      newNickname: String(r.new_nickname),
      changedAt: iso(r.changed_at),
    })),
    total: Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0),
  };
}

export interface SnapshotRow {
  id: number;
  url: string | null;
  mediaPath: string | null;
  topic: string | null;
  width: number | null;
  height: number | null;
  takenAt: string;
  /** Recorded with the snapshot, else its kept file's. */
  blurhash: string | null;
}

/** Live snapshots of a nickname, newest first. */
export async function pageNicknameSnapshots(
  db: Database,
  nicknameId: number,
  page: number,
  perPage: number,
): Promise<{ rows: SnapshotRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    db.execute(sql`select r.id, r.url, md.path as media_path, r.topic, r.width, r.height, r.taken_at,
        coalesce(r.blurhash, md.blurhash) as blurhash
      from image_records r left join media md on md.id = r.media_id
      where r.nickname_id = ${nicknameId} and r.type = 'snapshot'
      order by r.taken_at desc, r.id desc limit ${perPage} offset ${(page - 1) * perPage}`),
    db.execute(sql`select count(*)::int as total from image_records
      where nickname_id = ${nicknameId} and type = 'snapshot'`),
  ]);
  return {
    rows: rowsOf<Record<string, unknown>>(rows).map((r) => ({
      id: Number(r.id),
      url: (r.url as string | null) ?? null,
      mediaPath: (r.media_path as string | null) ?? null,
      topic: (r.topic as string | null) ?? null,
      width: num(r.width),
      height: num(r.height),
      takenAt: iso(r.taken_at),
      blurhash: (r.blurhash as string | null) ?? null,
    })),
    total: Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0),
  };
}
