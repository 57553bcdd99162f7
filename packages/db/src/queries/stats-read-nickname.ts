import { CAMSITE_IDS } from "@camatlas/shared";
import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import type { ModelViewer } from "./model-visibility.ts";
import { visibleTo } from "./stats-read-lists.ts";

// One stats nickname and its coverage: reads of the nickname row, her model, the camsite collector and small
// per-nickname tables. Nothing here reads nickname_activities (raw intervals).

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
const iso = (v: unknown): string | null =>
  v === null || v === undefined ? null : new Date(v as string | Date).toISOString();
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export interface StatsNicknameRow {
  id: number;
  nickname: string;
  name: string | null;
  camSiteId: number;
  activityStatusId: number;
  lastActivityAt: string | null;
  lastSeenAt: string | null;
  firstSeenAt: string | null;
  createdAt: string;
  updatedAt: string;
  modelId: number | null;
  model: {
    id: number;
    name: string;
    slug: string;
    userId: number | null;
    birthday: string | null;
    country: string | null;
    city: string | null;
    isCountryAgeHidden: boolean;
    avatarPath: string | null;
    avatarBlurhash: string | null;
    isStatsPageLastActivityHidden: boolean;
    isStatsPagePastNicknamesHidden: boolean;
    statsPageActivityGraphDetailsStatus: "show_all_data" | "show_only_total_time_online" | "hide_graph";
    isStatsPageLongestSessionsHidden: boolean;
  } | null;
}

/** A live nickname on a camsite by name (case-insensitive) with her model's public fields and stats settings. */
export async function findStatsNickname(
  db: Database,
  camSiteId: number,
  nickname: string,
): Promise<StatsNicknameRow | null> {
  const [r] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select n.id, n.nickname, n.name, n.cam_site_id, n.activity_status_id, n.last_activity_at, n.last_seen_at,
        n.first_seen_at, n.created_at, n.updated_at, n.model_id,
        m.name as m_name, m.slug as m_slug, m.user_id as m_user_id, m.birthday::text as m_birthday,
        m.country as m_country, m.city as m_city, m.is_country_age_hidden as m_cah, md.path as m_avatar,
        md.blurhash as m_avatar_blurhash,
        m.is_stats_page_last_activity_hidden as m_la, m.is_stats_page_past_nicknames_hidden as m_pn,
        m.stats_page_activity_graph_details_status as m_graph, m.is_stats_page_longest_sessions_hidden as m_ls,
        (m.id is not null and m.deleted_at is null and m.merged_into_model_id is null) as m_live
      from nicknames n
      left join models m on m.id = n.model_id
      left join media md on md.id = m.avatar_media_id
      where n.cam_site_id = ${camSiteId} and lower(n.nickname) = ${nickname.toLowerCase()} and n.deleted_at is null
      limit 1`),
  );
  if (!r) return null;
  const hasModel = r.model_id !== null && Boolean(r.m_live);
  return {
    id: Number(r.id),
    nickname: String(r.nickname),
    name: (r.name as string | null) ?? null,
    camSiteId: Number(r.cam_site_id),
    activityStatusId: Number(r.activity_status_id),
    lastActivityAt: iso(r.last_activity_at),
    lastSeenAt: iso(r.last_seen_at),
    firstSeenAt: iso(r.first_seen_at),
    createdAt: iso(r.created_at) ?? new Date(0).toISOString(),
    updatedAt: iso(r.updated_at) ?? new Date(0).toISOString(),
    modelId: hasModel ? Number(r.model_id) : null,
    model: hasModel
      ? {
          id: Number(r.model_id),
          name: String(r.m_name),
          slug: String(r.m_slug),
          userId: num(r.m_user_id),
          birthday: (r.m_birthday as string | null) ?? null,
          country: (r.m_country as string | null) ?? null,
          city: (r.m_city as string | null) ?? null,
          isCountryAgeHidden: Boolean(r.m_cah),
          avatarPath: (r.m_avatar as string | null) ?? null,
          avatarBlurhash: (r.m_avatar_blurhash as string | null) ?? null,
          isStatsPageLastActivityHidden: Boolean(r.m_la),
          isStatsPagePastNicknamesHidden: Boolean(r.m_pn),
          statsPageActivityGraphDetailsStatus:
            (r.m_graph as "show_all_data" | "show_only_total_time_online" | "hide_graph") ?? "show_all_data",
          isStatsPageLongestSessionsHidden: Boolean(r.m_ls),
        }
      : null,
  };
}

export interface CamsiteCoverageRow {
  trackedSince: string | null;
  lastPollAt: string | null;
  /** Median spacing of the camsite's last polls; the collector's configured interval when too few polls. */
  pollIntervalSeconds: number | null;
  /** The start of the camsite's coverage record (decision 0043): silences are known from here on. */
  gapsRecordedSince: string | null;
  /** History imported in bulk with coarser polls (and their own allowed gap), up to `until`. */
  history: CamsiteHistoryCoverage | null;
}

export interface CamsiteHistoryCoverage {
  until: string;
  pollIntervalSeconds: number;
  maxGapSeconds: number;
}

/** The settings row where history writers record, per camsite id, how the history they imported was polled. */
export const HISTORY_COVERAGE_SETTING = "stats_history_coverage";

/**
 * Since when a camsite is polled and how often (from its last eleven polls, by the unique poll index; after an
 * imported history, from the polls since it only).
 */
export async function findCamsiteCoverage(db: Database, camSiteId: number): Promise<CamsiteCoverageRow> {
  const [collector] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select tracked_since, last_poll_at, poll_interval_seconds,
        (select min(started_at) from cam_site_coverage where cam_site_id = ${camSiteId}) as gaps_recorded_since
      from cam_site_collectors where cam_site_id = ${camSiteId}`),
  );
  const [history] = rowsOf<{ h: { until?: string; poll_seconds?: number; max_gap_seconds?: number } | null }>(
    await db.execute(sql`
      select value -> ${String(camSiteId)}::text as h from settings where name = ${HISTORY_COVERAGE_SETTING}`),
  );
  const h = history?.h;
  const polls = rowsOf<{ at: number }>(
    await db.execute(sql`
      select extract(epoch from observed_at)::float8 as at from ingest_polls
      where cam_site_id = ${camSiteId} ${h?.until ? sql`and observed_at > ${h.until}::timestamptz` : sql``}
      order by observed_at desc limit 11`),
  ).map((p) => Number(p.at));
  const gaps = polls
    .slice(1)
    .map((at, i) => (polls[i] as number) - at)
    .sort((a, b) => a - b);
  const median = gaps.length >= 2 ? Math.round(gaps[Math.floor(gaps.length / 2)] as number) : null;
  return {
    trackedSince: iso(collector?.tracked_since),
    gapsRecordedSince: iso(collector?.gaps_recorded_since),
    lastPollAt: iso(collector?.last_poll_at),
    pollIntervalSeconds: median ?? (collector ? num(collector.poll_interval_seconds) : null),
    history:
      h?.until && h.poll_seconds && h.max_gap_seconds
        ? { until: h.until, pollIntervalSeconds: h.poll_seconds, maxGapSeconds: h.max_gap_seconds }
        : null,
  };
}

export interface RelatedNicknameRow {
  id: number;
  nickname: string;
  camSiteId: number;
}

/** The same model's other live nicknames that have statistics. */
export async function listModelStatsNicknames(
  db: Database,
  modelId: number,
  exceptId: number,
): Promise<RelatedNicknameRow[]> {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select id, nickname, cam_site_id from nicknames
      where model_id = ${modelId} and id <> ${exceptId} and deleted_at is null and has_stats
      order by cam_site_id, id limit 50`),
  ).map((r) => ({ id: Number(r.id), nickname: String(r.nickname), camSiteId: Number(r.cam_site_id) }));
}

/** Nicknames spelled the same on other camsites (spec same_nicknames); one probe of the unique index per camsite. */
export async function listSameNicknames(
  db: Database,
  nickname: string,
  exceptId: number,
  viewer: ModelViewer,
): Promise<RelatedNicknameRow[]> {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select n.id, n.nickname, n.cam_site_id from nicknames n left join models on models.id = n.model_id
      where n.cam_site_id = any(${sql.param([...CAMSITE_IDS])}::int[]) and lower(n.nickname) = ${nickname.toLowerCase()}
        and n.id <> ${exceptId} and n.deleted_at is null and ${visibleTo(viewer)}
      order by n.cam_site_id limit 41`),
  ).map((r) => ({ id: Number(r.id), nickname: String(r.nickname), camSiteId: Number(r.cam_site_id) }));
}

export async function hasUserRatedModel(db: Database, modelId: number, userId: number): Promise<boolean> {
  const rows = rowsOf<unknown>(
    await db.execute(
      sql`select 1 from model_ratings where model_id = ${modelId} and user_id = ${userId} limit 1`,
    ),
  );
  return rows.length > 0;
}

export interface TopicMention {
  nickname: string;
  mentions: number;
  lastAt: string;
}

/**
 * Nicknames her room topics mention as @name (how rooms announce who is on cam with them), counted over her
 * last 100 topics. The names are resolved against the camsite's nicknames by the caller.
 */
export async function listTopicMentions(db: Database, nicknameId: number): Promise<TopicMention[]> {
  const topics = rowsOf<{ topic: string; at: unknown }>(
    await db.execute(sql`
      select topic, observed_at as at from nickname_topics where nickname_id = ${nicknameId}
      order by observed_at desc limit 100`),
  );
  const byName = new Map<string, TopicMention>();
  for (const t of topics) {
    for (const match of t.topic.matchAll(/@([A-Za-z0-9_.-]{2,100})/g)) {
      const name = (match[1] ?? "").replace(/[.-]+$/, "").toLowerCase();
      if (!name) continue;
      const entry = byName.get(name) ?? { nickname: name, mentions: 0, lastAt: iso(t.at) ?? "" };
      entry.mentions += 1;
      byName.set(name, entry);
    }
  }
  return [...byName.values()].sort((a, b) => b.mentions - a.mentions).slice(0, 20);
}

export interface NamedNicknameRow extends RelatedNicknameRow {
  modelId: number | null;
  modelName: string | null;
  modelSlug: string | null;
}

/** Live nicknames of one camsite by lowercase names, with their model; hidden models' nicknames are left out. */
export async function findNicknamesByNames(
  db: Database,
  camSiteId: number,
  names: readonly string[],
  exceptId: number,
  viewer: ModelViewer,
): Promise<NamedNicknameRow[]> {
  if (names.length === 0) return [];
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select n.id, n.nickname, n.cam_site_id, models.id as model_id, models.name as model_name,
        models.slug as model_slug
      from nicknames n left join models on models.id = n.model_id
      where n.cam_site_id = ${camSiteId} and n.deleted_at is null and n.id <> ${exceptId}
        and lower(n.nickname) = any(${sql.param([...names])}::text[]) and ${visibleTo(viewer)}`),
  ).map((r) => ({
    id: Number(r.id),
    nickname: String(r.nickname),
    camSiteId: Number(r.cam_site_id),
    modelId: num(r.model_id),
    modelName: (r.model_name as string | null) ?? null,
    modelSlug: (r.model_slug as string | null) ?? null,
  }));
}

export interface NicknameTotals {
  secondsOnline: number;
  sessions: number;
  daysOnline: number;
  longestSessionSeconds: number | null;
  viewersAverage: number | null;
  viewersMax: number | null;
  viewerDays: number;
  camscoreCurrent: number | null;
  camscoreHighest: number | null;
  rankCurrent: number | null;
}

/** Summary over a range of UTC days, from the daily rollups only (at most one row per day). */
export async function nicknameTotals(
  db: Database,
  nicknameId: number,
  fromDay: string,
  toDay: string,
): Promise<NicknameTotals> {
  const [r] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select coalesce(sum(online_seconds), 0)::bigint as online, coalesce(sum(sessions), 0)::int as sessions,
        count(*) filter (where online_seconds > 0)::int as days_online,
        max(longest_session_seconds) as longest,
        sum(viewers_sum)::float8 / nullif(sum(viewers_samples), 0) as viewers_avg, max(viewers_max) as viewers_max,
        count(*) filter (where viewers_samples > 0)::int as viewer_days,
        max(camscore_max) as camscore_max,
        (array_agg(camscore_last order by day desc) filter (where camscore_last is not null))[1] as camscore_last,
        (array_agg(rank_last order by day desc) filter (where rank_last is not null))[1] as rank_last
      from nickname_daily_stats
      where nickname_id = ${nicknameId} and day >= ${fromDay}::date and day <= ${toDay}::date`),
  );
  return {
    secondsOnline: Number(r?.online ?? 0),
    sessions: Number(r?.sessions ?? 0),
    daysOnline: Number(r?.days_online ?? 0),
    longestSessionSeconds: num(r?.longest),
    viewersAverage: num(r?.viewers_avg),
    viewersMax: num(r?.viewers_max),
    viewerDays: Number(r?.viewer_days ?? 0),
    camscoreCurrent: num(r?.camscore_last),
    camscoreHighest: num(r?.camscore_max),
    rankCurrent: num(r?.rank_last),
  };
}
