import { pingDatabase } from "@camatlas/db";
import { healthReply, siteEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute, jsonContent } from "../../lib/contract-route.ts";

const contract = contractRoute(siteEndpoints.health, {
  access: "public",
  tags: ["system"],
  summary: "Liveness and database check",
  replyDescription: "Healthy",
});
// The same body answers 503 when the database does not answer.
const route = {
  ...contract,
  responses: {
    ...contract.responses,
    503: { description: "The database does not answer", ...jsonContent(healthReply) },
  },
};

export function healthRoutes(engine: string) {
  return new OpenAPIHono<AppEnv>().openapi(route, async (c) => {
    const uptime = Math.round(process.uptime());
    const ok = await pingDatabase(c.var.deps.db).catch(() => false);
    const body = {
      status: ok ? "ok" : "degraded",
      database: ok ? "ok" : "unreachable",
      engine,
      uptime_seconds: uptime,
      search_index: c.var.deps.searchIndex.status(),
    } as const;
    return c.json(body, ok ? 200 : 503);
  });
}
