import { index, integer, pgTable, primaryKey, timestamp, varchar } from "drizzle-orm/pg-core";
import { camSites } from "./camsites.ts";
import { id, softDelete, timestamps } from "./columns.ts";
import { media } from "./media.ts";
import { models, nicknames } from "./models.ts";
import { users } from "./users.ts";

/** Spec §3 Story: unpublished until publish_at, then published, later archived (spec §4). */
export const stories = pgTable(
  "stories",
  {
    id: id(),
    modelId: integer()
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    camSiteId: integer().references(() => camSites.id),
    nicknameId: integer().references(() => nicknames.id, { onDelete: "set null" }),
    mediaId: integer()
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    /** Blur hash placeholder of the media. */
    blur: varchar({ length: 64 }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    publishAt: timestamp({ withTimezone: true }).notNull(),
    publishedAt: timestamp({ withTimezone: true }),
    archivedAt: timestamp({ withTimezone: true }),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    index("stories_model_idx").on(t.modelId, t.publishAt),
    index("stories_publish_idx").on(t.publishedAt, t.publishAt),
    index("stories_cam_site_idx").on(t.camSiteId, t.publishAt),
    index("stories_nickname_idx").on(t.nicknameId),
    index("stories_user_idx").on(t.userId),
  ],
);

export const storyViews = pgTable(
  "story_views",
  {
    storyId: integer()
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    viewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.userId] })],
);
