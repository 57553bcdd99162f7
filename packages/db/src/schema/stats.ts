import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { camSites } from "./camsites.ts";
import { media } from "./media.ts";
import { models, nicknames } from "./models.ts";

/**
 * Spec "Nickname activity": one row per nickname per poll that listed it. The status holds from started_at to the
 * nickname's next covering poll (ended_at = started_at + seconds; seconds is 0 while no next poll came within
 * STATS_MAX_GAP). Partitioned by month on PostgreSQL and PGlite (the migration creates the partitioned table;
 * partitions are created ahead by ingest and the worker). Pages never read it: they read the rollups.
 * No foreign key to nicknames: its per-row check locked every listed nickname row at each poll (a tenth of the
 * ingest CPU). Ingest takes ids from nicknames in the same transaction, nicknames are only soft-deleted, and a hard
 * delete still removes the nickname's rows (trigger nicknames_delete_activities, migration 0010).
 */
export const nicknameActivities = pgTable(
  "nickname_activities",
  {
    nicknameId: integer().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }).notNull(),
    seconds: integer().notNull().default(0),
    activityStatusId: smallint().notNull(),
    viewers: integer(),
    camscore: real(),
    rank: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.nicknameId, t.startedAt] }),
    index("nickname_activities_started_brin").using("brin", t.startedAt),
  ],
);

/** Daily rollup per nickname (UTC days): what stats pages read, never the raw intervals. Fillfactor 50 (migration
 * 0014): a poll rewrites every row of the day it touches, and half a page free keeps those updates in place. */
export const nicknameDailyStats = pgTable(
  "nickname_daily_stats",
  {
    nicknameId: integer()
      .notNull()
      .references(() => nicknames.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    /** Copied from the nickname, so top lists per camsite and date range read one index. */
    camSiteId: integer().notNull(),
    /** {statusId: seconds} */
    secondsByStatus: jsonb().$type<Record<string, number>>().notNull().default({}),
    onlineSeconds: integer().notNull().default(0),
    /** Sessions that started this day, and the longest of them. */
    sessions: integer().notNull().default(0),
    longestSessionSeconds: integer().notNull().default(0),
    /** Online seconds per UTC hour of the day (24 entries); an int[] is a third the size of the jsonb it replaced. */
    hourHistogram: integer().array().notNull().default([]),
    viewersSum: bigint({ mode: "number" }).notNull().default(0),
    viewersSamples: integer().notNull().default(0),
    viewersMax: integer(),
    camscoreSum: doublePrecision().notNull().default(0),
    camscoreSamples: integer().notNull().default(0),
    camscoreMin: real(),
    camscoreMax: real(),
    /** Last CamScore and rank seen that day (MyFreeCams), for the dynamic and rank history charts. */
    camscoreLast: real(),
    rankBest: integer(),
    rankLast: integer(),
    lastObservedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.nicknameId, t.day] }),
    index("nickname_daily_stats_day_idx").on(t.day),
    index("nickname_daily_stats_cam_site_day_idx").on(t.camSiteId, t.day),
  ],
);

/** Whole online sessions (maximal runs of counted online intervals), for the longest-sessions lists. */
export const nicknameSessions = pgTable(
  "nickname_sessions",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    nicknameId: integer()
      .notNull()
      .references(() => nicknames.id, { onDelete: "cascade" }),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }).notNull(),
    seconds: integer().notNull(),
  },
  // Only the (nickname, start) index: a growing session is then updated in place (HOT), and a nickname's
  // longest sessions are a sort of her own sessions. Fillfactor 50 (migration 0014), as the rollups: a poll
  // rewrites every ongoing session of a page at once.
  (t) => [index("nickname_sessions_nickname_time_idx").on(t.nicknameId, t.startedAt)],
);

/** Past nicknames (camsites with nickname changes: 3, 8, 12). */
export const nicknameChanges = pgTable(
  "nickname_changes",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    nicknameId: integer()
      .notNull()
      .references(() => nicknames.id, { onDelete: "cascade" }),
    oldNickname: varchar({ length: 100 }).notNull(),
    newNickname: varchar({ length: 100 }).notNull(),
    changedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("nickname_changes_nickname_idx").on(t.nicknameId, t.changedAt)],
);

/** Badges 1–15 (MyFreeCams): earned, or missed when `missed` is set. */
export const nicknameBadges = pgTable(
  "nickname_badges",
  {
    nicknameId: integer()
      .notNull()
      .references(() => nicknames.id, { onDelete: "cascade" }),
    badgeId: smallint().notNull(),
    period: varchar({ length: 20 }).notNull().default(""),
    missed: boolean().notNull().default(false),
    earnedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.nicknameId, t.badgeId, t.period] }),
    check("nickname_badges_badge_id_check", sql`${t.badgeId} between 1 and 15`),
  ],
);

/** Room topics seen in polls (camsites with last topics: 12, 33). */
export const nicknameTopics = pgTable(
  "nickname_topics",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    nicknameId: integer()
      .notNull()
      .references(() => nicknames.id, { onDelete: "cascade" }),
    topic: text().notNull(),
    observedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("nickname_topics_nickname_idx").on(t.nicknameId, t.observedAt)],
);

/** Spec §3 Image record: snapshots and featured pictures. */
export const imageRecords = pgTable(
  "image_records",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    modelId: integer().references(() => models.id, { onDelete: "cascade" }),
    camSiteId: integer().references(() => camSites.id),
    nicknameId: integer().references(() => nicknames.id, { onDelete: "cascade" }),
    mediaId: integer().references(() => media.id, { onDelete: "set null" }),
    type: varchar({ length: 32 }).notNull().default("snapshot"),
    width: integer(),
    height: integer(),
    featured: boolean().notNull().default(false),
    topic: text(),
    url: varchar({ length: 2048 }),
    /** The picture's BlurHash, recorded once: at ingest for a kept file, when drawn for a demo portrait. */
    blurhash: varchar({ length: 64 }),
    takenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("image_records_nickname_idx").on(t.nicknameId, t.takenAt),
    index("image_records_model_idx").on(t.modelId, t.takenAt),
    index("image_records_cam_site_idx").on(t.camSiteId, t.takenAt),
  ],
);

/** Every accepted poll, so a replayed poll is recognised and changes nothing. */
export const ingestPolls = pgTable(
  "ingest_polls",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    camSiteId: integer()
      .notNull()
      .references(() => camSites.id),
    observedAt: timestamp({ withTimezone: true }).notNull(),
    complete: boolean().notNull(),
    observations: integer().notNull().default(0),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("ingest_polls_unique").on(t.camSiteId, t.observedAt)],
);

/**
 * When each camsite was polled (decision 0043): maximal spans [started_at, ended_at] in which its consecutive polls
 * were no further apart than the gap ingestion allowed them, one row per span. Ingestion extends the latest span in
 * the poll's transaction, or opens a new one after a longer silence; a late poll may join two spans. Kept when
 * ingest_polls is pruned, so a gap inside the tracked period (an outage) can be told from time offline for all of
 * history. ended_at is not indexed, so extending the span is an in-place (HOT) update.
 */
export const camSiteCoverage = pgTable(
  "cam_site_coverage",
  {
    camSiteId: integer()
      .notNull()
      .references(() => camSites.id),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.camSiteId, t.startedAt] }),
    check("cam_site_coverage_order", sql`${t.endedAt} >= ${t.startedAt}`),
  ],
);

/** State of each camsite's collector (poll interval, last poll, health). */
export const camSiteCollectors = pgTable("cam_site_collectors", {
  camSiteId: integer()
    .primaryKey()
    .references(() => camSites.id),
  pollIntervalSeconds: integer().notNull().default(60),
  lastPollAt: timestamp({ withTimezone: true }),
  status: varchar({ length: 32 }).notNull().default("idle"),
  lastError: text(),
  trackedSince: timestamp({ withTimezone: true }),
  // The worker's own record of each run, for the health table (/admin/collectors, /api/health).
  collectorName: varchar({ length: 32 }),
  lastAttemptAt: timestamp({ withTimezone: true }),
  /** The last poll the worker stored (lastPollAt is the newest poll observed, from any source). */
  lastSuccessAt: timestamp({ withTimezone: true }),
  lastComplete: boolean(),
  lastIncompleteReason: text(),
  onlineCount: integer(),
  consecutiveFailures: integer().notNull().default(0),
  lastErrorAt: timestamp({ withTimezone: true }),
  nextPollAt: timestamp({ withTimezone: true }),
  /** When the admins were told it stalled; cleared by its next stored poll. */
  stalledNotifiedAt: timestamp({ withTimezone: true }),
});

/** Recurring background jobs (partitions, rollup repair, pruning), claimed with SKIP LOCKED by any worker. */
export const statsJobs = pgTable("stats_jobs", {
  name: varchar({ length: 64 }).primaryKey(),
  runAt: timestamp({ withTimezone: true }).notNull(),
  intervalSeconds: integer().notNull(),
  lockedUntil: timestamp({ withTimezone: true }),
  lastRunAt: timestamp({ withTimezone: true }),
  lastError: text(),
  runs: integer().notNull().default(0),
});
