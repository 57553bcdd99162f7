import { pingDatabase } from "@camatlas/db";
import { readinessReply, siteEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute, jsonContent } from "../../lib/contract-route.ts";
import { collectorsSummaryOf } from "../collector-health/service.ts";
import { checkServices } from "./service-checks.ts";

const liveness = contractRoute(siteEndpoints.health, {
  access: "public",
  tags: ["system"],
  summary: "Liveness: the process answers, with the state of the database and Redis",
  replyDescription: "The process is alive; `degraded` when the database or Redis does not answer",
});

const readinessContract = contractRoute(siteEndpoints.readiness, {
  access: "public",
  tags: ["system"],
  summary: "Readiness: whether this instance can serve requests (its database answers)",
  replyDescription: "Ready (Redis may be down: the site degrades but serves)",
});
const readiness = {
  ...readinessContract,
  responses: {
    ...readinessContract.responses,
    503: { description: "The database does not answer", ...jsonContent(readinessReply) },
  },
};

export function healthRoutes(engine: string) {
  return new OpenAPIHono<AppEnv>()
    .openapi(liveness, async (c) => {
      const services = await checkServices(c.var.deps, pingDatabase);
      return c.json(
        {
          status: services.database === "ok" && services.redis !== "down" ? "ok" : "degraded",
          ...services,
          engine,
          uptime_seconds: Math.round(process.uptime()),
          search_index: c.var.deps.searchIndex.status(),
          collectors: await collectorsSummaryOf(c.var.deps, services.database === "ok"),
        } as const,
        200,
      );
    })
    .openapi(readiness, async (c) => {
      const services = await checkServices(c.var.deps, pingDatabase);
      if (services.database !== "ok") return c.json({ status: "unavailable", ...services } as const, 503);
      return c.json({ status: "ready", ...services } as const, 200);
    });
}
