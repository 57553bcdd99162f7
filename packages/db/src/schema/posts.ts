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
import { camSites } from "./camsites.ts";
import { id, softDelete, timestamps } from "./columns.ts";
import { media } from "./media.ts";
import { models } from "./models.ts";
import { users } from "./users.ts";

/**
 * Admin reviews ("{product}s Reviews"), blog posts and news share one table (POST_TYPES). A post is public while
 * `status` is published and `published_at` has come: a later `published_at` is a scheduled post, read against the
 * clock at query time, so nothing has to run at its hour (decision 0017).
 */
export const posts = pgTable(
  "posts",
  {
    id: id(),
    type: text({ enum: POST_TYPES }).notNull(),
    postName: varchar({ length: 200 }).notNull(),
    postTitle: varchar({ length: 200 }).notNull(),
    excerpt: text(),
    /** Sanitized HTML (the editor's output after the server's allow-list). */
    body: text().notNull().default(""),
    imageMediaId: integer().references(() => media.id, { onDelete: "set null" }),
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
    // The public lists: newest first among the live posts of a kind.
    index("posts_public_idx")
      .on(t.type, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'published' and ${t.deletedAt} is null`),
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

/** A post's tags, by name (posts are tagged freely; model tags are a moderated catalog of their own). */
export const postTags = pgTable(
  "post_tags",
  {
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    tag: varchar({ length: TEXT_LIMITS.tagName }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tag] }), index("post_tags_tag_idx").on(t.tag, t.postId)],
);

/** Models a post is about: her profile's Reviews tab lists the reviews linked to her. */
export const postModels = pgTable(
  "post_models",
  {
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    modelId: integer()
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.modelId] }),
    index("post_models_model_idx").on(t.modelId, t.postId),
  ],
);

/** Camsites a post is about: the camsite page lists the reviews linked to it. */
export const postCamSites = pgTable(
  "post_cam_sites",
  {
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    camSiteId: integer()
      .notNull()
      .references(() => camSites.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.camSiteId] }),
    index("post_cam_sites_cam_site_idx").on(t.camSiteId, t.postId),
  ],
);

/** A renamed post keeps answering on its old address of the same kind with a redirect. */
export const postSlugRedirects = pgTable(
  "post_slug_redirects",
  {
    type: text({ enum: POST_TYPES }).notNull(),
    oldPostName: varchar({ length: 200 }).notNull(),
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.oldPostName] }),
    index("post_slug_redirects_post_idx").on(t.postId),
  ],
);
