import { modelTimelineEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { loadModelTimeline } from "./service.ts";

// The model page's Stats tab (issue 20): one timeline across all her nicknames on every camsite, and totals.

const timelineRoute = contractRoute(modelTimelineEndpoints.timeline, {
  access: "public",
  tags: ["stats"],
  summary:
    "Her online spans on every camsite (a row per camsite, by show type) over the viewer's last 1, 7 or 30 days in time_zone, with totals across sites: time online, sessions, days active",
  replyDescription: "Her merged timeline",
  errors: { 401: "Sign in to see this model", 404: "Unknown or hidden model" },
});

export const modelTimelineRoutes = new OpenAPIHono<AppEnv>().openapi(timelineRoute, async (c) =>
  c.json(await loadModelTimeline(c, c.req.valid("param").id, c.req.valid("query")), 200),
);
