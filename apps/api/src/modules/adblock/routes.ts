import { listAdblockDays, recordAdblockCheck } from "@camatlas/db";
import { SHELL_MESSAGES } from "@camatlas/shared";
import { siteEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { validationFailed } from "../../lib/http-errors.ts";
import { rateLimit } from "../../middleware/rate-limit.ts";

const DAY_MS = 86_400_000;
/** Longest range the admin chart asks for at once. */
const MAX_RANGE_DAYS = 366;

const recordRoute = contractRoute(siteEndpoints.recordAdblockCheck, {
  invalidates: [],
  access: "public",
  tags: ["system"],
  summary: "Count one adblock check of a visit (spec §4: once per visit cycle)",
  // The browser checks once per 30 days (adblock_flag cookie); a few per hour per IP covers shared addresses.
  middleware: [rateLimit({ name: "adblock", limit: 10, windowMs: 60 * 60_000 })],
  replyDescription: "Counted",
});

const listRoute = contractRoute(siteEndpoints.adblockStatistics, {
  access: "admin",
  tags: ["system"],
  summary: "Daily counts of visits with and without an ad blocker (admins); default: the last 30 days",
  replyDescription: "One entry per day with checks, oldest first",
});

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export const adblockRoutes = new OpenAPIHono<AppEnv>()
  .openapi(recordRoute, async (c) => {
    const { is_enabled } = c.req.valid("json");
    await recordAdblockCheck(c.var.deps.db, is_enabled);
    return c.body(null, 204);
  })
  .openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const to = query.to_date ?? isoDay(new Date());
    const from = query.from_date ?? isoDay(new Date(Date.parse(to) - 29 * DAY_MS));
    if (from > to) throw validationFailed({ from_date: [SHELL_MESSAGES.dateRangeOrder] });
    if ((Date.parse(to) - Date.parse(from)) / DAY_MS > MAX_RANGE_DAYS)
      throw validationFailed({ from_date: [SHELL_MESSAGES.dateRangeTooLong] });
    return c.json(await listAdblockDays(c.var.deps.db, from, to), 200);
  });
