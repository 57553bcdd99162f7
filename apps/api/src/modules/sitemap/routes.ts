import { countSitemapEntries, listSitemapEntries, type SitemapKind } from "@camatlas/db";
import { postPath, SITEMAP_MAX_ENTRIES } from "@camatlas/shared";
import { siteEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";

const entriesRoute = contractRoute(siteEndpoints.sitemapEntries, {
  access: "public",
  tags: ["system"],
  summary: `Indexable pages for sitemap.xml: static pages, camsites, models, live posts, forum categories and topics; ${SITEMAP_MAX_ENTRIES} per page (one sitemap file each)`,
  replyDescription: "Entries of one sitemap file, and how many files there are",
});

const PATH_OF: Record<SitemapKind, (slug: string) => string> = {
  page: (slug) => `/${slug}`,
  camsite: (slug) => `/camsites/${encodeURIComponent(slug)}`,
  model: (slug) => `/models/${encodeURIComponent(slug)}`,
  review: (name) => postPath("review", name),
  blog: (name) => postPath("blog", name),
  news: (name) => postPath("news", name),
  forum_category: (slug) => `/forum/${slug}`,
  forum_topic: (categoryAndTopic) => `/forum/${categoryAndTopic}`,
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
