import {
  FORUM_POST_STATUSES,
  FORUM_POSTING_ACCESS,
  FORUM_REPORT_REASONS,
  FORUM_REPORT_STATUSES,
} from "@camatlas/shared/forum";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { camSites } from "./camsites.ts";
import { id, softDelete, timestamps } from "./columns.ts";
import { media } from "./media.ts";
import { models } from "./models.ts";
import { users } from "./users.ts";

// The forum (decision 0018): categories → topics → posts, posts in their own table with a position in their topic,
// so any page of a long thread is one index range read.

export const forumCategories = pgTable("forum_categories", {
  id: id(),
  slug: varchar({ length: 100 }).notNull().unique(),
  title: varchar({ length: 200 }).notNull(),
  description: text(),
  position: integer().notNull().default(0),
  /** Who may start topics and reply here. */
  postingAccess: text({ enum: FORUM_POSTING_ACCESS }).notNull().default("members"),
  ...timestamps,
});

export const forumTopics = pgTable(
  "forum_topics",
  {
    id: id(),
    categoryId: integer()
      .notNull()
      .references(() => forumCategories.id, { onDelete: "cascade" }),
    /** The first of its linked models (forum_topic_models holds them all). */
    modelId: integer().references(() => models.id, { onDelete: "set null" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    title: varchar({ length: 200 }).notNull(),
    slug: varchar({ length: 220 }).notNull(),
    /** Free labels chosen by the author (lowercase words). */
    tags: varchar({ length: 30 }).array().notNull().default(sql`'{}'::varchar[]`),
    isPinned: boolean().notNull().default(false),
    isLocked: boolean().notNull().default(false),
    /** pending while its first post waits for approval; only published topics are listed. */
    status: text({ enum: FORUM_POST_STATUSES }).notNull().default("published"),
    /** The post its author (or an admin) marked as the answer. */
    solvedPostId: integer(),
    /** Set when an admin merged this topic into another: its address then leads there. */
    mergedIntoTopicId: integer(),
    /** Published posts, the first included. */
    postsCount: integer().notNull().default(0),
    /** The highest position given to a post so far (positions are never reused). */
    lastPosition: integer().notNull().default(0),
    views: integer().notNull().default(0),
    lastPostAt: timestamp({ withTimezone: true }),
    lastPostUserId: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    uniqueIndex("forum_topics_slug_unique").on(t.slug),
    index("forum_topics_category_idx").on(t.categoryId, t.isPinned, t.lastPostAt),
    index("forum_topics_model_idx").on(t.modelId),
    index("forum_topics_user_idx").on(t.userId),
  ],
);

/** Models a topic is about (the Discussions tab of her profile). */
export const forumTopicModels = pgTable(
  "forum_topic_models",
  {
    topicId: integer()
      .notNull()
      .references(() => forumTopics.id, { onDelete: "cascade" }),
    modelId: integer()
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.topicId, t.modelId] }),
    index("forum_topic_models_model_idx").on(t.modelId),
  ],
);

/** Camsites a topic is about. */
export const forumTopicCamsites = pgTable(
  "forum_topic_camsites",
  {
    topicId: integer()
      .notNull()
      .references(() => forumTopics.id, { onDelete: "cascade" }),
    camSiteId: integer()
      .notNull()
      .references(() => camSites.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.topicId, t.camSiteId] }),
    index("forum_topic_camsites_camsite_idx").on(t.camSiteId),
  ],
);

export const forumPosts = pgTable(
  "forum_posts",
  {
    id: id(),
    topicId: integer()
      .notNull()
      .references(() => forumTopics.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    /** 1 for the topic's opening post, then 2, 3…; null while held for approval. Pages read position ranges. */
    position: integer(),
    body: text().notNull(),
    status: text({ enum: FORUM_POST_STATUSES }).notNull().default("published"),
    /** Sum of the votes (+1/−1). */
    score: integer().notNull().default(0),
    editedAt: timestamp({ withTimezone: true }),
    deletedByUserId: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    index("forum_posts_topic_idx").on(t.topicId, t.createdAt),
    uniqueIndex("forum_posts_topic_position_unique").on(t.topicId, t.position),
    index("forum_posts_user_idx").on(t.userId, t.createdAt),
    index("forum_posts_pending_idx").on(t.status, t.createdAt),
  ],
);

/** One vote per member and post: +1 or −1. */
export const forumPostVotes = pgTable(
  "forum_post_votes",
  {
    postId: integer()
      .notNull()
      .references(() => forumPosts.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    value: smallint().notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    check("forum_post_votes_value_check", sql`${t.value} in (-1, 1)`),
  ],
);

/** The text a post (and, for an opening post, its topic's title) had before each edit: admins read the history. */
export const forumPostRevisions = pgTable(
  "forum_post_revisions",
  {
    id: id(),
    postId: integer()
      .notNull()
      .references(() => forumPosts.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    title: varchar({ length: 200 }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("forum_post_revisions_post_idx").on(t.postId, t.createdAt)],
);

/** Images attached to a post. */
export const forumPostMedia = pgTable(
  "forum_post_media",
  {
    postId: integer()
      .notNull()
      .references(() => forumPosts.id, { onDelete: "cascade" }),
    mediaId: integer()
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    position: smallint().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.mediaId] })],
);

/** Members following a topic: told about its replies. Its starter follows it from the start. */
export const forumSubscriptions = pgTable(
  "forum_subscriptions",
  {
    topicId: integer()
      .notNull()
      .references(() => forumTopics.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.userId] }), index("forum_subscriptions_user_idx").on(t.userId)],
);

/** How far a member has read a topic: the highest post position she has seen (jump to the first unread). */
export const forumReadStates = pgTable(
  "forum_read_states",
  {
    topicId: integer()
      .notNull()
      .references(() => forumTopics.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadPosition: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.userId] })],
);

/** A member's report of a post, for the admins' queue. */
export const forumReports = pgTable(
  "forum_reports",
  {
    id: id(),
    postId: integer()
      .notNull()
      .references(() => forumPosts.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    reason: text({ enum: FORUM_REPORT_REASONS }).notNull(),
    note: varchar({ length: 500 }),
    status: text({ enum: FORUM_REPORT_STATUSES }).notNull().default("pending"),
    resolvedByUserId: integer().references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("forum_reports_status_idx").on(t.status, t.createdAt),
    uniqueIndex("forum_reports_post_user_unique").on(t.postId, t.userId),
  ],
);

/** Members an admin banned from the forum: they read, but may not post, vote or report until `until` (null: for good). */
export const forumBans = pgTable("forum_bans", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  reason: varchar({ length: 500 }),
  until: timestamp({ withTimezone: true }),
  bannedByUserId: integer().references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
