import {
  camscoreOfNextRank,
  camsiteCamscoreAverage,
  countSessionsStarted,
  type DailyStatsRow,
  type Database,
  findCamsiteCoverage,
  findCoverageGaps,
  findModelDetail,
  findNicknamesByNames,
  findStatsNickname,
  hasUserRatedModel,
  type LongestSessionRow,
  listBlocksOfModel,
  listDailyStats,
  listLongestSessions,
  listModelStatsNicknames,
  listSameNicknames,
  listStatsCamsites,
  listStatsNicknamesByIds,
  listTopicMentions,
  type ModelDetailRow,
  type NicknameTotals,
  nicknameTotals,
  pageNicknameChanges,
  pageNicknameSnapshots,
  type RelatedNicknameRow,
  rankByTimeOnline,
  type StatsNicknameRow,
  type TopicMention,
} from "@camatlas/db";
import {
  type Camsite,
  type CamsiteCapability,
  findCamsiteBySlug,
  PAGE_SIZE,
  ROLE,
  STATS_MESSAGES,
} from "@camatlas/shared";
import type { StatsCoverage, StatsVisibility } from "@camatlas/shared/schemas/stats";
import { calendarSeries, intervalsFromRollups } from "@camatlas/shared/stats";
import { zonedMidnight } from "@camatlas/shared/time-zone";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { notFound, unauthorized } from "../../lib/http-errors.ts";
import { actorOf, viewerOf } from "../models/viewer.ts";
import { hiddenReason } from "../models/visibility.ts";
import { buildCamScoreStats } from "./camscore.ts";
import { buildChatStats } from "./chat-stats.ts";

export interface LoadedStatsNickname {
  camsite: Camsite;
  nickname: StatsNicknameRow;
  visibility: StatsVisibility;
  coverage: (range?: { from: string; to: string }) => Promise<StatsCoverage>;
  /**
   * Her camsite's last poll: the figures change only when a poll lands, so every cache of a stats read is keyed by
   * it and is read again after the next poll (whichever process ran it).
   */
  pollMark: string;
}

/** What a stats nickname's visibility check needs: the same for every caller until the next poll or catalog write. */
export interface StatsNicknameBase {
  nickname: StatsNicknameRow;
  model: ModelDetailRow | null;
  blocks: Awaited<ReturnType<typeof listBlocksOfModel>>;
}

/**
 * Her camsite's coverage (tracked since, last poll, poll spacing): three reads, the same for every nickname of the
 * camsite, so read at most every 2 s (and at once after a poll this process ingested).
 */
function camsiteCoverage(c: Context<AppEnv>, camSiteId: number) {
  const { db, caches } = c.var.deps;
  return caches.statsCamsiteCoverage.get(String(camSiteId), () => findCamsiteCoverage(db, camSiteId));
}

/** The profile's visibility rule (models/service.ts), on the cached model row and blocks. */
function assertVisible(c: Context<AppEnv>, model: ModelDetailRow, blocks: StatsNicknameBase["blocks"]) {
  const actor = actorOf(c);
  const viewer = viewerOf(c);
  const reason =
    model.isVisible || viewer.isAdmin || (actor && model.userId === actor.id)
      ? hiddenReason(actor, model, blocks, viewer)
      : "hidden";
  if (reason === "login") throw unauthorized(c.var.authError ?? undefined);
  if (reason === "hidden") throw notFound();
}

/**
 * The stats nickname of /stats/{camsite-slug}/{nickname} for this caller: 404 for an unknown camsite or nickname,
 * and her model's page_visible_for and geo/IP blocks decide like on the profile (404, or 401 for guests).
 * The model's stats settings apply to everyone but herself and admins.
 */
export async function loadStatsNickname(
  c: Context<AppEnv>,
  camSiteSlug: string,
  name: string,
  capability?: CamsiteCapability,
): Promise<LoadedStatsNickname> {
  const { db, env, caches } = c.var.deps;
  const camsite = findCamsiteBySlug(camSiteSlug);
  if (!camsite) throw notFound();
  if (capability && !camsite.capabilities[capability]) throw notFound(STATS_MESSAGES.notAvailable);
  const covered = await camsiteCoverage(c, camsite.id);
  const pollMark = covered.lastPollAt ?? "never";
  const base = await caches.statsNicknames.get(
    `${camsite.id}:${pollMark}:${name.toLowerCase()}`,
    async (): Promise<StatsNicknameBase | null> => {
      const nickname = await findStatsNickname(db, camsite.id, name);
      if (!nickname) return null;
      if (nickname.modelId === null) return { nickname, model: null, blocks: [] };
      const model = await findModelDetail(db, nickname.modelId);
      return { nickname, model, blocks: model ? await listBlocksOfModel(db, model.id) : [] };
    },
  );
  if (!base) throw notFound();
  const { nickname } = base;
  const user = c.var.user;
  let exempt = user?.roleId === ROLE.admin;
  if (nickname.modelId !== null) {
    if (!base.model) throw notFound();
    assertVisible(c, base.model, base.blocks);
    if (user && base.model.userId === user.id) exempt = true;
  }
  const m = nickname.model;
  const visibility: StatsVisibility = {
    is_stats_page_last_activity_hidden: m?.isStatsPageLastActivityHidden ?? false,
    is_stats_page_past_nicknames_hidden: m?.isStatsPagePastNicknamesHidden ?? false,
    stats_page_activity_graph_details_status: m?.statsPageActivityGraphDetailsStatus ?? "show_all_data",
    is_stats_page_longest_sessions_hidden: m?.isStatsPageLongestSessionsHidden ?? false,
    applied: !exempt,
  };
  // The camsite's silences reaching into the range, read once per range and poll (the same for all her camsite).
  const gapsIn = (range: { from: string; to: string }) =>
    caches.statsCoverageGaps.get(`${camsite.id}:${pollMark}:${range.from}:${range.to}`, async () => {
      const end = new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000).toISOString();
      return (await findCoverageGaps(db, camsite.id, `${range.from}T00:00:00Z`, end)).gaps;
    });
  const coverage = async (range?: { from: string; to: string }): Promise<StatsCoverage> => ({
    tracked_since: covered.trackedSince,
    first_seen_at: nickname.firstSeenAt,
    last_poll_at: covered.lastPollAt,
    poll_interval_seconds: covered.pollIntervalSeconds,
    max_gap_seconds: env.STATS_MAX_GAP,
    history: covered.history
      ? {
          until: covered.history.until,
          poll_interval_seconds: covered.history.pollIntervalSeconds,
          max_gap_seconds: covered.history.maxGapSeconds,
        }
      : null,
    from_date: range?.from ?? null,
    to_date: range?.to ?? null,
    gaps: range ? await gapsIn(range) : [],
    gaps_recorded_since: covered.gapsRecordedSince,
  });
  return { camsite, nickname, visibility, coverage, pollMark };
}

/** The settings as they bind this caller: nothing is hidden from the model herself or admins. */
export function effectiveSettings(visibility: StatsVisibility) {
  const on = visibility.applied;
  return {
    lastActivityHidden: on && visibility.is_stats_page_last_activity_hidden,
    pastNicknamesHidden: on && visibility.is_stats_page_past_nicknames_hidden,
    graph: on ? visibility.stats_page_activity_graph_details_status : ("show_all_data" as const),
    longestSessionsHidden: on && visibility.is_stats_page_longest_sessions_hidden,
  };
}

type Range = { from: string; to: string };

/**
 * Per camsite with statistics (or the one asked for): the nicknames this caller may see with the most time online
 * in the range, at most `perPage`, with their seconds online.
 */
export async function loadTopLists(
  c: Context<AppEnv>,
  range: Range,
  options: { camSiteId: number | undefined; perPage: number },
) {
  const { db } = c.var.deps;
  const viewer = viewerOf(c);
  const camsites = (await listStatsCamsites(db)).filter(
    (s) => options.camSiteId === undefined || s.camSiteId === options.camSiteId,
  );
  // Top lists sum a week of every nickname's rollups: one ranking for every visitor, visibility applied after.
  const rankings = await Promise.all(
    camsites.map((s) => {
      const ranked = {
        camSiteId: s.camSiteId,
        fromDay: range.from,
        toDay: range.to,
        limit: options.perPage * 3,
      };
      return c.var.deps.caches.topRankings.get(JSON.stringify(ranked), () => rankByTimeOnline(db, ranked));
    }),
  );
  // The nicknames of every list in one read (not one per camsite), those this caller may see.
  const visible = await listStatsNicknamesByIds(
    db,
    rankings.flatMap((ranking) => ranking.map((r) => r.nicknameId)),
    viewer,
  );
  const rowById = new Map(visible.map((row) => [row.id, row]));
  return camsites.map((s, i) => ({
    camSiteId: s.camSiteId,
    onlineNow: s.onlineNow,
    entries: (rankings[i] ?? [])
      .flatMap((r) => {
        const row = rowById.get(r.nicknameId);
        return row ? [{ row, secondsOnline: r.secondsOnline }] : [];
      })
      .slice(0, options.perPage),
  }));
}

/** Her time figures over the range's days in one time zone. */
export interface TimeSummary {
  secondsOnline: number;
  daysOnline: number;
  sessions: number;
  longestSeconds: number | null;
  timeZone: string;
}

export interface SharedStatsFigures {
  totals: NicknameTotals;
  /** The time figures over the viewer's days, when a time zone was asked for. */
  zoned: TimeSummary | null;
  days: DailyStatsRow[];
  longest: LongestSessionRow[];
  siblings: RelatedNicknameRow[];
  snapshots: Awaited<ReturnType<typeof pageNicknameSnapshots>> | null;
  changes: Awaited<ReturnType<typeof pageNicknameChanges>> | null;
  mentions: TopicMention[];
}

/**
 * A nickname's figures over a range that are the same for every caller (rollups, sessions, her model's other
 * nicknames, snapshots, nickname changes, topic mentions), read once per poll: the key holds her camsite's last
 * poll. Her model's settings apply afterwards, per caller.
 */
function sharedFigures(
  c: Context<AppEnv>,
  loaded: LoadedStatsNickname,
  range: Range,
  timeZone?: string,
): Promise<SharedStatsFigures> {
  const { db, caches } = c.var.deps;
  const { camsite, nickname: n } = loaded;
  const key = `${n.id}:${loaded.pollMark}:${range.from}:${range.to}${timeZone ? `:${timeZone}` : ""}`;
  return caches.statsFigures.get(key, async () => {
    const [zoned, totals, days, longest, siblings, snapshots, changes, mentions] = await Promise.all([
      timeZone ? zonedTimeSummary(db, n.id, range, timeZone) : null,
      nicknameTotals(db, n.id, range.from, range.to),
      listDailyStats(db, [n.id], range.from, range.to),
      listLongestSessions(db, n.id, range.from, range.to, 10),
      n.modelId !== null ? listModelStatsNicknames(db, n.modelId, n.id) : Promise.resolve([]),
      camsite.capabilities.liveSnap ? pageNicknameSnapshots(db, n.id, 1, PAGE_SIZE.statisticSnapshots) : null,
      camsite.capabilities.nicknameChanges
        ? pageNicknameChanges(db, n.id, 1, PAGE_SIZE.nicknameChanges)
        : null,
      listTopicMentions(db, n.id),
    ]);
    return { totals, zoned, days, longest, siblings, snapshots, changes, mentions };
  });
}

const utcDayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Her time figures over the range's days in a viewer's zone, counted as the stats page's chart counts them: the
 * rollups' seconds per UTC hour cut at his midnights (calendarSeries), and her sessions by the instant they began.
 */
async function zonedTimeSummary(
  db: Database,
  nicknameId: number,
  range: Range,
  timeZone: string,
): Promise<TimeSummary> {
  const start = zonedMidnight(range.from, timeZone);
  const end = zonedMidnight(utcDayOf(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000), timeZone);
  const [rows, started] = await Promise.all([
    listDailyStats(db, [nicknameId], utcDayOf(start), utcDayOf(end - 1)),
    countSessionsStarted(db, nicknameId, new Date(start).toISOString(), new Date(end).toISOString()),
  ]);
  const days = calendarSeries({
    from: range.from,
    to: range.to,
    timeZone,
    keys: ["total"],
    intervals: intervalsFromRollups(
      rows.map((r) => ({
        date: r.day,
        seconds_by_status: { total: r.onlineSeconds },
        hours_utc: r.hourHistogram,
      })),
    ),
  });
  return {
    secondsOnline: days.reduce((sum, d) => sum + d.totalSeconds, 0),
    daysOnline: days.filter((d) => d.totalSeconds > 0).length,
    sessions: started.sessions,
    longestSeconds: started.longestSeconds,
    timeZone,
  };
}

/** Everything the stats nickname's page shows besides the nickname itself, over the range. */
export async function loadNicknameFigures(
  c: Context<AppEnv>,
  loaded: LoadedStatsNickname,
  range: Range,
  timeZone?: string,
) {
  const { db } = c.var.deps;
  const { camsite, nickname: n, visibility } = loaded;
  const settings = effectiveSettings(visibility);
  const m = n.model;
  const user = c.var.user;
  const viewer = viewerOf(c);
  const shared = await sharedFigures(c, loaded, range, timeZone);
  const time: TimeSummary = shared.zoned ?? {
    secondsOnline: shared.totals.secondsOnline,
    daysOnline: shared.totals.daysOnline,
    sessions: shared.totals.sessions,
    longestSeconds: shared.longest[0]?.seconds ?? null,
    timeZone: "UTC",
  };
  // What depends on the caller: other models' visibility and her own rating.
  const [sameNames, cwswRows, voted, coverage] = await Promise.all([
    listSameNicknames(db, n.nickname, n.id, viewer),
    findNicknamesByNames(
      db,
      camsite.id,
      shared.mentions.map((x) => x.nickname),
      n.id,
      viewer,
    ),
    m && user ? hasUserRatedModel(db, m.id, user.id) : Promise.resolve(false),
    loaded.coverage(range),
  ]);
  return {
    settings,
    totals: shared.totals,
    time: settings.longestSessionsHidden ? { ...time, longestSeconds: null } : time,
    sameNames,
    siblings: shared.siblings,
    snapshots: shared.snapshots,
    changes: settings.pastNicknamesHidden ? null : shared.changes,
    mentions: shared.mentions,
    voted,
    coverage,
    cwswRows,
  };
}
export type NicknameFigures = Awaited<ReturnType<typeof loadNicknameFigures>>;

/** Chat stats over the range, as the model's settings let this caller see them. */
export async function loadChatStats(c: Context<AppEnv>, loaded: LoadedStatsNickname, range: Range) {
  const settings = effectiveSettings(loaded.visibility);
  const [shared, coverage] = await Promise.all([sharedFigures(c, loaded, range), loaded.coverage(range)]);
  const stats = buildChatStats({
    rows: shared.days,
    camSiteId: loaded.camsite.id,
    graph: settings.graph,
    longestSessions: shared.longest.map((s) => ({
      started_at: s.startedAt,
      ended_at: s.endedAt,
      seconds: s.seconds,
    })),
    longestSessionsHidden: settings.longestSessionsHidden,
  });
  return { ...stats, coverage };
}

/** CamScore stats over the range, against the camsite's average and the next rank's score. */
export async function loadCamScoreStats(c: Context<AppEnv>, loaded: LoadedStatsNickname, range: Range) {
  const { db } = c.var.deps;
  const [{ days: rows }, average, coverage] = await Promise.all([
    sharedFigures(c, loaded, range),
    // Camsite-wide figures are the same for every nickname of a day: read once a minute, not per page.
    c.var.deps.caches.camsiteCamscoreAverages.get(String(loaded.camsite.id), () =>
      camsiteCamscoreAverage(db, loaded.camsite.id),
    ),
    loaded.coverage(range),
  ]);
  const lastRanked = [...rows].reverse().find((r) => r.camscoreLast !== null);
  const nextRankScore = lastRanked
    ? await c.var.deps.caches.nextRankScores.get(
        `${loaded.camsite.id}:${lastRanked.day}:${lastRanked.rankLast ?? 0}`,
        () => camscoreOfNextRank(db, loaded.camsite.id, lastRanked.day, lastRanked.rankLast),
      )
    : null;
  const stats = buildCamScoreStats(rows, { camsiteAverage: average.average, nextRankScore });
  return { ...stats, coverage };
}
