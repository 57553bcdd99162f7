import { z } from "zod";
import { SITEMAP_MAX_ENTRIES, TEXT_LIMITS } from "../limits.ts";
import { queryDate, queryInt } from "../schemas/list-query.ts";
import { settingUpdateRequestSchema } from "../schemas/settings.ts";
import { collectorsSummary } from "./collectors.ts";
import { noContentReply } from "./common.ts";
import { endpoint } from "./endpoint.ts";

// The site around the catalog: page settings, the admin dashboard, adblock statistics, browser error reports, the
// sitemap's entries and the health check.

/** GET /settings-object: every readable setting, and whether each is public (admins also see private ones). */
export const settingsObjectReply = z.object({
  settings: z.record(z.string(), z.unknown()),
  is_public: z.record(z.string(), z.boolean()),
  /**
   * The blur placeholders (tiny bitmap data URLs) of the stored pictures the settings name (home header and footer,
   * login background…), by the picture's address as the setting holds it.
   */
  image_placeholders: z.record(z.string(), z.string()),
});
export type SettingsObjectReply = z.output<typeof settingsObjectReply>;

export const settingReply = z.object({ name: z.string(), value: z.unknown(), is_public: z.boolean() });
export type SettingReply = z.output<typeof settingReply>;

const count = z.number().int().nonnegative();

export const adminDashboardReply = z.object({
  counts: z.object({ users: count, models: count, nicknames: count, camsites: count }),
  pending: z.object({
    revisions: count,
    nickname_removals: count,
    verification_requests: count,
    reports: count,
    user_reviews: count,
    new_models: count,
  }),
});
export type AdminDashboardReply = z.output<typeof adminDashboardReply>;

/** One day of adblock checks. */
export const adblockDayReply = z.object({
  day: z.string(),
  enabled: z.number().int(),
  disabled: z.number().int(),
});
export type AdblockDayReply = z.output<typeof adblockDayReply>;

/** What the browser forwards of an error it caught (window.onerror, unhandled rejections, error boundaries). */
export const clientErrorRequestSchema = z.object({
  name: z.string().trim().max(200).default("Error"),
  message: z.string().trim().min(1).max(2000),
  stack: z.string().max(16_000).optional(),
  url: z.string().max(TEXT_LIMITS.url).optional(),
});
export type ClientErrorRequest = z.input<typeof clientErrorRequestSchema>;

export const sitemapEntryReply = z.object({ path: z.string(), updated_at: z.iso.datetime() });
export type SitemapEntryReply = z.output<typeof sitemapEntryReply>;

/** The database's and Redis's state as a health check saw them (`off`: REDIS_URL is not set). */
const serviceStates = {
  database: z.enum(["ok", "unreachable"]),
  redis: z.enum(["ok", "down", "off"]),
};

/**
 * GET /health (liveness): answers 200 whenever the process can answer, with the state of what it depends on;
 * `degraded` when the database or Redis does not answer (the site then serves what it can: see /health/ready).
 */
export const healthReply = z.object({
  status: z.enum(["ok", "degraded"]),
  ...serviceStates,
  engine: z.string(),
  uptime_seconds: z.number(),
  /** The typo search's in-memory names: built, being built after a start, or off (searches read the database). */
  search_index: z.enum(["ready", "building", "off"]),
  /** The camsite collectors by state (none: no collector ever ran). */
  collectors: collectorsSummary,
});
/**
 * GET /health/ready (readiness): 200 while this instance can serve requests, 503 while its database does not
 * answer (a load balancer then sends traffic elsewhere). A Redis outage does not make it unready: it degrades.
 */
export const readinessReply = z.object({
  status: z.enum(["ready", "unavailable"]),
  ...serviceStates,
});
export type ReadinessReply = z.output<typeof readinessReply>;
export type HealthReply = z.output<typeof healthReply>;

/** A day, given as "yyyy-mm-dd" or a full timestamp, kept as its date. */
const queryDay = queryDate().transform((value) => value.slice(0, 10));

export const settingEndpoints = {
  object: endpoint({ method: "get", path: "/settings-object", reply: settingsObjectReply }),
  /** Object values may be partial: the given fields replace the current ones. */
  update: endpoint({
    method: "put",
    path: "/settings/{name}",
    params: z.object({ name: z.string().max(TEXT_LIMITS.settingName) }),
    body: settingUpdateRequestSchema,
    reply: z.object({ message: z.string(), setting: settingReply }),
  }),
};

export const siteEndpoints = {
  adminDashboard: endpoint({ method: "get", path: "/admin/dashboard", reply: adminDashboardReply }),
  recordAdblockCheck: endpoint({
    method: "post",
    path: "/adblock-statistics",
    body: z.object({ is_enabled: z.boolean() }),
    reply: noContentReply,
    status: 204,
  }),
  adblockStatistics: endpoint({
    method: "get",
    path: "/admin/adblock-statistics",
    query: z.object({ from_date: queryDay.optional(), to_date: queryDay.optional() }),
    reply: z.array(adblockDayReply),
  }),
  reportClientError: endpoint({
    method: "post",
    path: "/client-errors",
    body: clientErrorRequestSchema,
    reply: noContentReply,
    status: 204,
  }),
  sitemapEntries: endpoint({
    method: "get",
    path: "/sitemap-entries",
    query: z.object({
      page: queryInt().pipe(z.number().int().min(1)).default(1),
      per_page: queryInt()
        .pipe(z.number().int().min(1).max(SITEMAP_MAX_ENTRIES))
        .default(SITEMAP_MAX_ENTRIES),
    }),
    reply: z.object({
      entries: z.array(sitemapEntryReply),
      total: z.number().int(),
      current_page: z.number().int(),
      last_page: z.number().int(),
    }),
  }),
  health: endpoint({ method: "get", path: "/health", reply: healthReply }),
  readiness: endpoint({ method: "get", path: "/health/ready", reply: readinessReply }),
};
