import { boolean, index, integer, pgTable, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { id, softDelete, timestamps } from "./columns.ts";
import { media } from "./media.ts";

/** Camsites keep the spec's fixed ids 1–41, so the id is not generated. */
export const camSites = pgTable("cam_sites", {
  id: integer().primaryKey(),
  name: varchar({ length: 100 }).notNull(),
  slug: varchar({ length: 100 }).notNull().unique(),
  url: varchar({ length: 2048 }).notNull(),
  modelUrlTemplate: varchar({ length: 2048 }).notNull(),
  headline: varchar({ length: 255 }),
  seoText: text(),
  priceRange: varchar({ length: 100 }),
  /** Pipe separated (spec §3). */
  advantages: text(),
  /** Pipe separated (spec §3). */
  disadvantages: text(),
  camSiteLogoId: integer().references(() => media.id, { onDelete: "set null" }),
  isIndexed: boolean().notNull().default(true),
  // Counters refreshed by a job so lists never count millions of rows per request.
  knownAccountsCount: integer().notNull().default(0),
  activeAccountsCount: integer().notNull().default(0),
  modelsRegisteredCount: integer().notNull().default(0),
  modelsActiveCount: integer().notNull().default(0),
  ...timestamps,
  ...softDelete,
});

/** An old slug answers with is_redirect + redirect_url (spec §7). */
export const camSiteSlugRedirects = pgTable("cam_site_slug_redirects", {
  oldSlug: varchar({ length: 100 }).primaryKey(),
  camSiteId: integer()
    .notNull()
    .references(() => camSites.id, { onDelete: "cascade" }),
});

export const camSiteMeta = pgTable(
  "cam_site_meta",
  {
    id: id(),
    camSiteId: integer()
      .notNull()
      .references(() => camSites.id, { onDelete: "cascade" }),
    metaKey: varchar({ length: 100 }).notNull(),
    metaValue: text().notNull(),
    type: varchar({ length: 32 }).notNull().default("text"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("cam_site_meta_key_unique").on(t.camSiteId, t.metaKey),
    index("cam_site_meta_cam_site_idx").on(t.camSiteId),
  ],
);
