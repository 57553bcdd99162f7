import { listDailyStats } from "@camatlas/db/queries/stats-read";
import {
  camscoreOfNextRank,
  camsiteCamscoreAverage,
  listLongestSessions,
  listNicknameBadges,
  pageNicknameBadges,
  pageNicknameChanges,
  pageNicknameSnapshots,
  pageNicknameTopics,
  type SnapshotRow,
} from "@camatlas/db/queries/stats-read-details";
import {
  listOnlineStatsNicknames,
  listStatsCamsites,
  listStatsNicknamesByIds,
  rankByTimeOnline,
  searchStatsNicknames,
} from "@camatlas/db/queries/stats-read-lists";
import {
  findNicknamesByNames,
  hasUserRatedModel,
  listModelStatsNicknames,
  listSameNicknames,
  listTopicMentions,
  nicknameTotals,
} from "@camatlas/db/queries/stats-read-nickname";
import { isStreaming, OFFLINE_STATUS_ID, PAGE_SIZE, toPageEnvelope } from "@camatlas/shared";
import {
  camScoreStatsSchema,
  chatStatsSchema,
  STATS_TOP_RANGE_DAYS,
  statsAwardsReplySchema,
  statsBadgesQuerySchema,
  statsBadgesReplySchema,
  statsMissesReplySchema,
  statsNicknameChangesReplySchema,
  statsNicknameListSchema,
  statsNicknameSchema,
  statsOnlineQuerySchema,
  statsPageQuerySchema,
  statsRangeQuerySchema,
  statsSearchQuerySchema,
  statsSnapshotsQuerySchema,
  statsSnapshotsReplySchema,
  statsTipsReplySchema,
  statsTopicsReplySchema,
  statsTopQuerySchema,
  statsTopReplySchema,
} from "@camatlas/shared/schemas/stats";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { createTtlCache } from "../../lib/ttl-cache.ts";
import { viewerOf } from "../models/viewer.ts";
import { buildCamScoreStats } from "./camscore.ts";
import { buildChatStats } from "./chat-stats.ts";
import { camSiteRef, presentStatsCard, profileUrl, statusRef } from "./presenter.ts";
import { resolveRange } from "./range.ts";
import { effectiveSettings, loadStatsNickname } from "./service.ts";

// Stats API (issue 6): every figure is read from the daily rollups and small per-nickname tables, never from raw
// intervals, so a nickname with years of history answers as fast as one with a week. Statistics a camsite does not
// have (spec §9 capabilities) answer 404 {message: "This statistic is not available on this camsite."}.

// Camsite-wide CamScore figures are the same for every nickname of a day: read them once a minute, not per page.
const camsiteAverages = createTtlCache<{ day: string | null; average: number | null }>(60_000, 100);
const nextRankScores = createTtlCache<number | null>(60_000, 5000);
// Top lists sum a week of every nickname's rollups: the ranking is shared by all visitors for a minute, and each
// visitor's model visibility is applied to it afterwards.
const topRankings = createTtlCache<Array<{ nicknameId: number; secondsOnline: number }>>(60_000, 500);

const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
const messageSchema = z.object({ message: z.string() });
const nicknameParams = z.object({
  camSiteSlug: z.string().min(1).max(100),
  nickname: z.string().min(1).max(100),
});
const notFoundReply = {
  description: "Unknown camsite or nickname, hidden model, or not on this camsite",
  ...json(messageSchema),
};
const base = "/stats/nicknames/{camSiteSlug}/{nickname}";

const searchRoute = createRoute({
  method: "get",
  path: "/stats/nicknames",
  tags: ["stats"],
  summary:
    "Search stats nicknames by name (8 per page): exact and prefix matches first, then the latest active",
  request: { query: statsSearchQuerySchema },
  responses: { 200: { description: "A page of stats nicknames", ...json(statsNicknameListSchema) } },
});

const onlineRoute = createRoute({
  method: "get",
  path: "/stats/online",
  tags: ["stats"],
  summary: "Nicknames online now (is_open), optionally of one camsite",
  request: { query: statsOnlineQuerySchema },
  responses: { 200: { description: "A page of online nicknames", ...json(statsNicknameListSchema) } },
});

const topRoute = createRoute({
  method: "get",
  path: "/stats/top",
  tags: ["stats"],
  summary:
    "Per camsite with statistics: the nicknames with the most time online between from_date and to_date (default: the last 7 days)",
  request: { query: statsTopQuerySchema },
  responses: {
    200: { description: "Top lists", ...json(statsTopReplySchema) },
    422: { description: "Invalid range" },
  },
});

const nicknameRoute = createRoute({
  method: "get",
  path: base,
  tags: ["stats"],
  summary: "One stats nickname (spec §3), summarised over from_date..to_date (default: the last 30 days)",
  request: { params: nicknameParams, query: statsRangeQuerySchema },
  responses: {
    200: { description: "The stats nickname", ...json(statsNicknameSchema) },
    401: { description: "Sign in to see this model", ...json(messageSchema) },
    404: notFoundReply,
  },
});

const chatRoute = createRoute({
  method: "get",
  path: `${base}/chat-stats`,
  tags: ["stats"],
  summary:
    "Chat stats: minutes per status per day, longest sessions, chats per hour of day, viewers per date",
  request: { params: nicknameParams, query: statsRangeQuerySchema },
  responses: {
    200: { description: "Chat stats", ...json(chatStatsSchema) },
    401: { description: "Sign in to see this model", ...json(messageSchema) },
    404: notFoundReply,
    422: { description: "Invalid range" },
  },
});

const camscoreRoute = createRoute({
  method: "get",
  path: `${base}/camscore`,
  tags: ["stats"],
  summary:
    "CamScore stats (MyFreeCams): current, highest, vs the camsite average, dynamic, rank, rank history",
  request: { params: nicknameParams, query: statsRangeQuerySchema },
  responses: {
    200: { description: "CamScore stats", ...json(camScoreStatsSchema) },
    404: notFoundReply,
    422: { description: "Invalid range" },
  },
});

const badgesRoute = createRoute({
  method: "get",
  path: `${base}/badges`,
  tags: ["stats"],
  summary: "Badges 1–15 (MyFreeCams): earned or not; only_earned=1 or exclude_earned=1 filter",
  request: { params: nicknameParams, query: statsBadgesQuerySchema },
  responses: { 200: { description: "Badges", ...json(statsBadgesReplySchema) }, 404: notFoundReply },
});

const pageRoute = <T extends z.ZodType>(path: string, summary: string, size: number, reply: T) =>
  createRoute({
    method: "get",
    path: `${base}/${path}`,
    tags: ["stats"],
    summary,
    request: { params: nicknameParams, query: statsPageQuerySchema(size) },
    responses: { 200: { description: summary, ...json(reply) }, 404: notFoundReply },
  });

const missesRoute = pageRoute(
  "misses",
  "Missed badges (MyFreeCams), newest first",
  PAGE_SIZE.default,
  statsMissesReplySchema,
);
const awardsRoute = pageRoute(
  "past-awards",
  "Past awards: earned badges by period, newest first (12 per page)",
  PAGE_SIZE.pastAwards,
  statsAwardsReplySchema,
);
const tipsRoute = pageRoute(
  "tips",
  "Tips (camsites 2, 12, 33; 8 per page)",
  PAGE_SIZE.tips,
  statsTipsReplySchema,
);
const topicsRoute = pageRoute(
  "topics",
  "Last room topics (camsites 12, 33)",
  PAGE_SIZE.default,
  statsTopicsReplySchema,
);
const changesRoute = pageRoute(
  "nickname-changes",
  "Nickname changes (camsites 3, 8, 12; 15 per page)",
  PAGE_SIZE.nicknameChanges,
  statsNicknameChangesReplySchema,
);

const snapshotsRoute = createRoute({
  method: "get",
  path: `${base}/snapshots`,
  tags: ["stats"],
  summary: "Live snapshots, newest first: per_page 6 on the Stats tab, 12 on Recent Snapshots",
  request: { params: nicknameParams, query: statsSnapshotsQuerySchema },
  responses: { 200: { description: "Snapshots", ...json(statsSnapshotsReplySchema) }, 404: notFoundReply },
});

export const statsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(searchRoute, async (c) => {
    const q = c.req.valid("query");
    const { db, storage } = c.var.deps;
    const viewer = viewerOf(c);
    const { rows, total } = await searchStatsNicknames(db, {
      query: q.query,
      camSiteId: q.cam_site_id,
      viewer,
      page: q.page,
      perPage: q.per_page,
    });
    const data = rows.map((r) => presentStatsCard(r, storage, viewer));
    return c.json(toPageEnvelope(data, total, q.page, q.per_page), 200);
  })
  .openapi(onlineRoute, async (c) => {
    const q = c.req.valid("query");
    const { db, storage } = c.var.deps;
    const viewer = viewerOf(c);
    const { rows, total } = await listOnlineStatsNicknames(db, {
      camSiteId: q.cam_site_id,
      viewer,
      page: q.page,
      perPage: q.per_page,
    });
    const data = rows.map((r) => presentStatsCard(r, storage, viewer));
    return c.json(toPageEnvelope(data, total, q.page, q.per_page), 200);
  })
  .openapi(topRoute, async (c) => {
    const q = c.req.valid("query");
    const { db, storage } = c.var.deps;
    const viewer = viewerOf(c);
    const range = resolveRange(q, Date.now(), STATS_TOP_RANGE_DAYS);
    const camsites = (await listStatsCamsites(db)).filter(
      (s) => q.cam_site_id === undefined || s.camSiteId === q.cam_site_id,
    );
    const data = await Promise.all(
      camsites.map(async (s) => {
        const options = {
          camSiteId: s.camSiteId,
          fromDay: range.from,
          toDay: range.to,
          limit: q.per_page * 3,
        };
        const ranking = await topRankings.get(JSON.stringify(options), () => rankByTimeOnline(db, options));
        const seconds = new Map(ranking.map((r) => [r.nicknameId, r.secondsOnline]));
        const rows = await listStatsNicknamesByIds(
          db,
          ranking.map((r) => r.nicknameId),
          viewer,
        );
        return {
          cam_site: camSiteRef(s.camSiteId),
          online_now: s.onlineNow,
          entries: rows.slice(0, q.per_page).map((r) => ({
            ...presentStatsCard(r, storage, viewer),
            seconds_online: seconds.get(r.id) ?? 0,
          })),
        };
      }),
    );
    return c.json({ from_date: range.from, to_date: range.to, data }, 200);
  })
  .openapi(nicknameRoute, async (c) => {
    const { camSiteSlug, nickname: name } = c.req.valid("param");
    const range = resolveRange(c.req.valid("query"));
    const { db, storage } = c.var.deps;
    const loaded = await loadStatsNickname(c, camSiteSlug, name);
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
        camsite.capabilities.liveSnap
          ? pageNicknameSnapshots(db, n.id, 1, PAGE_SIZE.statisticSnapshots)
          : null,
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
    const mentionOf = new Map(mentions.map((x) => [x.nickname, x]));
    const hideCountryAge = visibility.applied && (m?.isCountryAgeHidden ?? false);
    const mfc = camsite.capabilities.badgesMissesCamscore;
    return c.json(
      {
        id: n.id,
        name: n.nickname,
        display_name: n.name,
        created_at: n.createdAt,
        birthday: hideCountryAge ? null : (m?.birthday ?? null),
        country: hideCountryAge ? null : (m?.country ?? null),
        city: hideCountryAge ? null : (m?.city ?? null),
        avatar_path: m?.avatarPath ? storage.publicUrl(m.avatarPath) : null,
        related_model: m ? { id: m.id, name: m.name, slug: m.slug } : null,
        is_open: n.activityStatusId !== OFFLINE_STATUS_ID,
        is_streaming: isStreaming(n.activityStatusId),
        cam_site_id: camsite.id,
        cam_site: camSiteRef(camsite.id),
        url: profileUrl(camsite.id, n.nickname),
        same_nicknames: sameNames.map((s) => ({
          id: s.id,
          name: s.nickname,
          cam_site: camSiteRef(s.camSiteId),
        })),
        is_user_voted: voted,
        last_activity:
          settings.lastActivityHidden || n.lastActivityAt === null
            ? null
            : {
                id: n.id,
                updated_at:
                  n.activityStatusId !== OFFLINE_STATUS_ID
                    ? (n.lastSeenAt ?? n.lastActivityAt)
                    : n.lastActivityAt,
                activity_status: statusRef(n.activityStatusId, camsite.id),
              },
        review: null,
        user_id: m?.userId ?? null,
        snap_flag: camsite.capabilities.liveSnap,
        viewer_summary: {
          average: totals.viewersAverage === null ? null : Math.round(totals.viewersAverage * 10) / 10,
          max: totals.viewersMax,
          days: totals.viewerDays,
        },
        camscore_summary: mfc
          ? {
              current: totals.camscoreCurrent,
              highest: totals.camscoreHighest,
              rank: totals.rankCurrent || null,
            }
          : null,
        time_summary: {
          seconds_online: totals.secondsOnline,
          sessions: totals.sessions,
          days_online: totals.daysOnline,
          longest_session_seconds: settings.longestSessionsHidden ? null : (longest[0]?.seconds ?? null),
        },
        nickname_with_stats: siblings.map((s) => ({
          id: s.id,
          name: s.nickname,
          cam_site: camSiteRef(s.camSiteId),
        })),
        indexed_live_snap_images: (snapshots?.rows ?? []).map((r) => presentSnapshot(r, storage)),
        past_nicknames: (changes?.rows ?? []).map((r) => ({ name: r.oldNickname, changed_at: r.changedAt })),
        related_cwsw: cwswRows
          .map((r) => {
            const mention = mentionOf.get(r.nickname.toLowerCase());
            return {
              id: r.id,
              name: r.nickname,
              cam_site: camSiteRef(r.camSiteId),
              related_model:
                r.modelId !== null && r.modelName !== null && r.modelSlug !== null
                  ? { id: r.modelId, name: r.modelName, slug: r.modelSlug }
                  : null,
              mentions: mention?.mentions ?? 0,
              last_seen_together: mention?.lastAt ?? "",
            };
          })
          .sort((a, b) => b.mentions - a.mentions),
        capabilities: {
          live_snap: camsite.capabilities.liveSnap,
          nickname_changes: camsite.capabilities.nicknameChanges,
          tips: camsite.capabilities.tips,
          stats_summary: camsite.capabilities.statsSummary,
          last_topics: camsite.capabilities.lastTopics,
          badges_misses_camscore: mfc,
        },
        visibility,
        coverage,
      },
      200,
    );
  })
  .openapi(chatRoute, async (c) => {
    const { camSiteSlug, nickname: name } = c.req.valid("param");
    const range = resolveRange(c.req.valid("query"));
    const { db } = c.var.deps;
    const loaded = await loadStatsNickname(c, camSiteSlug, name);
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
    return c.json({ ...stats, coverage }, 200);
  })
  .openapi(camscoreRoute, async (c) => {
    const { camSiteSlug, nickname: name } = c.req.valid("param");
    const range = resolveRange(c.req.valid("query"));
    const { db } = c.var.deps;
    const loaded = await loadStatsNickname(c, camSiteSlug, name, "badgesMissesCamscore");
    const [rows, average, coverage] = await Promise.all([
      listDailyStats(db, [loaded.nickname.id], range.from, range.to),
      camsiteAverages.get(String(loaded.camsite.id), () => camsiteCamscoreAverage(db, loaded.camsite.id)),
      loaded.coverage(range),
    ]);
    const lastRanked = [...rows].reverse().find((r) => r.camscoreLast !== null);
    const nextRankScore = lastRanked
      ? await nextRankScores.get(`${loaded.camsite.id}:${lastRanked.day}:${lastRanked.rankLast ?? 0}`, () =>
          camscoreOfNextRank(db, loaded.camsite.id, lastRanked.day, lastRanked.rankLast),
        )
      : null;
    const stats = buildCamScoreStats(rows, { camsiteAverage: average.average, nextRankScore });
    return c.json({ ...stats, coverage }, 200);
  })
  .openapi(badgesRoute, async (c) => {
    const { camSiteSlug, nickname: name } = c.req.valid("param");
    const q = c.req.valid("query");
    const { db } = c.var.deps;
    const loaded = await loadStatsNickname(c, camSiteSlug, name, "badgesMissesCamscore");
    const [rows, coverage] = await Promise.all([
      listNicknameBadges(db, loaded.nickname.id),
      loaded.coverage(),
    ]);
    const data = Array.from({ length: 15 }, (_, i) => {
      const badgeId = i + 1;
      const earned = rows.find((r) => r.badgeId === badgeId && !r.missed);
      return {
        badge_id: badgeId,
        earned: Boolean(earned),
        earned_at: earned?.earnedAt ?? null,
        period: earned?.period || null,
      };
    }).filter((b) => (q.only_earned ? b.earned : true) && (q.exclude_earned ? !b.earned : true));
    return c.json({ data, coverage }, 200);
  })
  .openapi(missesRoute, async (c) => {
    const { camSiteSlug, nickname: name } = c.req.valid("param");
    const q = c.req.valid("query");
    const loaded = await loadStatsNickname(c, camSiteSlug, name, "badgesMissesCamscore");
    const [{ rows, total }, coverage] = await Promise.all([
      pageNicknameBadges(c.var.deps.db, loaded.nickname.id, true, q.page, q.per_page),
      loaded.coverage(),
    ]);
    const data = rows.map((r) => ({ badge_id: r.badgeId, period: r.period, missed_at: r.earnedAt }));
    return c.json(toPageEnvelope(data, total, q.page, q.per_page, { coverage }), 200);
  })
  .openapi(awardsRoute, async (c) => {
    const { camSiteSlug, nickname: name } = c.req.valid("param");
    const q = c.req.valid("query");
    const loaded = await loadStatsNickname(c, camSiteSlug, name, "badgesMissesCamscore");
    const [{ rows, total }, coverage] = await Promise.all([
      pageNicknameBadges(c.var.deps.db, loaded.nickname.id, false, q.page, q.per_page),
      loaded.coverage(),
    ]);
    const data = rows.map((r) => ({ badge_id: r.badgeId, period: r.period, earned_at: r.earnedAt }));
    return c.json(toPageEnvelope(data, total, q.page, q.per_page, { coverage }), 200);
  })
  .openapi(tipsRoute, async (c) => {
    const { camSiteSlug, nickname: name } = c.req.valid("param");
    const q = c.req.valid("query");
    const loaded = await loadStatsNickname(c, camSiteSlug, name, "tips");
    // No camsite feed the collectors read carries tips: an honest empty list, marked as not collected.
    const coverage = await loaded.coverage();
    return c.json(toPageEnvelope([], 0, q.page, q.per_page, { coverage, collected: false }), 200);
  })
  .openapi(topicsRoute, async (c) => {
    const { camSiteSlug, nickname: name } = c.req.valid("param");
    const q = c.req.valid("query");
    const loaded = await loadStatsNickname(c, camSiteSlug, name, "lastTopics");
    const [{ rows, total }, coverage] = await Promise.all([
      pageNicknameTopics(c.var.deps.db, loaded.nickname.id, q.page, q.per_page),
      loaded.coverage(),
    ]);
    const data = rows.map((r) => ({ topic: r.topic, observed_at: r.observedAt }));
    return c.json(toPageEnvelope(data, total, q.page, q.per_page, { coverage }), 200);
  })
  .openapi(changesRoute, async (c) => {
    const { camSiteSlug, nickname: name } = c.req.valid("param");
    const q = c.req.valid("query");
    const loaded = await loadStatsNickname(c, camSiteSlug, name, "nicknameChanges");
    const hidden = effectiveSettings(loaded.visibility).pastNicknamesHidden;
    const [{ rows, total }, coverage] = await Promise.all([
      hidden
        ? Promise.resolve({ rows: [], total: 0 })
        : pageNicknameChanges(c.var.deps.db, loaded.nickname.id, q.page, q.per_page),
      loaded.coverage(),
    ]);
    const data = rows.map((r) => ({
      old_nickname: r.oldNickname,
      new_nickname: r.newNickname,
      changed_at: r.changedAt,
    }));
    return c.json(toPageEnvelope(data, total, q.page, q.per_page, { coverage, hidden }), 200);
  })
  .openapi(snapshotsRoute, async (c) => {
    const { camSiteSlug, nickname: name } = c.req.valid("param");
    const q = c.req.valid("query");
    const { db, storage } = c.var.deps;
    const loaded = await loadStatsNickname(c, camSiteSlug, name, "liveSnap");
    const [{ rows, total }, coverage] = await Promise.all([
      pageNicknameSnapshots(db, loaded.nickname.id, q.page, q.per_page),
      loaded.coverage(),
    ]);
    const data = rows.map((r) => presentSnapshot(r, storage));
    return c.json(toPageEnvelope(data, total, q.page, q.per_page, { coverage }), 200);
  });

function presentSnapshot(r: SnapshotRow, storage: { publicUrl(key: string): string }) {
  return {
    id: r.id,
    url: r.mediaPath ? storage.publicUrl(r.mediaPath) : r.url,
    topic: r.topic,
    width: r.width,
    height: r.height,
    taken_at: r.takenAt,
  };
}
