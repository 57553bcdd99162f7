import { listCollectorHealth } from "@camatlas/db";
import { collectorEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { presentCollectorHealth } from "./presenter.ts";

const listRoute = contractRoute(collectorEndpoints.adminList, {
  access: "admin",
  tags: ["admin", "stats"],
  summary: "The camsite collectors' health: last poll, complete or not, online count, errors, lag",
  replyDescription: "Every collector that ran, by camsite name",
});

export const collectorHealthRoutes = new OpenAPIHono<AppEnv>().openapi(listRoute, async (c) => {
  const now = Date.now();
  const rows = await listCollectorHealth(c.var.deps.db);
  return c.json(
    {
      collectors: rows.map((row) => presentCollectorHealth(row, now)),
      checked_at: new Date(now).toISOString(),
    },
    200,
  );
});
