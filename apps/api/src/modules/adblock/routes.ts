import { listAdblockDays, recordAdblockCheck } from "@camatlas/db";
import { queryDate, SHELL_MESSAGES } from "@camatlas/shared";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { validationFailed } from "../../lib/http-errors.ts";
import { rateLimit } from "../../middleware/rate-limit.ts";
import { requireAdmin } from "../../middleware/require-role.ts";

const DAY_MS = 86_400_000;
/** Longest range the admin chart asks for at once. */
const MAX_RANGE_DAYS = 366;

const recordRoute = createRoute({
  method: "post",
  path: "/adblock-statistics",
  tags: ["system"],
  summary: "Count one adblock check of a visit (spec §4: once per visit cycle)",
  // The browser checks once per 30 days (adblock_flag cookie); a few per hour per IP covers shared addresses.
  middleware: [rateLimit({ name: "adblock", limit: 10, windowMs: 60 * 60_000 })] as const,
  request: {
    body: {
      content: { "application/json": { schema: z.object({ is_enabled: z.boolean() }) } },
      required: true,
    },
  },
  responses: {
    204: { description: "Counted" },
    422: { description: "Invalid" },
    429: { description: "Too many" },
  },
});

const dayOnly = queryDate().transform((value) => value.slice(0, 10));

const listRoute = createRoute({
  method: "get",
  path: "/admin/adblock-statistics",
  tags: ["system"],
  summary: "Daily counts of visits with and without an ad blocker (admins); default: the last 30 days",
  middleware: [requireAdmin()] as const,
  request: { query: z.object({ from_date: dayOnly.optional(), to_date: dayOnly.optional() }) },
  responses: {
    200: {
      description: "One entry per day with checks, oldest first",
      content: {
        "application/json": {
          schema: z.array(
            z.object({ day: z.string(), enabled: z.number().int(), disabled: z.number().int() }),
          ),
        },
      },
    },
  },
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
