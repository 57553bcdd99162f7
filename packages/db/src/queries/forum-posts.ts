import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import {
  forumCategories,
  forumPostMedia,
  forumPostRevisions,
  forumPosts,
  forumPostVotes,
  forumTopics,
} from "../schema/forum.ts";
import { media } from "../schema/media.ts";
import { users } from "../schema/users.ts";
import type { ForumUserRefRow } from "./forum-topics.ts";
import { intArrayParam } from "./sql-array-params.ts";

// Forum posts: a topic's pages (position ranges), writes with their edit history, votes, attachments, a member's posts.

const authorOf = (column: unknown) => sql<ForumUserRefRow | null>`(select json_build_object('id', u.id,
  'nick_name', u.nick_name, 'avatar_path', (select m.path from ${media} m where m.id = u.avatar_media_id and m.deleted_at is null),
  'avatar_blurhash', (select m.blurhash from ${media} m where m.id = u.avatar_media_id and m.deleted_at is null))
  from ${users} u where u.id = ${column})`;

const postColumns = {
  id: forumPosts.id,
  topicId: forumPosts.topicId,
  userId: forumPosts.userId,
  position: forumPosts.position,
  body: forumPosts.body,
  status: forumPosts.status,
  score: forumPosts.score,
  editedAt: forumPosts.editedAt,
  createdAt: forumPosts.createdAt,
  deletedAt: forumPosts.deletedAt,
  author: authorOf(forumPosts.userId),
};

export type ForumPostRow = Awaited<ReturnType<typeof findForumPost>> & object;

/** The outer post's id, qualified: inside a subquery over media an unqualified "id" would be the media's. */
const postIdOuter = sql.raw('"forum_posts"."id"');

export interface AttachmentRow {
  id: number;
  path: string;
  width: number | null;
  height: number | null;
}

/**
 * One page of a topic in one statement: the posts at positions `from`…`to` (a range read of the (topic, position)
 * index however long the topic), each with its images and the reader's vote, plus the reader's own posts still
 * held for approval (no position). Deleted posts come too: they keep their place, shown as deleted.
 */
export async function listTopicPage(
  db: Database,
  topicId: number,
  range: { from: number; to: number },
  readerId: number | null,
) {
  const mine =
    readerId === null
      ? sql`false`
      : sql`(${forumPosts.status} = 'pending' and ${forumPosts.userId} = ${readerId} and ${forumPosts.deletedAt} is null)`;
  return db
    .select({
      ...postColumns,
      myVote:
        readerId === null
          ? sql<number>`0`
          : sql<number>`coalesce((select v.value from ${forumPostVotes} v
              where v.post_id = ${postIdOuter} and v.user_id = ${readerId}), 0)::int`,
      attachments: sql<
        AttachmentRow[]
      >`coalesce((select json_agg(json_build_object('id', m.id, 'path', m.path,
        'width', m.width, 'height', m.height) order by pm.position)
        from ${forumPostMedia} pm join ${media} m on m.id = pm.media_id and m.deleted_at is null
        where pm.post_id = ${postIdOuter}), '[]'::json)`,
    })
    .from(forumPosts)
    .where(
      and(
        eq(forumPosts.topicId, topicId),
        sql`(${forumPosts.position} between ${range.from} and ${range.to} or ${mine})`,
      ),
    )
    .orderBy(sql`${forumPosts.position} asc nulls last`, asc(forumPosts.id));
}

export async function findForumPost(db: Database, id: number) {
  const [row] = await db.select(postColumns).from(forumPosts).where(eq(forumPosts.id, id)).limit(1);
  return row ?? null;
}

/** The first post (position 1) of a topic, or its held opening post. */
export async function findOpeningPost(db: Database, topicId: number) {
  const [row] = await db
    .select(postColumns)
    .from(forumPosts)
    .where(eq(forumPosts.topicId, topicId))
    .orderBy(asc(forumPosts.id))
    .limit(1);
  return row ?? null;
}

/** The caller's vote on each of the posts (+1/−1), by post id. */
export async function findMyVotes(db: Database, postIds: number[], userId: number) {
  if (postIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ postId: forumPostVotes.postId, value: forumPostVotes.value })
    .from(forumPostVotes)
    .where(
      and(sql`${forumPostVotes.postId} = any(${intArrayParam(postIds)})`, eq(forumPostVotes.userId, userId)),
    );
  return new Map(rows.map((r) => [r.postId, r.value]));
}

/** The images attached to each of the posts, in order. */
export async function findPostAttachments(db: Database, postIds: number[]) {
  const out = new Map<number, { id: number; path: string; width: number | null; height: number | null }[]>();
  if (postIds.length === 0) return out;
  const rows = await db
    .select({
      postId: forumPostMedia.postId,
      id: media.id,
      path: media.path,
      width: media.width,
      height: media.height,
    })
    .from(forumPostMedia)
    .innerJoin(media, eq(media.id, forumPostMedia.mediaId))
    .where(and(sql`${forumPostMedia.postId} = any(${intArrayParam(postIds)})`, isNull(media.deletedAt)))
    .orderBy(asc(forumPostMedia.position));
  for (const row of rows) {
    const list = out.get(row.postId) ?? [];
    list.push({ id: row.id, path: row.path, width: row.width, height: row.height });
    out.set(row.postId, list);
  }
  return out;
}

/**
 * Adds a post. A published one takes the topic's next position (the topic row's update serializes concurrent
 * replies) and moves the topic's latest activity; a held one waits without a position.
 */
export async function insertForumPost(
  db: Database,
  values: {
    topicId: number;
    userId: number;
    body: string;
    status: "published" | "pending";
    mediaIds: number[];
  },
) {
  const position =
    values.status === "published" ? await takeNextPosition(db, values.topicId, values.userId) : null;
  const [row] = await db
    .insert(forumPosts)
    .values({
      topicId: values.topicId,
      userId: values.userId,
      body: values.body,
      status: values.status,
      position,
    })
    .returning({ id: forumPosts.id, position: forumPosts.position });
  if (values.mediaIds.length)
    await db
      .insert(forumPostMedia)
      .values(values.mediaIds.map((mediaId, index) => ({ postId: row!.id, mediaId, position: index })));
  return row!;
}

async function takeNextPosition(db: Database, topicId: number, userId: number | null) {
  const [topic] = await db
    .update(forumTopics)
    .set({
      lastPosition: sql`${forumTopics.lastPosition} + 1`,
      postsCount: sql`${forumTopics.postsCount} + 1`,
      lastPostAt: new Date(),
      lastPostUserId: userId,
    })
    .where(eq(forumTopics.id, topicId))
    .returning({ position: forumTopics.lastPosition });
  return topic!.position;
}

/** Publishes a held post: it takes the next position now. */
export async function publishForumPost(db: Database, id: number, topicId: number, userId: number | null) {
  const position = await takeNextPosition(db, topicId, userId);
  await db.update(forumPosts).set({ status: "published", position }).where(eq(forumPosts.id, id));
  return position;
}

export async function rejectForumPost(db: Database, id: number) {
  await db.update(forumPosts).set({ status: "rejected" }).where(eq(forumPosts.id, id));
}

/** Saves a new text, keeping the old one (and the topic's old title, for an opening post) as a revision. */
export async function updateForumPostBody(
  db: Database,
  post: { id: number; body: string },
  values: { body: string; editorId: number; previousTitle?: string | null },
) {
  await db.insert(forumPostRevisions).values({
    postId: post.id,
    userId: values.editorId,
    body: post.body,
    title: values.previousTitle ?? null,
  });
  await db
    .update(forumPosts)
    .set({ body: values.body, editedAt: new Date() })
    .where(eq(forumPosts.id, post.id));
}

/** A post's earlier texts, newest first. */
export async function listForumPostRevisions(db: Database, postId: number) {
  return db
    .select({
      id: forumPostRevisions.id,
      title: forumPostRevisions.title,
      body: forumPostRevisions.body,
      createdAt: forumPostRevisions.createdAt,
      editor: authorOf(forumPostRevisions.userId),
    })
    .from(forumPostRevisions)
    .where(eq(forumPostRevisions.postId, postId))
    .orderBy(desc(forumPostRevisions.createdAt), desc(forumPostRevisions.id));
}

/** Soft-deletes a post; a published one leaves the topic's count. */
export async function softDeleteForumPost(
  db: Database,
  post: { id: number; topicId: number; status: string },
  byUserId: number,
) {
  await db
    .update(forumPosts)
    .set({ deletedAt: new Date(), deletedByUserId: byUserId })
    .where(eq(forumPosts.id, post.id));
  if (post.status === "published")
    await db
      .update(forumTopics)
      .set({ postsCount: sql`greatest(${forumTopics.postsCount} - 1, 0)` })
      .where(eq(forumTopics.id, post.topicId));
}

/** Sets (or with 0 takes back) a member's vote and returns the post's new score. */
export async function setForumVote(db: Database, postId: number, userId: number, value: -1 | 0 | 1) {
  const [previous] = await db
    .select({ value: forumPostVotes.value })
    .from(forumPostVotes)
    .where(and(eq(forumPostVotes.postId, postId), eq(forumPostVotes.userId, userId)))
    .limit(1);
  const delta = value - (previous?.value ?? 0);
  if (value === 0) {
    await db
      .delete(forumPostVotes)
      .where(and(eq(forumPostVotes.postId, postId), eq(forumPostVotes.userId, userId)));
  } else {
    await db
      .insert(forumPostVotes)
      .values({ postId, userId, value })
      .onConflictDoUpdate({
        target: [forumPostVotes.postId, forumPostVotes.userId],
        set: { value, updatedAt: new Date() },
      });
  }
  const [row] = await db
    .update(forumPosts)
    .set({ score: sql`${forumPosts.score} + ${delta}`, updatedAt: sql`${forumPosts.updatedAt}` })
    .where(eq(forumPosts.id, postId))
    .returning({ score: forumPosts.score });
  return row?.score ?? 0;
}

/** Published posts in published topics (one member's, or everyone's), newest first, with their topic's address parts. */
export async function listForumPostsOfUser(
  db: Database,
  userId: number | undefined,
  paging: { page: number; perPage: number },
) {
  const where = and(
    userId === undefined ? undefined : eq(forumPosts.userId, userId),
    eq(forumPosts.status, "published"),
    isNull(forumPosts.deletedAt),
    isNull(forumTopics.deletedAt),
    eq(forumTopics.status, "published"),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...postColumns,
        topicTitle: forumTopics.title,
        topicSlug: forumTopics.slug,
        categorySlug: forumCategories.slug,
      })
      .from(forumPosts)
      .innerJoin(forumTopics, eq(forumTopics.id, forumPosts.topicId))
      .innerJoin(forumCategories, eq(forumCategories.id, forumTopics.categoryId))
      .where(where)
      .orderBy(desc(forumPosts.createdAt), desc(forumPosts.id))
      .limit(paging.perPage)
      .offset((Math.max(1, paging.page) - 1) * paging.perPage),
    db
      .select({ n: count() })
      .from(forumPosts)
      .innerJoin(forumTopics, eq(forumTopics.id, forumPosts.topicId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Whether a member has ever had a post published (a new account's first post may be held). */
export async function hasPublishedForumPost(db: Database, userId: number) {
  const [row] = await db
    .select({ id: forumPosts.id })
    .from(forumPosts)
    .where(and(eq(forumPosts.userId, userId), eq(forumPosts.status, "published")))
    .limit(1);
  return Boolean(row);
}

/** Users by nickname (case-insensitive), for mentions: only existing, unblocked accounts. */
export async function findUsersByNicks(db: Database, nicks: string[]) {
  if (nicks.length === 0) return [];
  return db
    .select({ id: users.id, nickName: users.nickName })
    .from(users)
    .where(
      and(
        inArray(
          sql`lower(${users.nickName})`,
          nicks.map((n) => n.toLowerCase()),
        ),
        isNull(users.deletedAt),
        isNull(users.blockedAt),
      ),
    );
}
