import { POST_STATUSES, POST_TYPES, TEXT_LIMITS } from "@camatlas/shared";
import { sql } from "drizzle-orm";
import {
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
import { models } from "./models.ts";
import { users } from "./users.ts";

/** Admin reviews ("{product}s Reviews"), blog posts and news share one table (POST_TYPES). */
export const posts = pgTable(
  "posts",
  {
    id: id(),
    type: text({ enum: POST_TYPES }).notNull(),
    postName: varchar({ length: 200 }).notNull(),
    postTitle: varchar({ length: 200 }).notNull(),
    excerpt: text(),
    body: text().notNull().default(""),
    imageMediaId: integer().references(() => media.id, { onDelete: "set null" }),
    modelId: integer().references(() => models.id, { onDelete: "set null" }),
    votes: integer().notNull().default(0),
    status: text({ enum: POST_STATUSES }).notNull().default("draft"),
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    publishedAt: timestamp({ withTimezone: true }),
    metaTitle: varchar({ length: TEXT_LIMITS.metaTitle }),
    metaDescription: varchar({ length: TEXT_LIMITS.metaDescription }),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    uniqueIndex("posts_type_name_unique").on(t.type, t.postName),
    index("posts_listing_idx").on(t.type, t.status, t.publishedAt),
    index("posts_model_idx").on(t.modelId),
    index("posts_author_idx").on(t.authorId),
  ],
);

export const postVotes = pgTable(
  "post_votes",
  {
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    value: smallint().notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    check("post_votes_value_check", sql`${t.value} in (-1, 1)`),
  ],
);
