import {
  camscoreOfNextRank,
  camsiteCamscoreAverage,
  findCamsiteCoverage,
  findModelDetail,
  findNicknamesByNames,
  findStatsNickname,
  hasUserRatedModel,
  listDailyStats,
  listLongestSessions,
  listModelStatsNicknames,
  listSameNicknames,
  listStatsCamsites,
  listStatsNicknamesByIds,
  listTopicMentions,
  nicknameTotals,
  pageNicknameChanges,
  pageNicknameSnapshots,
  rankByTimeOnline,
  type StatsNicknameRow,
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
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { notFound } from "../../lib/http-errors.ts";
import { assertModelVisible } from "../models/service.ts";
import { viewerOf } from "../models/viewer.ts";
import { buildCamScoreStats } from "./camscore.ts";
import { buildChatStats } from "./chat-stats.ts";

export interface LoadedStatsNickname {
  camsite: Camsite;
  nickname: StatsNicknameRow;
  visibility: StatsVisibility;
  coverage: (range?: { from: string; to: string }) => Promise<StatsCoverage>;
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
  const { db, env } = c.var.deps;
  const camsite = findCamsiteBySlug(camSiteSlug);
  if (!camsite) throw notFound();
  if (capability && !camsite.capabilities[capability]) throw notFound(STATS_MESSAGES.notAvailable);
  const nickname = await findStatsNickname(db, camsite.id, name);
  if (!nickname) throw notFound();
  const user = c.var.user;
  let exempt = user?.roleId === ROLE.admin;
  if (nickname.modelId !== null) {
    const model = await findModelDetail(db, nickname.modelId);
    if (!model) throw notFound();
    await assertModelVisible(c, db, model);
    if (user && model.userId === user.id) exempt = true;
  }
  const m = nickname.model;
  const visibility: StatsVisibility = {
    is_stats_page_last_activity_hidden: m?.isStatsPageLastActivityHidden ?? false,
    is_stats_page_past_nicknames_hidden: m?.isStatsPagePastNicknamesHidden ?? false,
    stats_page_activity_graph_details_status: m?.statsPageActivityGraphDetailsStatus ?? "show_all_data",
    is_stats_page_longest_sessions_hidden: m?.isStatsPageLongestSessionsHidden ?? false,
    applied: !exempt,
  };
  let cached: Awaited<ReturnType<typeof findCamsiteCoverage>> | null = null;
  const coverage = async (range?: { from: string; to: string }): Promise<StatsCoverage> => {
    cached ??= await findCamsiteCoverage(db, camsite.id);
    return {
      tracked_since: cached.trackedSince,
      first_seen_at: nickname.firstSeenAt,
      last_poll_at: cached.lastPollAt,
      poll_interval_seconds: cached.pollIntervalSeconds,
      max_gap_seconds: env.STATS_MAX_GAP,
      history: cached.history
        ? {
            until: cached.history.until,
            poll_interval_seconds: cached.history.pollIntervalSeconds,
            max_gap_seconds: cached.history.maxGapSeconds,
          }
        : null,
      from_date: range?.from ?? null,
      to_date: range?.to ?? null,
    };
  };
  return { camsite, nickname, visibility, coverage };
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
  return Promise.all(
    camsites.map(async (s) => {
      const ranked = {
        camSiteId: s.camSiteId,
        fromDay: range.from,
        toDay: range.to,
        limit: options.perPage * 3,
      };
      // Top lists sum a week of every nickname's rollups: one ranking for every visitor, visibility applied after.
      const ranking = await c.var.deps.caches.topRankings.get(JSON.stringify(ranked), () =>
        rankByTimeOnline(db, ranked),
      );
      const seconds = new Map(ranking.map((r) => [r.nicknameId, r.secondsOnline]));
      const rows = await listStatsNicknamesByIds(
        db,
        ranking.map((r) => r.nicknameId),
        viewer,
      );
      return {
        camSiteId: s.camSiteId,
        onlineNow: s.onlineNow,
        entries: rows
          .slice(0, options.perPage)
          .map((row) => ({ row, secondsOnline: seconds.get(row.id) ?? 0 })),
      };
    }),
  );
}

/** Everything the stats nickname's page shows besides the nickname itself, over the range. */
export async function loadNicknameFigures(c: Context<AppEnv>, loaded: LoadedStatsNickname, range: Range) {
  const { db } = c.var.deps;
  const { camsite, nickname: n, visibility } = loaded;
  const settings = effectiveSettings(visibility);
  const m = n.model;
  const user = c.var.user;
  const viewer = viewerOf(c);
  const [totals, longest, sameNames, siblings, snapshots, changes, mentions, voted, coverage] =
    await Promise.all([
      nicknameTotals(db, n.id, range.from, range.to),
      settings.longestSessionsHidden
        ? Promise.resolve([])
        : listLongestSessions(db, n.id, range.from, range.to, 1),
      listSameNicknames(db, n.nickname, n.id, viewer),
      m ? listModelStatsNicknames(db, m.id, n.id) : Promise.resolve([]),
      camsite.capabilities.liveSnap ? pageNicknameSnapshots(db, n.id, 1, PAGE_SIZE.statisticSnapshots) : null,
      camsite.capabilities.nicknameChanges && !settings.pastNicknamesHidden
        ? pageNicknameChanges(db, n.id, 1, PAGE_SIZE.nicknameChanges)
        : null,
      listTopicMentions(db, n.id),
      m && user ? hasUserRatedModel(db, m.id, user.id) : Promise.resolve(false),
      loaded.coverage(range),
    ]);
  const cwswRows = await findNicknamesByNames(
    db,
    camsite.id,
    mentions.map((x) => x.nickname),
    n.id,
    viewer,
  );
  return {
    settings,
    totals,
    longest,
    sameNames,
    siblings,
    snapshots,
    changes,
    mentions,
    voted,
    coverage,
    cwswRows,
  };
}
export type NicknameFigures = Awaited<ReturnType<typeof loadNicknameFigures>>;

/** Chat stats over the range, as the model's settings let this caller see them. */
export async function loadChatStats(c: Context<AppEnv>, loaded: LoadedStatsNickname, range: Range) {
  const { db } = c.var.deps;
  const settings = effectiveSettings(loaded.visibility);
  const [rows, longest, coverage] = await Promise.all([
    listDailyStats(db, [loaded.nickname.id], range.from, range.to),
    settings.longestSessionsHidden
      ? Promise.resolve([])
      : listLongestSessions(db, loaded.nickname.id, range.from, range.to, 10),
    loaded.coverage(range),
  ]);
  const stats = buildChatStats({
    rows,
    camSiteId: loaded.camsite.id,
    graph: settings.graph,
    longestSessions: longest.map((s) => ({
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
  const [rows, average, coverage] = await Promise.all([
    listDailyStats(db, [loaded.nickname.id], range.from, range.to),
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
