import { PAGE_NAV_PLACEMENTS, TEXT_LIMITS } from "@camatlas/shared";
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";
import { id, softDelete, timestamps } from "./columns.ts";
import { media } from "./media.ts";
import { models } from "./models.ts";

/** Admin-managed pages served at /{pageSlug} (About, Terms, Privacy, DMCA, Contact …). */
export const staticPages = pgTable("static_pages", {
  id: id(),
  slug: varchar({ length: 100 }).notNull().unique(),
  title: varchar({ length: TEXT_LIMITS.title }).notNull(),
  body: text().notNull().default(""),
  metaTitle: varchar({ length: TEXT_LIMITS.metaTitle }),
  metaDescription: varchar({ length: TEXT_LIMITS.metaDescription }),
  isPublished: boolean().notNull().default(true),
  /** Linked from the shell's header menu or footer (published pages only), in `navPosition` order. */
  navPlacement: text({ enum: PAGE_NAV_PLACEMENTS }).notNull().default("none"),
  navPosition: integer().notNull().default(0),
  ...timestamps,
  ...softDelete,
});

/** Featured models on the home page, in admin order, optionally for a period. */
export const featuredModels = pgTable(
  "featured_models",
  {
    id: id(),
    modelId: integer()
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    mediaId: integer().references(() => media.id, { onDelete: "set null" }),
    position: integer().notNull().default(0),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("featured_models_position_idx").on(t.position)],
);

/** Daily counters of the adblock check (spec §4): one row per day and outcome, not one per visit. */
export const adblockStatistics = pgTable(
  "adblock_statistics",
  {
    day: date({ mode: "string" }).notNull(),
    isEnabled: boolean().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.isEnabled] })],
);
