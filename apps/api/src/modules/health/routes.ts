import { pingDatabase } from "@camatlas/db";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";

const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["ok", "unreachable"]),
  engine: z.string(),
  uptime_seconds: z.number(),
});

const route = createRoute({
  method: "get",
  path: "/health",
  tags: ["system"],
  summary: "Liveness and database check",
  responses: {
    200: { description: "Healthy", content: { "application/json": { schema: healthSchema } } },
    503: {
      description: "The database does not answer",
      content: { "application/json": { schema: healthSchema } },
    },
  },
});

export function healthRoutes(engine: string) {
  return new OpenAPIHono<AppEnv>().openapi(route, async (c) => {
    const uptime = Math.round(process.uptime());
    const ok = await pingDatabase(c.var.deps.db).catch(() => false);
    const body = {
      status: ok ? "ok" : "degraded",
      database: ok ? "ok" : "unreachable",
      engine,
      uptime_seconds: uptime,
    } as const;
    return c.json(body, ok ? 200 : 503);
  });
}
