import type { PostState, PostType } from "@camatlas/shared";
import {
  and,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Database } from "../client.ts";
import { camSites } from "../schema/camsites.ts";
import { media } from "../schema/media.ts";
import { models } from "../schema/models.ts";
import { postCamSites, postModels, postSlugRedirects, posts, postTags, postVotes } from "../schema/posts.ts";
import { users } from "../schema/users.ts";
import { type ModelViewer, modelPageVisibleTo } from "./model-visibility.ts";
import { escapeLike } from "./sql-like.ts";

// The posts engine's reads and writes: editorial reviews, blog and news (issue 15). A post is live when published
// and its publish time has come; `now` is passed in (the caller's clock), so every read decides at query time and a
// scheduled post appears at its minute with nothing to run (decision 0017).

export type PostRow = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;

/** Live: published, not deleted, its time come. */
export function postIsLive(now: Date): SQL {
  return and(eq(posts.status, "published"), isNull(posts.deletedAt), lte(posts.publishedAt, now))!;
}

/** The columns every list and page shows: the post and its cover. */
const teaserColumns = {
  id: posts.id,
  type: posts.type,
  postName: posts.postName,
  postTitle: posts.postTitle,
  excerpt: posts.excerpt,
  votes: posts.votes,
  status: posts.status,
  publishedAt: posts.publishedAt,
  updatedAt: posts.updatedAt,
  imagePath: media.path,
  imageBlurhash: media.blurhash,
  imageWidth: media.width,
  imageHeight: media.height,
};

export interface PostTeaserRow {
  id: number;
  type: PostType;
  postName: string;
  postTitle: string;
  excerpt: string | null;
  votes: number;
  status: PostRow["status"];
  publishedAt: Date | null;
  updatedAt: Date;
  imagePath: string | null;
  imageBlurhash: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
}

const coverJoin = and(eq(media.id, posts.imageMediaId), isNull(media.deletedAt));

export interface LivePostFilter {
  types?: readonly PostType[];
  tag?: string;
  modelId?: number;
  camSiteId?: number;
}

function liveFilter(filter: LivePostFilter, now: Date): SQL {
  const conditions: (SQL | undefined)[] = [postIsLive(now)];
  if (filter.types?.length === 1) conditions.push(eq(posts.type, filter.types[0]!));
  else if (filter.types?.length) conditions.push(inArray(posts.type, [...filter.types]));
  if (filter.tag)
    conditions.push(
      sql`exists (select 1 from ${postTags} pt where pt.post_id = ${posts.id} and lower(pt.tag) = lower(${filter.tag}))`,
    );
  if (filter.modelId !== undefined)
    conditions.push(
      sql`exists (select 1 from ${postModels} pm where pm.post_id = ${posts.id} and pm.model_id = ${filter.modelId})`,
    );
  if (filter.camSiteId !== undefined)
    conditions.push(
      sql`exists (select 1 from ${postCamSites} pc where pc.post_id = ${posts.id} and pc.cam_site_id = ${filter.camSiteId})`,
    );
  return and(...conditions)!;
}

/** A page of live posts, newest first. */
export async function listLivePostRows(
  db: Database,
  filter: LivePostFilter,
  paging: { offset: number; limit: number },
  now: Date,
): Promise<PostTeaserRow[]> {
  // The page's ids first, from the list index alone: a deep page skips thousands of index entries, not thousands
  // of joined rows.
  const pageIds = db
    .select({ id: posts.id })
    .from(posts)
    .where(liveFilter(filter, now))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const rows = await db
    .select(teaserColumns)
    .from(posts)
    .leftJoin(media, coverJoin)
    .where(inArray(posts.id, pageIds))
    .orderBy(desc(posts.publishedAt), desc(posts.id));
  return rows as PostTeaserRow[];
}

/** How many live posts a filter selects. */
export async function countLivePosts(db: Database, filter: LivePostFilter, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(posts).where(liveFilter(filter, now));
  return row?.n ?? 0;
}

/** A page of live posts, newest first, and how many there are. */
export async function listLivePosts(
  db: Database,
  filter: LivePostFilter,
  paging: { offset: number; limit: number },
  now: Date,
): Promise<{ rows: PostTeaserRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    listLivePostRows(db, filter, paging, now),
    countLivePosts(db, filter, now),
  ]);
  return { rows, total };
}

/** The next time a scheduled post goes live, or null: how long a cached list stays true. */
export async function nextPostPublishTime(db: Database, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(${posts.publishedAt})` })
    .from(posts)
    .where(and(eq(posts.status, "published"), isNull(posts.deletedAt), gt(posts.publishedAt, now)));
  return row?.at ? new Date(row.at) : null;
}

export interface PostDetailRow extends PostTeaserRow {
  body: string;
  imageMediaId: number | null;
  metaTitle: string | null;
  metaDescription: string | null;
  authorNickName: string | null;
  createdAt: Date;
}

const detailColumns = {
  ...teaserColumns,
  body: posts.body,
  imageMediaId: posts.imageMediaId,
  metaTitle: posts.metaTitle,
  metaDescription: posts.metaDescription,
  authorNickName: users.nickName,
  createdAt: posts.createdAt,
};

function selectDetail(db: Database) {
  return db
    .select(detailColumns)
    .from(posts)
    .leftJoin(media, coverJoin)
    .leftJoin(users, eq(users.id, posts.authorId));
}

/** A post by its address: live only, unless `anyState` (admins preview drafts and scheduled posts). */
export async function findPostByName(
  db: Database,
  type: PostType,
  postName: string,
  options: { now: Date; anyState: boolean },
): Promise<PostDetailRow | null> {
  const [row] = await selectDetail(db)
    .where(
      and(
        eq(posts.type, type),
        eq(posts.postName, postName),
        options.anyState ? isNull(posts.deletedAt) : postIsLive(options.now),
      ),
    )
    .limit(1);
  return (row as PostDetailRow | undefined) ?? null;
}

/** A post that is not deleted, in any state. */
export async function findPostById(db: Database, id: number): Promise<PostDetailRow | null> {
  const [row] = await selectDetail(db)
    .where(and(eq(posts.id, id), isNull(posts.deletedAt)))
    .limit(1);
  return (row as PostDetailRow | undefined) ?? null;
}

/** Where an old address of a kind points now: the post's current name (live or not: the page decides). */
export async function findPostRedirect(
  db: Database,
  type: PostType,
  oldName: string,
): Promise<string | null> {
  const [row] = await db
    .select({ postName: posts.postName })
    .from(postSlugRedirects)
    .innerJoin(posts, eq(posts.id, postSlugRedirects.postId))
    .where(
      and(
        eq(postSlugRedirects.type, type),
        eq(postSlugRedirects.oldPostName, oldName),
        isNull(posts.deletedAt),
      ),
    )
    .limit(1);
  return row?.postName ?? null;
}

export interface PostLinks {
  tags: string[];
  models: { id: number; name: string; slug: string }[];
  camsites: { id: number; name: string; slug: string }[];
}

/**
 * A post's tags, its linked models the viewer may see (the model page's rule) and its linked camsites, in one
 * statement (a post's page reads it on every view; on PGlite every statement queues on one connection).
 */
export async function findPostLinks(db: Database, postId: number, viewer: ModelViewer): Promise<PostLinks> {
  const [row] = await db
    .select({
      tags: sql<string[]>`(select coalesce(json_agg(t.tag order by t.tag), '[]'::json)
        from ${postTags} t where t.post_id = ${postId})`,
      models: sql<PostLinks["models"]>`(select coalesce(json_agg(json_build_object('id', ${models.id},
          'name', ${models.name}, 'slug', ${models.slug}) order by ${models.name}), '[]'::json)
        from ${postModels} pm join ${models} on ${models.id} = pm.model_id
        where pm.post_id = ${postId} and ${modelPageVisibleTo(viewer)})`,
      camsites: sql<
        PostLinks["camsites"]
      >`(select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name,
          'slug', c.slug) order by c.name), '[]'::json)
        from ${postCamSites} pc join ${camSites} c on c.id = pc.cam_site_id
        where pc.post_id = ${postId} and c.deleted_at is null)`,
    })
    .from(sql`(select 1) one`);
  const parse = <T>(value: T | string | undefined): T =>
    (typeof value === "string" ? JSON.parse(value) : (value ?? [])) as T;
  return { tags: parse(row?.tags), models: parse(row?.models), camsites: parse(row?.camsites) };
}

/** The holder of a name among a kind's posts (deleted posts give theirs up), or null. */
export async function findPostIdByName(
  db: Database,
  type: PostType,
  postName: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.type, type), eq(posts.postName, postName)))
    .limit(1);
  return row?.id ?? null;
}

/** The camsite ids among `ids` that exist. */
export async function existingCamSiteIds(db: Database, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: camSites.id })
    .from(camSites)
    .where(and(inArray(camSites.id, [...ids]), isNull(camSites.deletedAt)));
  return rows.map((r) => r.id);
}

/** The model ids among `ids` the viewer may see (the ones a post may link, or list posts for). */
export async function postableModelIds(
  db: Database,
  ids: readonly number[],
  viewer: ModelViewer,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: models.id })
    .from(models)
    .where(and(inArray(models.id, [...ids]), modelPageVisibleTo(viewer)));
  return rows.map((r) => r.id);
}

export async function insertPost(db: Database, values: NewPost): Promise<number> {
  const [row] = await db.insert(posts).values(values).returning({ id: posts.id });
  return row!.id;
}

export async function updatePost(db: Database, id: number, values: Partial<NewPost>): Promise<void> {
  await db.update(posts).set(values).where(eq(posts.id, id));
}

/** Replaces the tags, linked models and linked camsites given (a list left undefined stays as it is). */
export async function replacePostLinks(
  db: Database,
  postId: number,
  links: { tags?: readonly string[]; modelIds?: readonly number[]; camSiteIds?: readonly number[] },
): Promise<void> {
  if (links.tags) {
    await db.delete(postTags).where(eq(postTags.postId, postId));
    if (links.tags.length) await db.insert(postTags).values(links.tags.map((tag) => ({ postId, tag })));
  }
  if (links.modelIds) {
    await db.delete(postModels).where(eq(postModels.postId, postId));
    if (links.modelIds.length)
      await db.insert(postModels).values(links.modelIds.map((modelId) => ({ postId, modelId })));
  }
  if (links.camSiteIds) {
    await db.delete(postCamSites).where(eq(postCamSites.postId, postId));
    if (links.camSiteIds.length)
      await db.insert(postCamSites).values(links.camSiteIds.map((camSiteId) => ({ postId, camSiteId })));
  }
}

/**
 * A post renamed from `oldName` to `newName`: the old address redirects to it, and the new name, if it was an old
 * address of any post of the kind, stops redirecting (the live name wins).
 */
export async function recordPostRename(
  db: Database,
  postId: number,
  type: PostType,
  oldName: string,
  newName: string,
): Promise<void> {
  await db
    .delete(postSlugRedirects)
    .where(and(eq(postSlugRedirects.type, type), eq(postSlugRedirects.oldPostName, newName)));
  await db
    .insert(postSlugRedirects)
    .values({ type, oldPostName: oldName, postId })
    .onConflictDoUpdate({
      target: [postSlugRedirects.type, postSlugRedirects.oldPostName],
      set: { postId },
    });
}

/** Soft-deletes a post and gives its address (and old ones) up for new posts. */
export async function softDeletePost(db: Database, id: number, now: Date): Promise<void> {
  await db
    .update(posts)
    .set({ deletedAt: now, postName: sql`left(${posts.postName}, 180) || '-deleted-' || ${posts.id}` })
    .where(eq(posts.id, id));
  await db.delete(postSlugRedirects).where(eq(postSlugRedirects.postId, id));
}

// ─── Votes ───────────────────────────────────────────────────────────────────

export async function findPostVote(db: Database, postId: number, userId: number): Promise<-1 | 0 | 1> {
  const [row] = await db
    .select({ value: postVotes.value })
    .from(postVotes)
    .where(and(eq(postVotes.postId, postId), eq(postVotes.userId, userId)));
  return (row?.value ?? 0) as -1 | 0 | 1;
}

/**
 * Sets the user's vote (0 removes it) and moves the post's score by the difference. The post's row is locked first,
 * so votes on one post (a double click included) are counted one after the other. Run it in a transaction. Returns
 * the new score.
 */
export async function setPostVote(
  db: Database,
  postId: number,
  userId: number,
  value: -1 | 0 | 1,
): Promise<number> {
  await db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).for("update");
  const [current] = await db
    .select({ value: postVotes.value })
    .from(postVotes)
    .where(and(eq(postVotes.postId, postId), eq(postVotes.userId, userId)));
  const previous = current?.value ?? 0;
  if (value === 0)
    await db.delete(postVotes).where(and(eq(postVotes.postId, postId), eq(postVotes.userId, userId)));
  else
    await db
      .insert(postVotes)
      .values({ postId, userId, value })
      .onConflictDoUpdate({
        target: [postVotes.postId, postVotes.userId],
        set: { value, updatedAt: new Date() },
      });
  const [row] = await db
    .update(posts)
    .set({ votes: sql`${posts.votes} + ${value - previous}`, updatedAt: sql`${posts.updatedAt}` })
    .where(eq(posts.id, postId))
    .returning({ votes: posts.votes });
  return row?.votes ?? 0;
}

// ─── The desk ────────────────────────────────────────────────────────────────

export interface AdminPostListFilter {
  type?: PostType;
  state?: PostState;
  query?: string;
}

function stateCondition(state: PostState, now: Date): SQL {
  if (state === "draft") return or(ne(posts.status, "published"), isNull(posts.publishedAt))!;
  if (state === "scheduled") return and(eq(posts.status, "published"), gt(posts.publishedAt, now))!;
  return and(eq(posts.status, "published"), lte(posts.publishedAt, now))!;
}

export interface AdminPostListRow extends PostTeaserRow {
  authorNickName: string | null;
}

/** Every post that is not deleted, newest change first, with counts per state under the other filters. */
export async function listPostsForDesk(
  db: Database,
  filter: AdminPostListFilter,
  paging: { offset: number; limit: number },
  now: Date,
): Promise<{ rows: AdminPostListRow[]; total: number; counts: Record<PostState, number> }> {
  const base: (SQL | undefined)[] = [isNull(posts.deletedAt)];
  if (filter.type) base.push(eq(posts.type, filter.type));
  if (filter.query) {
    const pattern = `%${escapeLike(filter.query)}%`;
    base.push(or(ilike(posts.postTitle, pattern), ilike(posts.postName, pattern)));
  }
  const where = and(...base, filter.state ? stateCondition(filter.state, now) : undefined);
  const [rows, [total], [counts]] = await Promise.all([
    db
      .select({ ...teaserColumns, authorNickName: users.nickName })
      .from(posts)
      .leftJoin(media, coverJoin)
      .leftJoin(users, eq(users.id, posts.authorId))
      .where(where)
      .orderBy(desc(posts.updatedAt), desc(posts.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ n: count() }).from(posts).where(where),
    db
      .select({
        draft: sql<number>`count(*) filter (where ${stateCondition("draft", now)})`.mapWith(Number),
        scheduled: sql<number>`count(*) filter (where ${stateCondition("scheduled", now)})`.mapWith(Number),
        published: sql<number>`count(*) filter (where ${stateCondition("published", now)})`.mapWith(Number),
      })
      .from(posts)
      .where(and(...base)),
  ]);
  return {
    rows: rows as AdminPostListRow[],
    total: total?.n ?? 0,
    counts: counts ?? { draft: 0, scheduled: 0, published: 0 },
  };
}

/** The latest live posts of a kind with their bodies, for its RSS/Atom feed. */
export async function listLivePostsForFeed(
  db: Database,
  type: PostType,
  limit: number,
  now: Date,
): Promise<PostDetailRow[]> {
  const rows = await selectDetail(db)
    .where(and(eq(posts.type, type), postIsLive(now)))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(limit);
  return rows as PostDetailRow[];
}

/** The camgirls bound to the models a post links, with the model each one is told about. */
export async function findPostModelOwners(
  db: Database,
  postId: number,
): Promise<{ userId: number; model: { id: number; name: string; slug: string } }[]> {
  const rows = await db
    .select({ userId: models.userId, id: models.id, name: models.name, slug: models.slug })
    .from(postModels)
    .innerJoin(models, eq(models.id, postModels.modelId))
    .where(and(eq(postModels.postId, postId), isNull(models.deletedAt), isNotNull(models.userId)));
  return rows.map((row) => ({ userId: row.userId!, model: { id: row.id, name: row.name, slug: row.slug } }));
}
