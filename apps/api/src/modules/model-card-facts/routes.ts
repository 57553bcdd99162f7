import { listModelCardFacts } from "@camatlas/db";
import { modelCardFactsEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { viewerOf } from "../models/viewer.ts";

// Model cards' extras for their viewer (issue 20): "Usually online" days and hours and whether he follows her. The card
// lists stay one reply for everyone; this small read is the viewer's part.

/** Days of rollups the usual hours are read from: recent enough to be her habits now. */
const USUAL_HOURS_DAYS = 30;

const listRoute = contractRoute(modelCardFactsEndpoints.list, {
  access: "public",
  tags: ["models"],
  summary:
    "For up to 60 model ids: her online seconds per UTC hour and per UTC weekday × hour (Monday first) over the last 30 days (null without any, or when she hides her stats graph) and whether the caller follows her; models the caller may not see are left out",
  replyDescription: "Facts of the visible models",
});

export const modelCardFactsRoutes = new OpenAPIHono<AppEnv>().openapi(listRoute, async (c) => {
  const { ids } = c.req.valid("query");
  const fromDay = new Date(Date.now() - (USUAL_HOURS_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const rows = await listModelCardFacts(c.var.deps.db, { ids, viewer: viewerOf(c), fromDay });
  return c.json(
    {
      data: rows.map((r) => ({
        id: r.id,
        hours_utc: r.hoursUtc,
        weekday_hours_utc: r.weekdayHoursUtc,
        following: r.following,
      })),
    },
    200,
  );
});
