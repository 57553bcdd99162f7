import { TEXT_LIMITS, USER_REVIEW_STATUSES } from "@camatlas/shared";
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
import { id, softDelete, timestamps } from "./columns.ts";
import { media } from "./media.ts";
import { models, nicknames } from "./models.ts";
import { users } from "./users.ts";

export const userReviews = pgTable(
  "user_reviews",
  {
    id: id(),
    modelId: integer()
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: varchar({ length: TEXT_LIMITS.title }).notNull(),
    body: text().notNull(),
    wordCount: integer().notNull().default(0),
    rating: smallint(),
    /** Spec §4: approved and hidden_by_model count as approved; pending and rejected are not shown. */
    status: text({ enum: USER_REVIEW_STATUSES }).notNull().default("pending"),
    /** Removed by an admin: also soft-deleted (deleted_at), kept for the author's history in the admin queue. */
    removedByAdmin: boolean().notNull().default(false),
    removalReason: text(),
    videoMediaId: integer().references(() => media.id, { onDelete: "set null" }),
    reviewedByUserId: integer().references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp({ withTimezone: true }),
    rejectionReason: text(),
    votes: integer().notNull().default(0),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    // A model's reviews of a status, newest first (the User Reviews tab).
    index("user_reviews_model_idx").on(t.modelId, t.status, t.createdAt),
    index("user_reviews_user_idx").on(t.userId, t.createdAt),
    index("user_reviews_status_idx").on(t.status, t.createdAt),
    // Published reviews only: counts of the public lists read it alone (index-only), not the wide rows.
    index("user_reviews_published_idx")
      .on(t.modelId, t.createdAt)
      .where(sql`${t.status} = 'approved' and ${t.deletedAt} is null`),
    // One live review per user per model (a rejected or removed one may be written again); decides races.
    uniqueIndex("user_reviews_one_per_model_unique")
      .on(t.userId, t.modelId)
      .where(sql`${t.deletedAt} is null and ${t.status} <> 'rejected'`),
    check("user_reviews_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);

/** The images of a review, in the author's order. */
export const userReviewImages = pgTable(
  "user_review_images",
  {
    reviewId: integer()
      .notNull()
      .references(() => userReviews.id, { onDelete: "cascade" }),
    mediaId: integer()
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    position: smallint().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.mediaId] }),
    index("user_review_images_media_idx").on(t.mediaId),
  ],
);

/** The nicknames a review covers (at most 2, enforced by the API). */
export const userReviewNicknames = pgTable(
  "user_review_nicknames",
  {
    reviewId: integer()
      .notNull()
      .references(() => userReviews.id, { onDelete: "cascade" }),
    nicknameId: integer()
      .notNull()
      .references(() => nicknames.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.nicknameId] }),
    index("user_review_nicknames_nickname_idx").on(t.nicknameId),
  ],
);

export const userReviewVotes = pgTable(
  "user_review_votes",
  {
    reviewId: integer()
      .notNull()
      .references(() => userReviews.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    value: smallint().notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.userId] }),
    check("user_review_votes_value_check", sql`${t.value} in (-1, 1)`),
  ],
);
