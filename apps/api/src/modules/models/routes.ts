import {
  countModels,
  type Database,
  findModelBySlug,
  listModels,
  listNicknamesOfModels,
  MODEL_ORDERS,
} from "@camatlas/db";
import { listQuerySchema, PAGE_SIZE, queryBoolean, queryIntArray, toPageEnvelope } from "@camatlas/shared";
import { modelCardSchema, modelDetailSchema } from "@camatlas/shared/schemas/model-card";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { notFound } from "../../lib/http-errors.ts";
import { createTtlCache } from "../../lib/ttl-cache.ts";
import { presentModelCard } from "./presenter.ts";

const listQuery = listQuerySchema.extend({
  per_page: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.models),
  order_by: z.enum(MODEL_ORDERS).optional(),
  desc: queryBoolean().optional(),
  cam_site_ids: queryIntArray().optional(),
  tags_id_list: queryIntArray().optional(),
});

const listRoute = createRoute({
  method: "get",
  path: "/models",
  tags: ["models"],
  summary: "List models",
  request: { query: listQuery },
  responses: {
    200: {
      description: "A page of models",
      content: {
        "application/json": {
          schema: z.object({
            data: z.array(modelCardSchema),
            total: z.number().int(),
            current_page: z.number().int(),
            last_page: z.number().int(),
            meta: z.record(z.string(), z.unknown()),
          }),
        },
      },
    },
  },
});

const bySlugRoute = createRoute({
  method: "get",
  path: "/models/by-slug/{slug}",
  tags: ["models"],
  summary: "One model by its URL slug",
  request: { params: z.object({ slug: z.string().min(1).max(120) }) },
  responses: {
    200: { description: "The model", content: { "application/json": { schema: modelDetailSchema } } },
    404: { description: "No such model" },
  },
});

// Totals may lag by up to 30 s; counting 300k rows per page view would not. One cache per database.
const totalsByDb = new WeakMap<Database, ReturnType<typeof createTtlCache<number>>>();
function totalsOf(db: Database) {
  const cache = totalsByDb.get(db) ?? createTtlCache<number>(30_000);
  totalsByDb.set(db, cache);
  return cache;
}

export const modelRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const q = c.req.valid("query");
    const { db } = c.var.deps;
    const filters = { query: q.query, camSiteIds: q.cam_site_ids, tagIds: q.tags_id_list };
    const [rows, total] = await Promise.all([
      listModels(db, { ...filters, orderBy: q.order_by, desc: q.desc, page: q.page, perPage: q.per_page }),
      totalsOf(db).get(JSON.stringify(filters), () => countModels(db, filters)),
    ]);
    const nicknames = await listNicknamesOfModels(
      db,
      rows.map((r) => r.id),
    );
    const data = rows.map((row) => presentModelCard(row, nicknames));
    return c.json(toPageEnvelope(data, total, q.page, q.per_page), 200);
  })
  .openapi(bySlugRoute, async (c) => {
    const { slug } = c.req.valid("param");
    const { db } = c.var.deps;
    const row = await findModelBySlug(db, slug);
    if (!row) throw notFound();
    const nicknames = await listNicknamesOfModels(db, [row.id]);
    return c.json(
      {
        ...presentModelCard(row, nicknames),
        display_name: row.displayName,
        about: row.about,
        is_indexed_search_robots: row.isIndexedSearchRobots,
      },
      200,
    );
  });
