import { and, count, desc, eq, gte, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { camSites } from "../schema/camsites.ts";
import {
  forumBans,
  forumCategories,
  forumPosts,
  forumReadStates,
  forumSubscriptions,
  forumTopicCamsites,
  forumTopicModels,
  forumTopics,
} from "../schema/forum.ts";
import { media } from "../schema/media.ts";
import { models } from "../schema/models.ts";
import { users } from "../schema/users.ts";
import { type ModelViewer, modelPageVisibleTo } from "./model-visibility.ts";
import { intArrayParam } from "./sql-array-params.ts";

// Forum topics: lists (a category, a model's Discussions, a member's topics), one topic, writes, follows, read marks.

const author = sql`(select json_build_object('id', u.id, 'nick_name', u.nick_name, 'avatar_path', (select m.path from ${media} m
  where m.id = u.avatar_media_id and m.deleted_at is null), 'avatar_blurhash', (select m.blurhash from ${media} m
  where m.id = u.avatar_media_id and m.deleted_at is null))
  from ${users} u where u.id = `;

export interface ForumUserRefRow {
  id: number;
  nick_name: string;
  avatar_path: string | null;
  avatar_blurhash?: string | null;
}

const topicColumns = {
  id: forumTopics.id,
  slug: forumTopics.slug,
  title: forumTopics.title,
  categoryId: forumTopics.categoryId,
  categorySlug: forumCategories.slug,
  categoryTitle: forumCategories.title,
  categoryPostingAccess: forumCategories.postingAccess,
  userId: forumTopics.userId,
  tags: forumTopics.tags,
  isPinned: forumTopics.isPinned,
  isLocked: forumTopics.isLocked,
  status: forumTopics.status,
  solvedPostId: forumTopics.solvedPostId,
  mergedIntoTopicId: forumTopics.mergedIntoTopicId,
  postsCount: forumTopics.postsCount,
  lastPosition: forumTopics.lastPosition,
  views: forumTopics.views,
  lastPostAt: forumTopics.lastPostAt,
  createdAt: forumTopics.createdAt,
  deletedAt: forumTopics.deletedAt,
  author: sql<ForumUserRefRow | null>`${author}${forumTopics.userId})`,
  lastPostUser: sql<ForumUserRefRow | null>`${author}${forumTopics.lastPostUserId})`,
};

export type ForumTopicRow = Awaited<ReturnType<typeof selectTopics>>[number];

function selectTopics(db: Database, where: SQL | undefined) {
  return db
    .select(topicColumns)
    .from(forumTopics)
    .innerJoin(forumCategories, eq(forumCategories.id, forumTopics.categoryId))
    .where(where);
}

/** The models and camsites topics are linked to; models only when the viewer may see them. */
export async function findTopicLinks(db: Database, topicIds: number[], viewer: ModelViewer) {
  const empty = new Map<number, { models: LinkRef[]; camsites: LinkRef[] }>();
  if (topicIds.length === 0) return empty;
  const [modelRows, camsiteRows] = await Promise.all([
    db
      .select({ topicId: forumTopicModels.topicId, id: models.id, name: models.name, slug: models.slug })
      .from(forumTopicModels)
      .innerJoin(models, eq(models.id, forumTopicModels.modelId))
      .where(
        and(sql`${forumTopicModels.topicId} = any(${intArrayParam(topicIds)})`, modelPageVisibleTo(viewer)),
      ),
    db
      .select({
        topicId: forumTopicCamsites.topicId,
        id: camSites.id,
        name: camSites.name,
        slug: camSites.slug,
      })
      .from(forumTopicCamsites)
      .innerJoin(camSites, eq(camSites.id, forumTopicCamsites.camSiteId))
      .where(
        and(sql`${forumTopicCamsites.topicId} = any(${intArrayParam(topicIds)})`, isNull(camSites.deletedAt)),
      ),
  ]);
  for (const id of topicIds) empty.set(id, { models: [], camsites: [] });
  for (const row of modelRows)
    empty.get(row.topicId)?.models.push({ id: row.id, name: row.name, slug: row.slug });
  for (const row of camsiteRows)
    empty.get(row.topicId)?.camsites.push({ id: row.id, name: row.name, slug: row.slug });
  return empty;
}

export interface LinkRef {
  id: number;
  name: string;
  slug: string;
}

export interface ForumTopicFilter {
  categoryId?: number | undefined;
  modelId?: number | undefined;
  userId?: number | undefined;
  camsiteId?: number | undefined;
  tag?: string | undefined;
}

/**
 * A page of published topics: pinned first within a category, then by latest activity. A topic linked to a model
 * is listed under her only (the Discussions tab), the caller having checked that she may see the model.
 */
export async function listForumTopics(
  db: Database,
  filter: ForumTopicFilter,
  paging: { page: number; perPage: number },
) {
  const conditions: SQL[] = [sql`${forumTopics.deletedAt} is null`, sql`${forumTopics.status} = 'published'`];
  if (filter.categoryId !== undefined) conditions.push(sql`${forumTopics.categoryId} = ${filter.categoryId}`);
  if (filter.userId !== undefined) conditions.push(sql`${forumTopics.userId} = ${filter.userId}`);
  if (filter.tag) conditions.push(sql`${forumTopics.tags} @> array[${filter.tag}]::varchar[]`);
  if (filter.modelId !== undefined)
    conditions.push(
      sql`exists (select 1 from ${forumTopicModels} l where l.topic_id = ${forumTopics.id} and l.model_id = ${filter.modelId})`,
    );
  if (filter.camsiteId !== undefined)
    conditions.push(
      sql`exists (select 1 from ${forumTopicCamsites} l where l.topic_id = ${forumTopics.id} and l.cam_site_id = ${filter.camsiteId})`,
    );
  const where = and(...conditions);
  const order =
    filter.categoryId !== undefined
      ? [desc(forumTopics.isPinned), sql`${forumTopics.lastPostAt} desc nulls last`, desc(forumTopics.id)]
      : [sql`${forumTopics.lastPostAt} desc nulls last`, desc(forumTopics.id)];
  const [rows, [total]] = await Promise.all([
    selectTopics(db, where)
      .orderBy(...order)
      .limit(paging.perPage)
      .offset((Math.max(1, paging.page) - 1) * paging.perPage),
    db.select({ n: count() }).from(forumTopics).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One topic by slug or id (deleted and held ones too: the service decides who may see them). */
export async function findForumTopic(db: Database, by: { id: number } | { slug: string }) {
  const [row] = await selectTopics(
    db,
    "id" in by ? eq(forumTopics.id, by.id) : eq(forumTopics.slug, by.slug),
  ).limit(1);
  return row ?? null;
}

/**
 * A topic as one reader opens it, in one statement: the topic, and for a signed-in reader her read mark, whether
 * she follows it and whether she is banned from the forum (a page is read far more often than anything else).
 */
export async function findForumTopicForReader(db: Database, slug: string, readerId: number | null) {
  const reader = readerId ?? 0;
  const [row] = await db
    .select({
      ...topicColumns,
      readPosition: sql<number | null>`(select r.last_read_position from ${forumReadStates} r
        where r.topic_id = ${forumTopics.id} and r.user_id = ${reader})`,
      subscribed: sql<boolean>`exists (select 1 from ${forumSubscriptions} s
        where s.topic_id = ${forumTopics.id} and s.user_id = ${reader})`,
      readerBanned: sql<boolean>`exists (select 1 from ${forumBans} b
        where b.user_id = ${reader} and (b.until is null or b.until > now()))`,
    })
    .from(forumTopics)
    .innerJoin(forumCategories, eq(forumCategories.id, forumTopics.categoryId))
    .where(eq(forumTopics.slug, slug))
    .limit(1);
  return row ?? null;
}

/** Slugs already taken that start like `base` (to pick the next free `base-N`). */
export async function takenTopicSlugs(db: Database, base: string) {
  const rows = await db
    .select({ slug: forumTopics.slug })
    .from(forumTopics)
    .where(
      sql`${forumTopics.slug} = ${base} or ${forumTopics.slug} like ${`${base.replace(/[\\%_]/g, "\\$&")}-%`}`,
    );
  return new Set(rows.map((r) => r.slug));
}

export async function insertForumTopic(
  db: Database,
  values: {
    categoryId: number;
    userId: number;
    title: string;
    slug: string;
    tags: string[];
    modelId: number | null;
    status: "published" | "pending";
  },
) {
  const [row] = await db.insert(forumTopics).values(values).returning({ id: forumTopics.id });
  return row!;
}

export async function updateForumTopic(
  db: Database,
  id: number,
  values: Partial<{
    title: string;
    tags: string[];
    modelId: number | null;
    isPinned: boolean;
    isLocked: boolean;
    categoryId: number;
    status: "published" | "pending" | "rejected";
    solvedPostId: number | null;
    deletedAt: Date | null;
    mergedIntoTopicId: number | null;
  }>,
) {
  await db.update(forumTopics).set(values).where(eq(forumTopics.id, id));
}

/** Replaces a topic's linked models and camsites. */
export async function setTopicLinks(
  db: Database,
  topicId: number,
  links: { modelIds?: number[] | undefined; camsiteIds?: number[] | undefined },
) {
  if (links.modelIds) {
    await db.delete(forumTopicModels).where(eq(forumTopicModels.topicId, topicId));
    if (links.modelIds.length)
      await db.insert(forumTopicModels).values(links.modelIds.map((modelId) => ({ topicId, modelId })));
  }
  if (links.camsiteIds) {
    await db.delete(forumTopicCamsites).where(eq(forumTopicCamsites.topicId, topicId));
    if (links.camsiteIds.length)
      await db
        .insert(forumTopicCamsites)
        .values(links.camsiteIds.map((camSiteId) => ({ topicId, camSiteId })));
  }
}

/** Which of the ids are camsites that exist. */
export async function existingCamsiteIds(db: Database, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: camSites.id })
    .from(camSites)
    .where(and(inArray(camSites.id, ids), isNull(camSites.deletedAt)));
  return new Set(rows.map((r) => r.id));
}

/** Which of the ids are models the viewer may see. */
export async function visibleModelIds(db: Database, ids: number[], viewer: ModelViewer) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: models.id })
    .from(models)
    .where(and(inArray(models.id, ids), modelPageVisibleTo(viewer)));
  return new Set(rows.map((r) => r.id));
}

/** Topics a member started since a moment (deleted and held ones count: the limit is on starting them). */
export async function countTopicsStartedSince(db: Database, userId: number, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(forumTopics)
    .where(and(eq(forumTopics.userId, userId), gte(forumTopics.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Runs a write a reader causes by reading (a view, a read mark) without waiting for its WAL flush: losing the last
 * few of them in a crash costs nothing, and a page read must not wait for a disk.
 */
function relaxedWrite(db: Database, write: (tx: Database) => Promise<unknown>) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    await write(tx);
  });
}

export async function countViews(db: Database, topicId: number) {
  await relaxedWrite(db, (tx) =>
    tx
      .update(forumTopics)
      .set({ views: sql`${forumTopics.views} + 1`, updatedAt: sql`${forumTopics.updatedAt}` })
      .where(eq(forumTopics.id, topicId)),
  );
}

export async function setSubscription(db: Database, topicId: number, userId: number, subscribed: boolean) {
  if (subscribed) await db.insert(forumSubscriptions).values({ topicId, userId }).onConflictDoNothing();
  else
    await db
      .delete(forumSubscriptions)
      .where(and(eq(forumSubscriptions.topicId, topicId), eq(forumSubscriptions.userId, userId)));
}

export async function listSubscriberIds(db: Database, topicId: number) {
  const rows = await db
    .select({ userId: forumSubscriptions.userId })
    .from(forumSubscriptions)
    .where(eq(forumSubscriptions.topicId, topicId));
  return rows.map((r) => r.userId);
}

/** Moves a member's read mark forward (never back) to `position`. */
export async function markReadUpTo(db: Database, topicId: number, userId: number, position: number) {
  await relaxedWrite(db, (tx) =>
    tx
      .insert(forumReadStates)
      .values({ topicId, userId, lastReadPosition: position })
      .onConflictDoUpdate({
        target: [forumReadStates.topicId, forumReadStates.userId],
        set: {
          lastReadPosition: sql`greatest(${forumReadStates.lastReadPosition}, excluded.last_read_position)`,
          updatedAt: new Date(),
        },
      }),
  );
}

/**
 * Merges topic `fromId` into `intoId`: its posts move to the end of the target in their order (new positions after
 * the target's last), counts and latest activity follow, and the merged topic is deleted with a pointer to the
 * target (its address redirects there).
 */
export async function mergeForumTopics(db: Database, fromId: number, intoId: number) {
  await db.execute(sql`
    with target as (select last_position from ${forumTopics} where id = ${intoId}),
    moved as (
      select p.id, row_number() over (order by p.position nulls last, p.id) as n
      from ${forumPosts} p where p.topic_id = ${fromId}
    )
    update ${forumPosts} p
      set topic_id = ${intoId},
        position = case when p.position is null then null else (select last_position from target) + moved.n end
      from moved where p.id = moved.id`);
  await db.execute(sql`
    update ${forumTopics} t set
      last_position = coalesce((select max(position) from ${forumPosts} where topic_id = ${intoId}), 0),
      posts_count = (select count(*) from ${forumPosts}
        where topic_id = ${intoId} and status = 'published' and deleted_at is null),
      last_post_at = (select max(created_at) from ${forumPosts}
        where topic_id = ${intoId} and status = 'published' and deleted_at is null),
      last_post_user_id = (select user_id from ${forumPosts}
        where topic_id = ${intoId} and status = 'published' and deleted_at is null order by position desc nulls last limit 1)
    where t.id = ${intoId}`);
  await db
    .insert(forumSubscriptions)
    .select(
      db
        .select({
          topicId: sql<number>`${intoId}`.as("topic_id"),
          userId: forumSubscriptions.userId,
          createdAt: forumSubscriptions.createdAt,
        })
        .from(forumSubscriptions)
        .where(eq(forumSubscriptions.topicId, fromId)),
    )
    .onConflictDoNothing();
  await db
    .update(forumTopics)
    .set({ mergedIntoTopicId: intoId, deletedAt: new Date(), postsCount: 0 })
    .where(eq(forumTopics.id, fromId));
}

/** Published topics for the sitemap: address parts and last change. */
export async function listForumTopicsForSitemap(db: Database, limit: number) {
  return db
    .select({ slug: forumTopics.slug, categorySlug: forumCategories.slug, updatedAt: forumTopics.updatedAt })
    .from(forumTopics)
    .innerJoin(forumCategories, eq(forumCategories.id, forumTopics.categoryId))
    .where(sql`${forumTopics.deletedAt} is null and ${forumTopics.status} = 'published'`)
    .orderBy(desc(forumTopics.updatedAt))
    .limit(limit);
}
