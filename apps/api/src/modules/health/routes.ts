import { pingDatabase } from "@camatlas/db";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";

const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["ok", "unreachable"]),
  engine: z.string(),
  uptime_seconds: z.number(),
  /** The typo search's in-memory names: built, being built after a start, or off (searches read the database). */
  search_index: z.enum(["ready", "building", "off"]),
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
      search_index: c.var.deps.searchIndex.status(),
    } as const;
    return c.json(body, ok ? 200 : 503);
  });
}
