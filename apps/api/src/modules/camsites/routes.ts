import { listCamSites } from "@camatlas/db";
import { camSiteSummarySchema } from "@camatlas/shared/schemas/model-card";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";

const splitPipes = (value: string | null) =>
  (value ?? "")
    .split("|")
    .map((s) => s.trim())
    .filter(Boolean);

const listRoute = createRoute({
  method: "get",
  path: "/cam-sites",
  tags: ["camsites"],
  summary: "All camsites with their counters",
  responses: {
    200: {
      description: "Camsites",
      content: { "application/json": { schema: z.object({ data: z.array(camSiteSummarySchema) }) } },
    },
  },
});

export const camSiteRoutes = new OpenAPIHono<AppEnv>().openapi(listRoute, async (c) => {
  const rows = await listCamSites(c.var.deps.db);
  const data = rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    url: r.url,
    headline: r.headline,
    price_range: r.priceRange,
    advantages: splitPipes(r.advantages),
    disadvantages: splitPipes(r.disadvantages),
    known_accounts_count: r.knownAccountsCount,
    active_accounts_count: r.activeAccountsCount,
    models_registered_count: r.modelsRegisteredCount,
    models_active_count: r.modelsActiveCount,
  }));
  return c.json({ data }, 200);
});
