import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { id, softDelete, timestamps } from "./columns.ts";
import { models } from "./models.ts";
import { users } from "./users.ts";

export const forumCategories = pgTable("forum_categories", {
  id: id(),
  slug: varchar({ length: 100 }).notNull().unique(),
  title: varchar({ length: 200 }).notNull(),
  description: text(),
  position: integer().notNull().default(0),
  ...timestamps,
});

export const forumTopics = pgTable(
  "forum_topics",
  {
    id: id(),
    categoryId: integer()
      .notNull()
      .references(() => forumCategories.id, { onDelete: "cascade" }),
    /** A discussion about one model (the "Discussions" tab of her profile). */
    modelId: integer().references(() => models.id, { onDelete: "set null" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    title: varchar({ length: 200 }).notNull(),
    slug: varchar({ length: 220 }).notNull(),
    isPinned: boolean().notNull().default(false),
    isLocked: boolean().notNull().default(false),
    postsCount: integer().notNull().default(0),
    views: integer().notNull().default(0),
    lastPostAt: timestamp({ withTimezone: true }),
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

export const forumPosts = pgTable(
  "forum_posts",
  {
    id: id(),
    topicId: integer()
      .notNull()
      .references(() => forumTopics.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    body: text().notNull(),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    index("forum_posts_topic_idx").on(t.topicId, t.createdAt),
    index("forum_posts_user_idx").on(t.userId),
  ],
);
