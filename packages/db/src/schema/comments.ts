import { COMMENT_REPORT_STATUSES, COMMENT_ZONES, TEXT_LIMITS } from "@camatlas/shared";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
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
import { id, softDelete, timestamps } from "./columns.ts";
import { media } from "./media.ts";
import { users } from "./users.ts";

/** Spec §3 Comment. Guests may comment with a name and email; replies point at their parent. */
export const comments = pgTable(
  "comments",
  {
    id: id(),
    /** Where a comment hangs: its commentable_id points into the zone's table. */
    commentZone: text({ enum: COMMENT_ZONES }).notNull(),
    commentableId: integer().notNull(),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    authorName: varchar({ length: 100 }),
    authorEmail: varchar({ length: TEXT_LIMITS.email }),
    text: text().notNull(),
    /** Parent comment; deleting a parent row removes its replies (normal deletes are soft). */
    inReplyTo: integer().references((): AnyPgColumn => comments.id, { onDelete: "cascade" }),
    rankUp: integer().notNull().default(0),
    rankDown: integer().notNull().default(0),
    deletedByModel: boolean().notNull().default(false),
    /** When its author last changed the text (updated_at also moves with votes, so it cannot say "edited"). */
    editedAt: timestamp({ withTimezone: true }),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    index("comments_commentable_idx").on(t.commentZone, t.commentableId, t.createdAt),
    // A thread's first page: its top-level comments, newest first (the bench's 2,000-comment model reads this).
    index("comments_thread_top_idx")
      .on(t.commentZone, t.commentableId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.inReplyTo} is null`),
    index("comments_user_idx").on(t.userId),
    // A comment's replies in the order they were written.
    index("comments_reply_idx").on(t.inReplyTo, t.createdAt, t.id),
    // The admin queue's "recent" list.
    index("comments_created_idx").on(t.createdAt),
  ],
);

/** One vote per user and comment: +1 (liked) or -1 (disliked). */
export const commentVotes = pgTable(
  "comment_votes",
  {
    commentId: integer()
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    value: smallint().notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.userId] }),
    check("comment_votes_value_check", sql`${t.value} in (-1, 1)`),
  ],
);

export const commentMedia = pgTable(
  "comment_media",
  {
    commentId: integer()
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    mediaId: integer()
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.mediaId] })],
);

/** A user's report of a comment (one per user and comment); the admin queue lists the pending ones. */
export const commentReports = pgTable(
  "comment_reports",
  {
    id: id(),
    commentId: integer()
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: varchar({ length: 1000 }).notNull(),
    status: text({ enum: COMMENT_REPORT_STATUSES }).notNull().default("pending"),
    resolvedByUserId: integer().references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("comment_reports_comment_user_unique").on(t.commentId, t.userId),
    index("comment_reports_status_idx").on(t.status, t.createdAt),
  ],
);

/** Users an admin has barred from commenting (they keep reading, voting and everything else). */
export const commentBans = pgTable("comment_bans", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  bannedByUserId: integer().references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
