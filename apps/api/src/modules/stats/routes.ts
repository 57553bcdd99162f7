import {
  listNicknameBadges,
  listOnlineStatsNicknames,
  pageNicknameBadges,
  pageNicknameChanges,
  pageNicknameSessions,
  pageNicknameSnapshots,
  pageNicknameTopics,
  searchStatsNicknames,
} from "@camatlas/db";
import { normalizeSearchText, toPageEnvelope } from "@camatlas/shared";
import { statsEndpoints } from "@camatlas/shared/api-contract";
import { STATS_TOP_RANGE_DAYS } from "@camatlas/shared/schemas/stats";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute, type RouteExtras } from "../../lib/contract-route.ts";
import { closestNames } from "../models/search-index/closest-names.ts";
import { viewerOf } from "../models/viewer.ts";
import {
  camSiteRef,
  presentBadges,
  presentSnapshot,
  presentStatsCard,
  presentStatsNickname,
} from "./presenter.ts";
import { resolveRange } from "./range.ts";
import {
  effectiveSettings,
  loadCamScoreStats,
  loadChatStats,
  loadNicknameFigures,
  loadStatsNickname,
  loadTopLists,
} from "./service.ts";

// Stats API (issue 6): every figure is read from the daily rollups and small per-nickname tables, never from raw
// intervals, so a nickname with years of history answers as fast as one with a week. Statistics a camsite does not
// have (spec §9 capabilities) answer 404 {message: "This statistic is not available on this camsite."}.

/** A nickname's route: her model's visibility decides (404, or 401 for guests), like on the profile. */
const nicknameRoute = (summary: string, replyDescription: string): RouteExtras => ({
  access: "public",
  tags: ["stats"],
  summary,
  replyDescription,
  errors: {
    401: "Sign in to see this model",
    404: "Unknown camsite or nickname, hidden model, or not on this camsite",
  },
});

const searchRoute = contractRoute(statsEndpoints.search, {
  access: "public",
  tags: ["stats"],
  summary:
    "Search stats nicknames by name (8 per page): exact and prefix matches first, then the latest active",
  replyDescription: "A page of stats nicknames",
});
const onlineRoute = contractRoute(statsEndpoints.online, {
  access: "public",
  tags: ["stats"],
  summary: "Nicknames online now (is_open), optionally of one camsite",
  replyDescription: "A page of online nicknames",
});
const topRoute = contractRoute(statsEndpoints.top, {
  access: "public",
  tags: ["stats"],
  summary:
    "Per camsite with statistics: the nicknames with the most time online between from_date and to_date (default: the last 7 days)",
  replyDescription: "Top lists",
});
const nicknameStatsRoute = contractRoute(
  statsEndpoints.nickname,
  nicknameRoute(
    "One stats nickname (spec §3), summarised over from_date..to_date (default: the last 30 days)",
    "The stats nickname",
  ),
);
const chatRoute = contractRoute(
  statsEndpoints.chatStats,
  nicknameRoute(
    "Chat stats: minutes per status per day, longest sessions, chats per hour of day, viewers per date",
    "Chat stats",
  ),
);
const camscoreRoute = contractRoute(
  statsEndpoints.camscore,
  nicknameRoute(
    "CamScore stats (MyFreeCams): current, highest, vs the camsite average, dynamic, rank, rank history",
    "CamScore stats",
  ),
);
const badgesRoute = contractRoute(
  statsEndpoints.badges,
  nicknameRoute(
    "Badges 1–15 (MyFreeCams): earned or not; only_earned=1 or exclude_earned=1 filter",
    "Badges",
  ),
);
const missesSummary = "Missed badges (MyFreeCams), newest first";
const missesRoute = contractRoute(statsEndpoints.misses, nicknameRoute(missesSummary, missesSummary));
const awardsSummary = "Past awards: earned badges by period, newest first (12 per page)";
const awardsRoute = contractRoute(statsEndpoints.pastAwards, nicknameRoute(awardsSummary, awardsSummary));
const tipsSummary = "Tips (camsites 2, 12, 33; 8 per page)";
const tipsRoute = contractRoute(statsEndpoints.tips, nicknameRoute(tipsSummary, tipsSummary));
const topicsSummary = "Last room topics (camsites 12, 33)";
const topicsRoute = contractRoute(statsEndpoints.topics, nicknameRoute(topicsSummary, topicsSummary));
const changesSummary = "Nickname changes (camsites 3, 8, 12; 15 per page)";
const changesRoute = contractRoute(
  statsEndpoints.nicknameChanges,
  nicknameRoute(changesSummary, changesSummary),
);
const sessionsSummary =
  "Her sessions (12 per page), newest or longest first: start, end, length, statuses by time, viewers, CamScore/rank";
const sessionsRoute = contractRoute(statsEndpoints.sessions, nicknameRoute(sessionsSummary, sessionsSummary));
const snapshotsRoute = contractRoute(
  statsEndpoints.snapshots,
  nicknameRoute(
    "Live snapshots, newest first: per_page 6 on the Stats tab, 12 on Recent Snapshots",
    "Snapshots",
  ),
);

export const statsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(searchRoute, async (c) => {
    const q = c.req.valid("query");
    const { db, storage } = c.var.deps;
    const viewer = viewerOf(c);
    // The same typo-tolerant names as search everywhere's stats section.
    const search = normalizeSearchText(q.query ?? "");
    const { rows, total } = await searchStatsNicknames(db, {
      query: q.query,
      closeNames: search ? (await closestNames(c.var.deps, search)).map((n) => n.name) : [],
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
    const viewer = viewerOf(c);
    const range = resolveRange(q, Date.now(), STATS_TOP_RANGE_DAYS);
    const lists = await loadTopLists(c, range, { camSiteId: q.cam_site_id, perPage: q.per_page });
    const data = lists.map((list) => ({
      cam_site: camSiteRef(list.camSiteId),
      online_now: list.onlineNow,
      entries: list.entries.map(({ row, secondsOnline }) => ({
        ...presentStatsCard(row, c.var.deps.storage, viewer),
        seconds_online: secondsOnline,
      })),
    }));
    return c.json({ from_date: range.from, to_date: range.to, data }, 200);
  })
  .openapi(nicknameStatsRoute, async (c) => {
    const { camSiteSlug, nickname } = c.req.valid("param");
    const query = c.req.valid("query");
    const range = resolveRange(query);
    const loaded = await loadStatsNickname(c, camSiteSlug, nickname);
    const figures = await loadNicknameFigures(c, loaded, range, query.time_zone);
    return c.json(presentStatsNickname(loaded, figures, c.var.deps.storage), 200);
  })
  .openapi(chatRoute, async (c) => {
    const { camSiteSlug, nickname } = c.req.valid("param");
    const range = resolveRange(c.req.valid("query"));
    const loaded = await loadStatsNickname(c, camSiteSlug, nickname);
    return c.json(await loadChatStats(c, loaded, range), 200);
  })
  .openapi(camscoreRoute, async (c) => {
    const { camSiteSlug, nickname } = c.req.valid("param");
    const range = resolveRange(c.req.valid("query"));
    const loaded = await loadStatsNickname(c, camSiteSlug, nickname, "badgesMissesCamscore");
    return c.json(await loadCamScoreStats(c, loaded, range), 200);
  })
  .openapi(badgesRoute, async (c) => {
    const { camSiteSlug, nickname } = c.req.valid("param");
    const q = c.req.valid("query");
    const loaded = await loadStatsNickname(c, camSiteSlug, nickname, "badgesMissesCamscore");
    const [rows, coverage] = await Promise.all([
      listNicknameBadges(c.var.deps.db, loaded.nickname.id),
      loaded.coverage(),
    ]);
    const data = presentBadges(rows).filter(
      (b) => (q.only_earned ? b.earned : true) && (q.exclude_earned ? !b.earned : true),
    );
    return c.json({ data, coverage }, 200);
  })
  .openapi(sessionsRoute, async (c) => {
    const { camSiteSlug, nickname } = c.req.valid("param");
    const q = c.req.valid("query");
    const loaded = await loadStatsNickname(c, camSiteSlug, nickname);
    // The model's "hide longest sessions" setting hides her session list from visitors too.
    const hidden = loaded.visibility.applied && loaded.visibility.is_stats_page_longest_sessions_hidden;
    const [{ rows, total }, coverage] = await Promise.all([
      hidden
        ? { rows: [], total: 0 }
        : pageNicknameSessions(c.var.deps.db, loaded.nickname.id, {
            page: q.page,
            perPage: q.per_page,
            sort: q.sort,
            order: q.order,
          }),
      loaded.coverage(),
    ]);
    const data = rows.map((r) => ({
      started_at: r.startedAt,
      ended_at: r.endedAt,
      seconds: r.seconds,
      status_ids: r.statusIds,
      peak_viewers: r.peakViewers,
      avg_viewers: r.avgViewers,
      max_camscore: r.maxCamscore,
      best_rank: r.bestRank,
    }));
    return c.json(toPageEnvelope(data, total, q.page, q.per_page, { coverage, hidden }), 200);
  })
  .openapi(missesRoute, async (c) => {
    const { camSiteSlug, nickname } = c.req.valid("param");
    const q = c.req.valid("query");
    const loaded = await loadStatsNickname(c, camSiteSlug, nickname, "badgesMissesCamscore");
    const [{ rows, total }, coverage] = await Promise.all([
      pageNicknameBadges(c.var.deps.db, loaded.nickname.id, true, q.page, q.per_page),
      loaded.coverage(),
    ]);
    const data = rows.map((r) => ({ badge_id: r.badgeId, period: r.period, missed_at: r.earnedAt }));
    return c.json(toPageEnvelope(data, total, q.page, q.per_page, { coverage }), 200);
  })
  .openapi(awardsRoute, async (c) => {
    const { camSiteSlug, nickname } = c.req.valid("param");
    const q = c.req.valid("query");
    const loaded = await loadStatsNickname(c, camSiteSlug, nickname, "badgesMissesCamscore");
    const [{ rows, total }, coverage] = await Promise.all([
      pageNicknameBadges(c.var.deps.db, loaded.nickname.id, false, q.page, q.per_page),
      loaded.coverage(),
    ]);
    const data = rows.map((r) => ({ badge_id: r.badgeId, period: r.period, earned_at: r.earnedAt }));
    return c.json(toPageEnvelope(data, total, q.page, q.per_page, { coverage }), 200);
  })
  .openapi(tipsRoute, async (c) => {
    const { camSiteSlug, nickname } = c.req.valid("param");
    const q = c.req.valid("query");
    const loaded = await loadStatsNickname(c, camSiteSlug, nickname, "tips");
    // No camsite feed the collectors read carries tips: an honest empty list, marked as not collected.
    const coverage = await loaded.coverage();
    return c.json(toPageEnvelope([], 0, q.page, q.per_page, { coverage, collected: false }), 200);
  })
  .openapi(topicsRoute, async (c) => {
    const { camSiteSlug, nickname } = c.req.valid("param");
    const q = c.req.valid("query");
    const loaded = await loadStatsNickname(c, camSiteSlug, nickname, "lastTopics");
    const [{ rows, total }, coverage] = await Promise.all([
      pageNicknameTopics(c.var.deps.db, loaded.nickname.id, q.page, q.per_page),
      loaded.coverage(),
    ]);
    const data = rows.map((r) => ({ topic: r.topic, observed_at: r.observedAt }));
    return c.json(toPageEnvelope(data, total, q.page, q.per_page, { coverage }), 200);
  })
  .openapi(changesRoute, async (c) => {
    const { camSiteSlug, nickname } = c.req.valid("param");
    const q = c.req.valid("query");
    const loaded = await loadStatsNickname(c, camSiteSlug, nickname, "nicknameChanges");
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
    const { camSiteSlug, nickname } = c.req.valid("param");
    const q = c.req.valid("query");
    const { db, storage } = c.var.deps;
    const loaded = await loadStatsNickname(c, camSiteSlug, nickname, "liveSnap");
    const [{ rows, total }, coverage] = await Promise.all([
      pageNicknameSnapshots(db, loaded.nickname.id, q.page, q.per_page),
      loaded.coverage(),
    ]);
    const data = rows.map((r) => presentSnapshot(r, storage));
    return c.json(toPageEnvelope(data, total, q.page, q.per_page, { coverage }), 200);
  });
