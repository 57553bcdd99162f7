import {
  BLOCK_TYPES,
  DECISION_STATUSES,
  LINK_CATEGORIES,
  LINK_CONTAINS,
  MODEL_GENDERS,
  MODEL_REPORT_REASONS,
  MODERATION_STATES,
  NICKNAME_TYPES,
  OFFLINE_STATUS_ID,
  PAGE_VISIBLE_FOR,
  STATS_GRAPH_DETAILS_STATUSES,
  TEXT_LIMITS,
} from "@camatlas/shared";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { camSites } from "./camsites.ts";
import { id, softDelete, timestamps } from "./columns.ts";
import { media } from "./media.ts";
import { users } from "./users.ts";

export const models = pgTable(
  "models",
  {
    id: id(),
    slug: varchar({ length: 120 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    birthday: date({ mode: "string" }),
    country: varchar({ length: 2 }),
    region: varchar({ length: 10 }),
    city: varchar({ length: TEXT_LIMITS.city }),
    gender: text({ enum: MODEL_GENDERS }).notNull().default("female"),
    startedAt: date({ mode: "string" }),
    finishedAt: date({ mode: "string" }),
    avatarMediaId: integer().references(() => media.id, { onDelete: "set null" }),
    /** The verified camgirl bound to this model (spec: verified when a user is bound). */
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    createdByUserId: integer().references(() => users.id, { onDelete: "set null" }),
    forbidAvatarChanges: boolean().notNull().default(false),
    moderationState: text({ enum: MODERATION_STATES }).notNull().default("new"),
    hasUncheckedRevisions: boolean().notNull().default(false),
    /** When an admin approved a user-created profile; null while a new one waits in the queue. */
    moderationCheckedAt: timestamp({ withTimezone: true }),
    isVisible: boolean().notNull().default(true),
    ratingVotes: integer().notNull().default(0),
    ratingSum: integer().notNull().default(0),
    rating: real().notNull().default(0),
    lastActivityAt: timestamp({ withTimezone: true }),
    /** Meta title and description (spec: display_name, about). */
    displayName: varchar({ length: 160 }),
    about: varchar({ length: 320 }),
    isIndexedSearchRobots: boolean().notNull().default(true),
    // Visibility settings (spec §3), owned by the bound camgirl and admins.
    pageVisibleFor: text({ enum: PAGE_VISIBLE_FOR }).notNull().default("everyone"),
    isCountryAgeHidden: boolean().notNull().default(false),
    isStatsPageLastActivityHidden: boolean().notNull().default(false),
    isStatsPagePastNicknamesHidden: boolean().notNull().default(false),
    statsPageActivityGraphDetailsStatus: text({ enum: STATS_GRAPH_DETAILS_STATUSES })
      .notNull()
      .default("show_all_data"),
    isStatsPageLongestSessionsHidden: boolean().notNull().default(false),
    /** Set when this profile was merged into another: reads answer with a redirect. */
    mergedIntoModelId: integer(),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    uniqueIndex("models_slug_unique").on(t.slug),
    index("models_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    // The default listing (best rated first) reads this index in order and stops after one page.
    index("models_listing_rating_idx")
      .on(t.rating.desc().nullsFirst(), t.ratingVotes.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null and ${t.isVisible} and ${t.mergedIntoModelId} is null`),
    // The other list orders (home carousel: last activity; newest; name) read their own index and stop after a page.
    index("models_listing_last_activity_idx")
      .on(t.lastActivityAt.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null and ${t.isVisible} and ${t.mergedIntoModelId} is null`),
    index("models_listing_newest_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null and ${t.isVisible} and ${t.mergedIntoModelId} is null`),
    index("models_listing_name_idx")
      .on(t.name, t.id)
      .where(sql`${t.deletedAt} is null and ${t.isVisible} and ${t.mergedIntoModelId} is null`),
    index("models_last_activity_idx").on(t.lastActivityAt),
    index("models_created_at_idx").on(t.createdAt),
    index("models_user_id_idx").on(t.userId),
    index("models_moderation_idx").on(t.moderationState, t.hasUncheckedRevisions),
  ],
);

/** Renamed models keep answering on their old slug with a redirect reply. */
export const modelSlugRedirects = pgTable("model_slug_redirects", {
  oldSlug: varchar({ length: 120 }).primaryKey(),
  modelId: integer()
    .notNull()
    .references(() => models.id, { onDelete: "cascade" }),
});

/** Spec §3 Model content: generated text from a template combination, or a unique text. */
export const modelContent = pgTable("model_content", {
  modelId: integer()
    .primaryKey()
    .references(() => models.id, { onDelete: "cascade" }),
  isPublic: boolean().notNull().default(true),
  generatedText: text(),
  uniqueText: text(),
  isUniqueTextUsed: boolean().notNull().default(false),
  combination: jsonb().$type<number[]>().notNull().default([]),
  ...timestamps,
});

export const nicknames = pgTable(
  "nicknames",
  {
    id: id(),
    nickname: varchar({ length: 100 }).notNull(),
    /** Display name as the camsite shows it. */
    name: varchar({ length: 100 }),
    type: text({ enum: NICKNAME_TYPES }).notNull().default("solo"),
    isActive: boolean().notNull().default(true),
    recycled: boolean().notNull().default(false),
    /** Current status; a nickname is offline by default (spec §4). */
    activityStatusId: smallint().notNull().default(OFFLINE_STATUS_ID),
    camSiteId: integer()
      .notNull()
      .references(() => camSites.id),
    /** Null for stats nicknames not yet linked to a model. */
    modelId: integer().references(() => models.id, { onDelete: "set null" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    isBot: boolean().notNull().default(false),
    hasStats: boolean().notNull().default(false),
    firstSeenAt: timestamp({ withTimezone: true }),
    lastSeenAt: timestamp({ withTimezone: true }),
    lastActivityAt: timestamp({ withTimezone: true }),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    uniqueIndex("nicknames_cam_site_nickname_unique")
      .on(t.camSiteId, sql`lower(${t.nickname})`)
      .where(sql`${t.deletedAt} is null`),
    index("nicknames_model_id_idx").on(t.modelId),
    index("nicknames_nickname_trgm_idx").using("gin", sql`lower(${t.nickname}) gin_trgm_ops`),
    // The typo branch of the stats search for nicknames no model bears (decision 0046): a trigram `%` scan over every
    // nickname rechecked thousands of rows for a short word; those of models are found through the search names.
    index("nicknames_unbound_stats_trgm_idx")
      .using("gin", sql`lower(${t.nickname}) gin_trgm_ops`)
      .where(sql`${t.modelId} is null and ${t.hasStats} and ${t.deletedAt} is null`),
    // The stats search's substring branch (decision 0049): nicknames with statistics only, a third of them at scale;
    // through the index of every nickname, "eyes" rechecked 7,800 rows to keep 2,600.
    index("nicknames_stats_trgm_idx")
      .using("gin", sql`lower(${t.nickname}) gin_trgm_ops`)
      .where(sql`${t.hasStats} and ${t.deletedAt} is null`),
    index("nicknames_status_idx").on(t.camSiteId, t.activityStatusId),
    index("nicknames_last_activity_idx").on(t.lastActivityAt),
  ],
);

export const tags = pgTable("tags", {
  id: id(),
  name: varchar({ length: TEXT_LIMITS.tagName }).notNull().unique(),
  slug: varchar({ length: 64 }).notNull().unique(),
  /** Optional tag page text. */
  page: text(),
  ...timestamps,
});

export const modelTags = pgTable(
  "model_tags",
  {
    modelId: integer()
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.modelId, t.tagId] }), index("model_tags_tag_idx").on(t.tagId)],
);

export const modelLinks = pgTable(
  "model_links",
  {
    id: id(),
    modelId: integer()
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    label: varchar({ length: TEXT_LIMITS.linkLabel }).notNull(),
    url: varchar({ length: TEXT_LIMITS.url }).notNull(),
    category: text({ enum: LINK_CATEGORIES }).notNull().default("other"),
    contains: text({ enum: LINK_CONTAINS }).notNull().default("text_only"),
    status: text({ enum: DECISION_STATUSES }).notNull().default("approved"),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
    ...softDelete,
  },
  (t) => [index("model_links_model_idx").on(t.modelId)],
);

/** Geo or IP blocks chosen by the model (spec §3 Block). */
export const modelBlocks = pgTable(
  "model_blocks",
  {
    id: id(),
    modelId: integer()
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    blockableType: text({ enum: BLOCK_TYPES }).notNull(),
    /** Country code, region code or IP/CIDR, by type. */
    location: varchar({ length: 64 }).notNull(),
    blockableId: integer(),
    ...timestamps,
  },
  (t) => [index("model_blocks_model_idx").on(t.modelId)],
);

/** One rating (1–5) per user and model, changeable. */
export const modelRatings = pgTable(
  "model_ratings",
  {
    modelId: integer()
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: smallint().notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.modelId, t.userId] }), index("model_ratings_user_idx").on(t.userId)],
);

/** A non-admin's edit waits here until an admin approves it (spec §4). */
export const modelRevisions = pgTable(
  "model_revisions",
  {
    id: id(),
    modelId: integer()
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    changes: jsonb().$type<Record<string, unknown>>().notNull(),
    previous: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text({ enum: DECISION_STATUSES }).notNull().default("pending"),
    reviewedByUserId: integer().references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp({ withTimezone: true }),
    note: text(),
    ...timestamps,
  },
  (t) => [
    index("model_revisions_status_idx").on(t.status, t.createdAt),
    index("model_revisions_model_idx").on(t.modelId),
  ],
);

/** Nickname removal takes effect only after admin approval (spec §4). */
export const nicknameRemovalRequests = pgTable(
  "nickname_removal_requests",
  {
    id: id(),
    nicknameId: integer()
      .notNull()
      .references(() => nicknames.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    reason: text(),
    status: text({ enum: DECISION_STATUSES }).notNull().default("pending"),
    reviewedByUserId: integer().references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("nickname_removal_status_idx").on(t.status)],
);

/** A camgirl's claim of a model, proven by a verification image. */
export const modelVerificationRequests = pgTable(
  "model_verification_requests",
  {
    id: id(),
    modelId: integer()
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mediaId: integer().references(() => media.id, { onDelete: "set null" }),
    message: text(),
    status: text({ enum: DECISION_STATUSES }).notNull().default("pending"),
    reviewedByUserId: integer().references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("model_verification_status_idx").on(t.status)],
);

export const modelReports = pgTable(
  "model_reports",
  {
    id: id(),
    modelId: integer()
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    reason: text({ enum: MODEL_REPORT_REASONS }).notNull(),
    text: text(),
    status: text({ enum: DECISION_STATUSES }).notNull().default("pending"),
    ...timestamps,
  },
  (t) => [index("model_reports_status_idx").on(t.status)],
);

/**
 * Search index of every model name and linked nickname, lowercased (kept by triggers on models and nicknames): which
 * models bear a name. Typo search finds the names in model_search_terms, then their models here.
 */
export const modelSearchNames = pgTable(
  "model_search_names",
  {
    id: id(),
    modelId: integer()
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    /** Null for the model's own name. */
    nicknameId: integer().references(() => nicknames.id, { onDelete: "cascade" }),
    camSiteId: integer(),
    name: varchar({ length: 100 }).notNull(),
    reversed: varchar({ length: 100 }).notNull(),
  },
  (t) => [
    uniqueIndex("model_search_names_nickname_unique").on(t.nicknameId),
    index("model_search_names_model_idx").on(t.modelId),
    // Also model_search_names_name_model_idx on (name text_pattern_ops) INCLUDE (model_id), made in migration 0015
    // (drizzle cannot declare INCLUDE): the models of a search's best names, read index-only.
  ],
);

/**
 * Every distinct name of model_search_names once, with how many rows bear it (kept by triggers on that table). A
 * typo search reads its candidates here: the same nickname on several camsites, or of several models, is one row,
 * so its index scans read a quarter of the entries and a branch's limit covers more different names.
 */
export const modelSearchTerms = pgTable(
  "model_search_terms",
  {
    name: varchar({ length: 100 }).notNull(),
    reversed: varchar({ length: 100 }).notNull(),
    uses: integer().notNull(),
  },
  (t) => [
    uniqueIndex("model_search_terms_name_unique").on(sql`${t.name} text_pattern_ops`),
    index("model_search_terms_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    // Also model_search_terms_first_reversed_idx on (left(name, 1), reversed text_pattern_ops) INCLUDE (name), made
    // in migration 0016 (drizzle cannot declare INCLUDE): the "same first letter, same ending" branch, index-only.
  ],
);

/** PostgreSQL's 64-bit transaction id; read as text (drizzle has no xid8 column). */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => "xid8" });

/**
 * Change log of the in-process search index: one row per model whose names, listing state, visibility, owner or
 * blocks a statement changed (written by triggers, migration 0017). An index polls the rows of transactions with
 * xid at or above its horizon, so a change is seen once its transaction commits, whenever that is.
 */
export const modelSearchChanges = pgTable(
  "model_search_changes",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** No foreign key: the change of a model deleted since must stay readable. */
    modelId: integer().notNull(),
    xid: xid8().notNull().default(sql`pg_current_xact_id()`),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("model_search_changes_xid_idx").on(t.xid),
    index("model_search_changes_changed_at_idx").on(t.changedAt),
  ],
);
