import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { camSites } from "../schema/camsites.ts";
import { forumCategories, forumTopics } from "../schema/forum.ts";
import { models } from "../schema/models.ts";
import { staticPages } from "../schema/pages.ts";
import { posts } from "../schema/posts.ts";

// Entries of sitemap.xml: static pages, camsites, models, then posts, in a stable order so pages of the sitemap index
// never overlap. Only what search engines may index: published pages, indexed camsites, public indexed models.

const entries = sql`
  select 0 as kind, p.id, p.slug as slug, p.updated_at from ${staticPages} p
   where p.deleted_at is null and p.is_published
  union all
  select 1, c.id, c.slug, c.updated_at from ${camSites} c where c.deleted_at is null and c.is_indexed
  union all
  select 2, m.id, m.slug, m.updated_at from ${models} m
   where m.deleted_at is null and m.is_visible and m.merged_into_model_id is null
     and m.is_indexed_search_robots and m.page_visible_for = 'everyone'
     -- One sitemap for every visitor: a model blocked anywhere stays out of it, as her page would for some.
     and not exists (select 1 from model_blocks b where b.model_id = m.id)
  union all
  -- Live posts (published, their time come): reviews, blog, news.
  select case p.type when 'review' then 3 when 'blog' then 4 else 5 end, p.id, p.post_name, p.updated_at
    from ${posts} p
   where p.status = 'published' and p.deleted_at is null and p.published_at <= now()
  union all
  -- The forum: its categories, and its published topics as category/topic (both slugs are plain words and dashes).
  select 6, fc.id, fc.slug, fc.updated_at from ${forumCategories} fc
  union all
  select 7, t.id, fc.slug || '/' || t.slug, t.updated_at from ${forumTopics} t
    join ${forumCategories} fc on fc.id = t.category_id
   where t.deleted_at is null and t.status = 'published'`;

export type SitemapKind =
  | "page"
  | "camsite"
  | "model"
  | "review"
  | "blog"
  | "news"
  | "forum_category"
  | "forum_topic";
const KINDS: SitemapKind[] = [
  "page",
  "camsite",
  "model",
  "review",
  "blog",
  "news",
  "forum_category",
  "forum_topic",
];

// Both drivers (node-postgres, PGlite) answer raw SQL with `{ rows }`.
async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function countSitemapEntries(db: Database): Promise<number> {
  const rows = await rowsOf<{ n: string | number }>(db, sql`select count(*) as n from (${entries}) e`);
  return Number(rows[0]?.n ?? 0);
}

export async function listSitemapEntries(db: Database, offset: number, limit: number) {
  const rows = await rowsOf<{ kind: number; slug: string; updated_at: string | Date }>(
    db,
    sql`select kind, slug, updated_at from (${entries}) e order by kind, id limit ${limit} offset ${offset}`,
  );
  return rows.map((row) => ({
    kind: KINDS[Number(row.kind)]!,
    slug: row.slug,
    updatedAt: new Date(row.updated_at),
  }));
}
