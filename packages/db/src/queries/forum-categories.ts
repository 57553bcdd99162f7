import { asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { forumCategories, forumTopics } from "../schema/forum.ts";
import { media } from "../schema/media.ts";
import { users } from "../schema/users.ts";

// Forum categories: admin-managed, each with its topic and post counts and its latest topic.

const categoryColumns = {
  id: forumCategories.id,
  slug: forumCategories.slug,
  title: forumCategories.title,
  description: forumCategories.description,
  position: forumCategories.position,
  postingAccess: forumCategories.postingAccess,
};

export type ForumCategoryRow = NonNullable<Awaited<ReturnType<typeof findForumCategory>>>;

/** One category by id or slug, or null. */
export async function findForumCategory(db: Database, by: { id: number } | { slug: string }) {
  const [row] = await db
    .select(categoryColumns)
    .from(forumCategories)
    .where("id" in by ? eq(forumCategories.id, by.id) : eq(forumCategories.slug, by.slug))
    .limit(1);
  return row ?? null;
}

/** Published, not deleted topics: the ones lists show and counts count. */
export const listedTopic = sql`${forumTopics.deletedAt} is null and ${forumTopics.status} = 'published'`;

/**
 * Every category in order, with its counts and latest topic: one grouped scan of the topics (a few thousand rows
 * at this site's size) and one lateral read per category through the category index.
 */
export async function listForumCategories(db: Database) {
  const rows = await db
    .select({
      ...categoryColumns,
      topicsCount: sql<number>`coalesce(stats.topics, 0)::int`,
      postsCount: sql<number>`coalesce(stats.posts, 0)::int`,
      lastTitle: sql<string | null>`latest.title`,
      lastSlug: sql<string | null>`latest.slug`,
      lastPostAt: sql<string | null>`latest.last_post_at`,
      lastUserId: sql<number | null>`latest.user_id`,
      lastUserNick: sql<string | null>`latest.nick_name`,
      lastUserAvatar: sql<string | null>`latest.avatar_path`,
      lastUserAvatarBlurhash: sql<string | null>`latest.avatar_blurhash`,
    })
    .from(forumCategories)
    .leftJoin(
      sql`(select t.category_id, count(*) as topics, sum(t.posts_count) as posts from ${forumTopics} t
        where t.deleted_at is null and t.status = 'published' group by t.category_id) stats`,
      sql`stats.category_id = ${forumCategories.id}`,
    )
    .leftJoin(
      sql`lateral (select t.title, t.slug, t.last_post_at, u.id as user_id, u.nick_name, m.path as avatar_path,
        m.blurhash as avatar_blurhash
        from ${forumTopics} t
        left join ${users} u on u.id = t.last_post_user_id
        left join ${media} m on m.id = u.avatar_media_id and m.deleted_at is null
        where t.category_id = ${forumCategories.id} and t.deleted_at is null and t.status = 'published'
        order by t.last_post_at desc nulls last limit 1) latest`,
      sql`true`,
    )
    .orderBy(asc(forumCategories.position), asc(forumCategories.title));
  return rows.map((row) => ({
    ...row,
    lastPostAt: row.lastPostAt ? new Date(row.lastPostAt) : null,
  }));
}

export async function insertForumCategory(
  db: Database,
  values: {
    slug: string;
    title: string;
    description: string | null;
    position: number;
    postingAccess: "members" | "admins";
  },
) {
  const [row] = await db.insert(forumCategories).values(values).returning({ id: forumCategories.id });
  return row!;
}

export async function updateForumCategory(
  db: Database,
  id: number,
  values: Partial<{
    slug: string;
    title: string;
    description: string | null;
    position: number;
    postingAccess: "members" | "admins";
  }>,
) {
  await db.update(forumCategories).set(values).where(eq(forumCategories.id, id));
}

export async function deleteForumCategory(db: Database, id: number) {
  await db.delete(forumCategories).where(eq(forumCategories.id, id));
}

/** Topics in a category, deleted ones included (a category is deleted only when it holds none). */
export async function countAllTopicsInCategory(db: Database, id: number) {
  const [row] = await db
    .select({ n: count() })
    .from(forumTopics)
    .where(sql`${forumTopics.categoryId} = ${id} and ${forumTopics.deletedAt} is null`);
  return row?.n ?? 0;
}
