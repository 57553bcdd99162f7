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
    removedByAdmin: boolean().notNull().default(false),
    imageMediaId: integer().references(() => media.id, { onDelete: "set null" }),
    videoMediaId: integer().references(() => media.id, { onDelete: "set null" }),
    reviewedByUserId: integer().references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp({ withTimezone: true }),
    rejectionReason: text(),
    votes: integer().notNull().default(0),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    index("user_reviews_model_idx").on(t.modelId, t.status),
    index("user_reviews_user_idx").on(t.userId),
    index("user_reviews_status_idx").on(t.status, t.createdAt),
    check("user_reviews_rating_check", sql`${t.rating} between 1 and 5`),
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
