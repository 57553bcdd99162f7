import { z } from "zod";
import { MAX_PER_PAGE, PAGE_SIZE } from "../page-sizes.ts";
import { isoDate } from "./dates.ts";
import { listQuerySchema, queryBoolean, queryInt } from "./list-query.ts";
import { pageEnvelope } from "./page-envelope.ts";

// Stats API (issue 6 items 4 and 6): request and reply schemas shared by the API (validation, OpenAPI) and the web.
// Every figure comes from the daily rollups, never from raw intervals; every reply says what it covers.

/** Longest range one stats request may cover; the default is the last STATS_DEFAULT_RANGE_DAYS days. */
export const STATS_MAX_RANGE_DAYS = 731;
export const STATS_DEFAULT_RANGE_DAYS = 30;
/** /stats top lists: days counted and entries per camsite. */
export const STATS_TOP_RANGE_DAYS = 7;
export const STATS_TOP_PER_CAMSITE = 10;

const day = isoDate("Must be a date (yyyy-mm-dd).");

/** from_date / to_date (UTC days, inclusive). */
export const statsRangeQuerySchema = z.object({
  from_date: day.optional(),
  to_date: day.optional(),
});
export type StatsRangeQuery = z.output<typeof statsRangeQuerySchema>;

const perPage = (size: number) => queryInt().pipe(z.number().int().min(1).max(MAX_PER_PAGE)).default(size);

export const statsSearchQuerySchema = listQuerySchema.extend({
  per_page: perPage(PAGE_SIZE.statsSearch),
  cam_site_id: queryInt().optional(),
});

export const statsOnlineQuerySchema = listQuerySchema.extend({
  per_page: perPage(PAGE_SIZE.default),
  cam_site_id: queryInt().optional(),
});

export const statsTopQuerySchema = statsRangeQuerySchema.extend({
  cam_site_id: queryInt().optional(),
  per_page: queryInt().pipe(z.number().int().min(1).max(50)).default(STATS_TOP_PER_CAMSITE),
});

export const statsPageQuerySchema = (size: number) =>
  z.object({ page: queryInt().pipe(z.number().int().min(1)).default(1), per_page: perPage(size) });

export const statsBadgesQuerySchema = z.object({
  only_earned: queryBoolean().optional(),
  exclude_earned: queryBoolean().optional(),
});

export const statsSnapshotsQuerySchema = z.object({
  page: queryInt().pipe(z.number().int().min(1)).default(1),
  /** 6 on the Stats tab (statistic snapshots), 12 on Recent Snapshots (snapshot search). */
  per_page: queryInt().pipe(z.number().int().min(1).max(MAX_PER_PAGE)).default(PAGE_SIZE.statisticSnapshots),
});

const camSiteRef = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
const modelRef = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

/** What a figure covers: since when the camsite is polled, how often, and the range asked for. */
export const statsCoverageSchema = z.object({
  tracked_since: z.string().nullable(),
  first_seen_at: z.string().nullable(),
  last_poll_at: z.string().nullable(),
  poll_interval_seconds: z.number().int().nullable(),
  max_gap_seconds: z.number().int(),
  /** History imported in bulk with coarser polls up to `until` (the demo's 90 days): how it was polled. */
  history: z
    .object({
      until: z.string(),
      poll_interval_seconds: z.number().int(),
      max_gap_seconds: z.number().int(),
    })
    .nullable(),
  from_date: z.string().nullable(),
  to_date: z.string().nullable(),
  /**
   * Silences inside the tracked period that reach into the range: the camsite was not polled (an outage, the site
   * down) from `start` (its last poll before) to `end` (its first poll after), longer than the allowed gap.
   */
  gaps: z.array(z.object({ start: z.string(), end: z.string() })),
  /** Since when such silences are recorded (decision 0043): before it none can be told from time offline. */
  gaps_recorded_since: z.string().nullable(),
});
export type StatsCoverage = z.infer<typeof statsCoverageSchema>;

export const activityStatusRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** A stats nickname in lists (search, online now, top). */
export const statsNicknameCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  display_name: z.string().nullable(),
  cam_site_id: z.number().int(),
  cam_site: camSiteRef,
  is_open: z.boolean(),
  activity_status: activityStatusRefSchema,
  is_streaming: z.boolean(),
  last_activity: z.string().nullable(),
  avatar_path: z.string().nullable(),
  /** Her avatar's blur placeholder (a tiny bitmap data URL); null without one. */
  avatar_placeholder: z.string().nullable(),
  related_model: modelRef.nullable(),
  url: z.string(),
});
export type StatsNicknameCard = z.infer<typeof statsNicknameCardSchema>;

export const statsNicknameListSchema = pageEnvelope(statsNicknameCardSchema);

export const statsTopEntrySchema = statsNicknameCardSchema.extend({
  seconds_online: z.number().int(),
});
export const statsTopReplySchema = z.object({
  from_date: z.string(),
  to_date: z.string(),
  data: z.array(
    z.object({
      cam_site: camSiteRef,
      online_now: z.number().int(),
      entries: z.array(statsTopEntrySchema),
    }),
  ),
});
export type StatsTopReply = z.infer<typeof statsTopReplySchema>;

export const STATS_GRAPH_DETAILS = ["show_all_data", "show_only_total_time_online", "hide_graph"] as const;
export type StatsGraphDetails = (typeof STATS_GRAPH_DETAILS)[number];

/** The model's stats visibility settings and whether they were applied to this caller (not to her or admins). */
export const statsVisibilitySchema = z.object({
  is_stats_page_last_activity_hidden: z.boolean(),
  is_stats_page_past_nicknames_hidden: z.boolean(),
  stats_page_activity_graph_details_status: z.enum(STATS_GRAPH_DETAILS),
  is_stats_page_longest_sessions_hidden: z.boolean(),
  applied: z.boolean(),
});
export type StatsVisibility = z.infer<typeof statsVisibilitySchema>;

export const statsCapabilitiesSchema = z.object({
  live_snap: z.boolean(),
  nickname_changes: z.boolean(),
  tips: z.boolean(),
  stats_summary: z.boolean(),
  last_topics: z.boolean(),
  badges_misses_camscore: z.boolean(),
});
export type StatsCapabilities = z.infer<typeof statsCapabilitiesSchema>;

const snapshotSchema = z.object({
  id: z.number().int(),
  url: z.string().nullable(),
  topic: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  taken_at: z.string(),
  /** The picture's blur placeholder (a tiny bitmap data URL, from its BlurHash); null while it has none. */
  placeholder: z.string().nullable(),
});
export type StatsSnapshot = z.infer<typeof snapshotSchema>;

/** Spec §3 Stats nickname. */
export const statsNicknameSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  display_name: z.string().nullable(),
  created_at: z.string(),
  birthday: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  avatar_path: z.string().nullable(),
  /** Her avatar's blur placeholder (a tiny bitmap data URL); null without one. */
  avatar_placeholder: z.string().nullable(),
  related_model: modelRef.nullable(),
  is_open: z.boolean(),
  is_streaming: z.boolean(),
  cam_site_id: z.number().int(),
  cam_site: camSiteRef,
  url: z.string(),
  same_nicknames: z.array(z.object({ id: z.number().int(), name: z.string(), cam_site: camSiteRef })),
  is_user_voted: z.boolean(),
  /** Spec §3 Last activity; null when none or hidden by the model. */
  last_activity: z
    .object({ id: z.number().int(), updated_at: z.string(), activity_status: activityStatusRefSchema })
    .nullable(),
  review: z.null(),
  user_id: z.number().int().nullable(),
  snap_flag: z.boolean(),
  viewer_summary: z.object({
    average: z.number().nullable(),
    max: z.number().int().nullable(),
    days: z.number().int(),
  }),
  camscore_summary: z
    .object({
      current: z.number().nullable(),
      highest: z.number().nullable(),
      rank: z.number().int().nullable(),
    })
    .nullable(),
  /** Over the range's days in `time_zone` (the zone asked for, else UTC); sessions by the day they started. */
  time_summary: z.object({
    seconds_online: z.number().int(),
    sessions: z.number().int(),
    days_online: z.number().int(),
    longest_session_seconds: z.number().int().nullable(),
    time_zone: z.string(),
  }),
  /** The same model's other nicknames that have statistics. */
  nickname_with_stats: z.array(z.object({ id: z.number().int(), name: z.string(), cam_site: camSiteRef })),
  indexed_live_snap_images: z.array(snapshotSchema),
  past_nicknames: z.array(z.object({ name: z.string(), changed_at: z.string() })),
  /** Models seen on cam with her: nicknames her room topics mention (@name); see docs/architecture.md. */
  related_cwsw: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      cam_site: camSiteRef,
      related_model: modelRef.nullable(),
      mentions: z.number().int(),
      last_seen_together: z.string(),
    }),
  ),
  capabilities: statsCapabilitiesSchema,
  visibility: statsVisibilitySchema,
  coverage: statsCoverageSchema,
});
export type StatsNickname = z.infer<typeof statsNicknameSchema>;

/** Spec §3 Chat stats, over from_date..to_date. */
export const chatStatsSchema = z.object({
  graph: z.enum(STATS_GRAPH_DETAILS),
  /** Per UTC day: seconds per status id (or only "total" when the model shows only total time online). */
  days: z.array(
    z.object({
      date: z.string(),
      seconds_online: z.number().int(),
      seconds_by_status: z.record(z.string(), z.number().int()),
      minutes_by_status: z.record(z.string(), z.number().int()),
      sessions: z.number().int(),
      /** Online seconds per UTC hour of this day (24): the day's time placed on the viewer's calendar days. */
      hours_utc: z.array(z.number().int()),
    }),
  ),
  statuses: z.array(activityStatusRefSchema),
  summary: z.object({
    seconds_online: z.number().int(),
    minutes_by_status: z.record(z.string(), z.number().int()),
    sessions: z.number().int(),
    days_online: z.number().int(),
  }),
  longest_sessions: z.array(
    z.object({ started_at: z.string(), ended_at: z.string(), seconds: z.number().int() }),
  ),
  longest_sessions_hidden: z.boolean(),
  /** Online seconds per UTC hour of the day (24), summed over the range: the most frequent chat hours. */
  hours_utc: z.array(z.number().int()),
  /** Online seconds per UTC weekday, Monday first (7). */
  weekdays_utc: z.array(z.number().int()),
  /** Online seconds per UTC weekday (Monday first) and hour: 7 rows of 24, for the heatmap. */
  weekday_hours_utc: z.array(z.array(z.number().int())),
  viewers: z.object({
    days: z.array(z.object({ date: z.string(), average: z.number(), max: z.number().int().nullable() })),
    average: z.number().nullable(),
  }),
  coverage: statsCoverageSchema,
});
export type ChatStats = z.infer<typeof chatStatsSchema>;

/** Spec §3 Cam score stats (MyFreeCams). */
export const camScoreStatsSchema = z.object({
  current: z.number().nullable(),
  highest: z.number().nullable(),
  highest_date: z.string().nullable(),
  camsite_average: z.number().nullable(),
  compared_to_average: z.number().nullable(),
  dynamic: z.number().nullable(),
  dynamic_percent: z.number().nullable(),
  rank: z.number().int().nullable(),
  cam_scores_to_next_rank: z.number().nullable(),
  scores: z.array(
    z.object({
      date: z.string(),
      min: z.number(),
      max: z.number(),
      avg: z.number(),
      last: z.number().nullable(),
    }),
  ),
  min: z.number().nullable(),
  max: z.number().nullable(),
  avg: z.number().nullable(),
  rank_history: z.array(z.object({ date: z.string(), rank: z.number().int() })),
  coverage: statsCoverageSchema,
});
export type CamScoreStats = z.infer<typeof camScoreStatsSchema>;

export const statsBadgeSchema = z.object({
  badge_id: z.number().int(),
  earned: z.boolean(),
  earned_at: z.string().nullable(),
  period: z.string().nullable(),
});
export const statsBadgesReplySchema = z.object({
  data: z.array(statsBadgeSchema),
  coverage: statsCoverageSchema,
});
export type StatsBadge = z.infer<typeof statsBadgeSchema>;

const coverageMeta = z.object({ coverage: statsCoverageSchema });
export const statsMissesReplySchema = pageEnvelope(
  z.object({ badge_id: z.number().int(), period: z.string(), missed_at: z.string() }),
  coverageMeta,
);
export const statsAwardsReplySchema = pageEnvelope(
  z.object({ badge_id: z.number().int(), period: z.string(), earned_at: z.string() }),
  coverageMeta,
);
/** A nickname's sessions (issue 20): 12 per page, newest or longest first (or the reverse). */
export const STATS_SESSIONS_PER_PAGE = 12;
export const statsSessionsQuerySchema = z.object({
  page: queryInt().pipe(z.number().int().min(1)).default(1),
  per_page: perPage(STATS_SESSIONS_PER_PAGE),
  sort: z.enum(["start", "length"]).default("start"),
  order: z.enum(["asc", "desc"]).default("desc"),
});
export const statsSessionSchema = z.object({
  started_at: z.string(),
  ended_at: z.string(),
  seconds: z.number().int(),
  /** The statuses she was in during the session, most time first. */
  status_ids: z.array(z.number().int()),
  peak_viewers: z.number().int().nullable(),
  avg_viewers: z.number().int().nullable(),
  /** MyFreeCams only: her highest CamScore and best rank within the session. */
  max_camscore: z.number().nullable(),
  best_rank: z.number().int().nullable(),
});
export type StatsSession = z.infer<typeof statsSessionSchema>;
export const statsSessionsReplySchema = pageEnvelope(
  statsSessionSchema,
  coverageMeta.extend({ hidden: z.boolean() }),
);

export const statsTopicsReplySchema = pageEnvelope(
  z.object({ topic: z.string(), observed_at: z.string() }),
  coverageMeta,
);
export const statsNicknameChangesReplySchema = pageEnvelope(
  z.object({ old_nickname: z.string(), new_nickname: z.string(), changed_at: z.string() }),
  coverageMeta.extend({ hidden: z.boolean() }),
);
export const statsTipsReplySchema = pageEnvelope(
  z.object({ amount: z.number(), tipped_at: z.string() }),
  coverageMeta.extend({ collected: z.boolean() }),
);
export const statsSnapshotsReplySchema = pageEnvelope(snapshotSchema, coverageMeta);
