import { z } from "zod";
import { PAGE_SIZE } from "../page-sizes.ts";
import {
  camScoreStatsSchema,
  chatStatsSchema,
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
  statsSessionsQuerySchema,
  statsSessionsReplySchema,
  statsSnapshotsQuerySchema,
  statsSnapshotsReplySchema,
  statsTipsReplySchema,
  statsTopicsReplySchema,
  statsTopQuerySchema,
  statsTopReplySchema,
} from "../schemas/stats.ts";
import { endpoint } from "./endpoint.ts";
import { timeZoneSchema } from "./follows.ts";

// Stats (issue 6): lists of stats nicknames and one nickname's figures, read from the daily rollups. The request and
// reply schemas live in schemas/stats.ts; this names the operations.

/** `/stats/nicknames/{camSiteSlug}/{nickname}` */
export const statsNicknameParams = z.object({
  camSiteSlug: z.string().min(1).max(100),
  nickname: z.string().min(1).max(100),
});

const base = "/stats/nicknames/{camSiteSlug}/{nickname}";

/**
 * The nickname's figures: from_date and to_date as days of `time_zone` (an IANA zone) for her time summary (time
 * online, days online, sessions, longest session), counted like the stats page's chart; UTC days when left out.
 * Viewers and CamScore stay on UTC days (their rollups are daily).
 */
export const statsNicknameQuerySchema = statsRangeQuerySchema.extend({
  time_zone: timeZoneSchema.optional(),
});

/** A paged list of one nickname's records, `size` per page by default. */
const nicknamePage = <R extends z.ZodType>(path: string, size: number, reply: R) =>
  endpoint({
    method: "get",
    path: `${base}/${path}`,
    params: statsNicknameParams,
    query: statsPageQuerySchema(size),
    reply,
  });

export const statsEndpoints = {
  /** Exact and prefix matches first, then the latest active (8 per page). */
  search: endpoint({
    method: "get",
    path: "/stats/nicknames",
    query: statsSearchQuerySchema,
    reply: statsNicknameListSchema,
  }),
  online: endpoint({
    method: "get",
    path: "/stats/online",
    query: statsOnlineQuerySchema,
    reply: statsNicknameListSchema,
  }),
  top: endpoint({
    method: "get",
    path: "/stats/top",
    query: statsTopQuerySchema,
    reply: statsTopReplySchema,
  }),
  nickname: endpoint({
    method: "get",
    path: base,
    params: statsNicknameParams,
    query: statsNicknameQuerySchema,
    reply: statsNicknameSchema,
  }),
  chatStats: endpoint({
    method: "get",
    path: `${base}/chat-stats`,
    params: statsNicknameParams,
    query: statsRangeQuerySchema,
    reply: chatStatsSchema,
  }),
  camscore: endpoint({
    method: "get",
    path: `${base}/camscore`,
    params: statsNicknameParams,
    query: statsRangeQuerySchema,
    reply: camScoreStatsSchema,
  }),
  badges: endpoint({
    method: "get",
    path: `${base}/badges`,
    params: statsNicknameParams,
    query: statsBadgesQuerySchema,
    reply: statsBadgesReplySchema,
  }),
  misses: nicknamePage("misses", PAGE_SIZE.default, statsMissesReplySchema),
  pastAwards: nicknamePage("past-awards", PAGE_SIZE.pastAwards, statsAwardsReplySchema),
  tips: nicknamePage("tips", PAGE_SIZE.tips, statsTipsReplySchema),
  topics: nicknamePage("topics", PAGE_SIZE.default, statsTopicsReplySchema),
  nicknameChanges: nicknamePage(
    "nickname-changes",
    PAGE_SIZE.nicknameChanges,
    statsNicknameChangesReplySchema,
  ),
  /** Her sessions with their show types, viewers and (MyFreeCams) CamScore and rank; sortable (issue 20). */
  sessions: endpoint({
    method: "get",
    path: `${base}/sessions`,
    params: statsNicknameParams,
    query: statsSessionsQuerySchema,
    reply: statsSessionsReplySchema,
  }),
  snapshots: endpoint({
    method: "get",
    path: `${base}/snapshots`,
    params: statsNicknameParams,
    query: statsSnapshotsQuerySchema,
    reply: statsSnapshotsReplySchema,
  }),
};
