import { countSitemapEntries, listSitemapEntries, type SitemapKind } from "@camatlas/db";
import { queryInt, SITEMAP_MAX_ENTRIES } from "@camatlas/shared";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";

const entrySchema = z.object({ path: z.string(), updated_at: z.iso.datetime() });

const entriesRoute = createRoute({
  method: "get",
  path: "/sitemap-entries",
  tags: ["system"],
  summary: `Indexable pages for sitemap.xml: static pages, camsites, models; ${SITEMAP_MAX_ENTRIES} per page (one sitemap file each)`,
  request: {
    query: z.object({
      page: queryInt().pipe(z.number().int().min(1)).default(1),
      per_page: queryInt()
        .pipe(z.number().int().min(1).max(SITEMAP_MAX_ENTRIES))
        .default(SITEMAP_MAX_ENTRIES),
    }),
  },
  responses: {
    200: {
      description: "Entries of one sitemap file, and how many files there are",
      content: {
        "application/json": {
          schema: z.object({
            entries: z.array(entrySchema),
            total: z.number().int(),
            current_page: z.number().int(),
            last_page: z.number().int(),
          }),
        },
      },
    },
  },
});

const PATH_OF: Record<SitemapKind, (slug: string) => string> = {
  page: (slug) => `/${slug}`,
  camsite: (slug) => `/camsites/${encodeURIComponent(slug)}`,
  model: (slug) => `/models/${encodeURIComponent(slug)}`,
};

export const sitemapRoutes = new OpenAPIHono<AppEnv>().openapi(entriesRoute, async (c) => {
  const { page, per_page: perPage } = c.req.valid("query");
  const { db } = c.var.deps;
  const [total, rows] = await Promise.all([
    countSitemapEntries(db),
    listSitemapEntries(db, (page - 1) * perPage, perPage),
  ]);
  const entries = rows.map((row) => ({
    path: PATH_OF[row.kind](row.slug),
    updated_at: row.updatedAt.toISOString(),
  }));
  return c.json(
    { entries, total, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)) },
    200,
  );
});
