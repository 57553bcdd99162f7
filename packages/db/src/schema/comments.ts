import { COMMENT_ZONES, TEXT_LIMITS } from "@camatlas/shared";
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
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    index("comments_commentable_idx").on(t.commentZone, t.commentableId, t.createdAt),
    index("comments_user_idx").on(t.userId),
    index("comments_reply_idx").on(t.inReplyTo),
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
