import type { CommentZone } from "@camatlas/shared";
import type { CommentOrder } from "@camatlas/shared/comments";
import { and, asc, count, desc, eq, inArray, isNull, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { commentBans, commentMedia, commentReports, comments, commentVotes } from "../schema/comments.ts";
import { media } from "../schema/media.ts";
import { models } from "../schema/models.ts";
import { users } from "../schema/users.ts";
import { type ModelViewer, modelPageVisibleTo } from "./model-visibility.ts";
import { textArrayParam } from "./sql-array-params.ts";

// Comment threads (decision 0015): a page of top-level comments, their first replies, a comment's other replies,
// votes, attachments, reports and the per-user ban. Rows keep deleted comments: the API decides what a reader sees.

const authorAvatar = media;

/** What every read of a comment selects: the comment, its author as others see them, the reader's vote. */
function commentColumns(viewerId: number | null) {
  return {
    id: comments.id,
    commentZone: comments.commentZone,
    commentableId: comments.commentableId,
    userId: comments.userId,
    authorName: comments.authorName,
    text: comments.text,
    inReplyTo: comments.inReplyTo,
    rankUp: comments.rankUp,
    rankDown: comments.rankDown,
    deletedByModel: comments.deletedByModel,
    editedAt: comments.editedAt,
    createdAt: comments.createdAt,
    deletedAt: comments.deletedAt,
    authorNickName: users.nickName,
    authorRoleId: users.roleId,
    authorAvatarPath: authorAvatar.path,
    authorAvatarBlurhash: authorAvatar.blurhash,
    myVote:
      viewerId === null
        ? sql<number | null>`null::smallint`
        : sql<
            number | null
          >`(select v.value from ${commentVotes} v where v.comment_id = ${comments.id} and v.user_id = ${viewerId})`,
  };
}

export type CommentRow = {
  id: number;
  commentZone: CommentZone;
  commentableId: number;
  userId: number | null;
  authorName: string | null;
  text: string;
  inReplyTo: number | null;
  rankUp: number;
  rankDown: number;
  deletedByModel: boolean;
  editedAt: Date | null;
  createdAt: Date;
  deletedAt: Date | null;
  authorNickName: string | null;
  authorRoleId: number | null;
  authorAvatarPath: string | null;
  authorAvatarBlurhash: string | null;
  myVote: number | null;
};

function selectComments(db: Database, viewerId: number | null) {
  return db
    .select(commentColumns(viewerId))
    .from(comments)
    .leftJoin(users, and(eq(users.id, comments.userId), isNull(users.deletedAt)))
    .leftJoin(authorAvatar, and(eq(authorAvatar.id, users.avatarMediaId), isNull(authorAvatar.deletedAt)));
}

/** A deleted comment keeps its place only while it has replies that are not deleted (the thread's shape). */
const shownInThread = sql`(${comments.deletedAt} is null or exists (select 1 from comments r where r.in_reply_to = ${comments.id} and r.deleted_at is null))`;

const threadOf = (zone: CommentZone, commentableId: number) =>
  and(
    eq(comments.commentZone, zone),
    eq(comments.commentableId, commentableId),
    isNull(comments.inReplyTo),
    shownInThread,
  );

const ORDER: Record<CommentOrder, SQL[]> = {
  newest: [desc(comments.createdAt), desc(comments.id)],
  oldest: [asc(comments.createdAt), asc(comments.id)],
  top: [desc(sql`${comments.rankUp} - ${comments.rankDown}`), desc(comments.createdAt), desc(comments.id)],
};

/**
 * One page of a thread's top-level comments with the first `repliesShown` replies of each, how many top-level
 * comments it shows and how many comments it has in all (replies included, deleted ones not): the counts in one pass
 * over the thread's rows.
 */
export async function listCommentThreadPage(
  db: Database,
  thread: { zone: CommentZone; commentableId: number },
  paging: { page: number; perPage: number; order: CommentOrder },
  viewerId: number | null,
  repliesShown = 0,
): Promise<{
  rows: CommentRow[];
  total: number;
  count: number;
  replies: { rows: CommentRow[]; counts: Map<number, number> };
}> {
  const where = threadOf(thread.zone, thread.commentableId);
  const offset = (Math.max(1, paging.page) - 1) * paging.perPage;
  // The page's first replies are read at the same time, naming the page by the same query rather than its ids.
  const pageIds = db
    .select({ id: comments.id })
    .from(comments)
    .where(where)
    .orderBy(...ORDER[paging.order])
    .limit(paging.perPage)
    .offset(offset);
  const [rows, [counts], replies] = await Promise.all([
    selectComments(db, viewerId)
      .where(where)
      .orderBy(...ORDER[paging.order])
      .limit(paging.perPage)
      .offset(offset),
    db
      .select({
        total:
          sql<number>`count(*) filter (where ${comments.inReplyTo} is null and ${shownInThread})`.mapWith(
            Number,
          ),
        count: sql<number>`count(*) filter (where ${comments.deletedAt} is null)`.mapWith(Number),
      })
      .from(comments)
      .where(and(eq(comments.commentZone, thread.zone), eq(comments.commentableId, thread.commentableId))),
    repliesShown > 0
      ? listFirstReplies(db, pageIds, repliesShown, viewerId)
      : { rows: [], counts: new Map() },
  ]);
  return { rows: rows as CommentRow[], total: counts?.total ?? 0, count: counts?.count ?? 0, replies };
}

/** Comments of a thread that are not deleted, replies included: the Comments tab's number. */
export async function countThreadComments(db: Database, zone: CommentZone, commentableId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(comments)
    .where(
      and(
        eq(comments.commentZone, zone),
        eq(comments.commentableId, commentableId),
        isNull(comments.deletedAt),
      ),
    );
  return row?.n ?? 0;
}

/** The first `limit` replies of each parent (oldest first) and how many replies each parent shows in all. */
export async function listFirstReplies(
  db: Database,
  /** The parents' ids, or a query selecting them. */
  parentIds: number[] | SQLWrapper,
  limit: number,
  viewerId: number | null,
): Promise<{ rows: CommentRow[]; counts: Map<number, number> }> {
  if (Array.isArray(parentIds) && parentIds.length === 0) return { rows: [], counts: new Map() };
  const ranked = db
    .select({
      id: comments.id,
      position:
        sql<number>`row_number() over (partition by ${comments.inReplyTo} order by ${comments.createdAt}, ${comments.id})`.as(
          "position",
        ),
      total: sql<number>`count(*) over (partition by ${comments.inReplyTo})`.as("total"),
    })
    .from(comments)
    .where(and(inArray(comments.inReplyTo, parentIds), isNull(comments.deletedAt)))
    .as("ranked");
  // One statement: the replies' rows joined to their rank among their parent's replies.
  const rows = (await db
    .select({ ...commentColumns(viewerId), repliesTotal: sql<number>`${ranked.total}`.mapWith(Number) })
    .from(comments)
    .innerJoin(ranked, eq(ranked.id, comments.id))
    .leftJoin(users, and(eq(users.id, comments.userId), isNull(users.deletedAt)))
    .leftJoin(authorAvatar, and(eq(authorAvatar.id, users.avatarMediaId), isNull(authorAvatar.deletedAt)))
    .where(sql`${ranked.position} <= ${limit}`)
    .orderBy(asc(comments.createdAt), asc(comments.id))) as (CommentRow & { repliesTotal: number })[];
  const counts = new Map<number, number>();
  for (const row of rows) if (row.inReplyTo !== null) counts.set(row.inReplyTo, row.repliesTotal);
  return { rows, counts };
}

/** A page of one comment's replies, oldest first (deleted replies are left out). */
export async function listCommentReplies(
  db: Database,
  parentId: number,
  paging: { page: number; perPage: number },
  viewerId: number | null,
): Promise<{ rows: CommentRow[]; total: number }> {
  const where = and(eq(comments.inReplyTo, parentId), isNull(comments.deletedAt));
  const [rows, [totalRow]] = await Promise.all([
    selectComments(db, viewerId)
      .where(where)
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .limit(paging.perPage)
      .offset((Math.max(1, paging.page) - 1) * paging.perPage),
    db.select({ n: count() }).from(comments).where(where),
  ]);
  return { rows: rows as CommentRow[], total: totalRow?.n ?? 0 };
}

/** One comment, deleted or not (callers decide what a deleted one allows). */
export async function findComment(db: Database, id: number, viewerId: number | null = null) {
  const [row] = await selectComments(db, viewerId).where(eq(comments.id, id)).limit(1);
  return (row as CommentRow | undefined) ?? null;
}

/** Several comments by id (the admin's bulk actions). */
export async function findCommentsByIds(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  return (await selectComments(db, null).where(inArray(comments.id, ids))) as CommentRow[];
}

/**
 * Where a top-level comment falls in its thread's default order (newest first): how many shown top-level comments
 * are newer, so its page is that number / page size + 1.
 */
export async function countNewerTopLevelComments(db: Database, comment: CommentRow) {
  const [row] = await db
    .select({ n: count() })
    .from(comments)
    .where(
      and(
        threadOf(comment.commentZone, comment.commentableId),
        sql`(${comments.createdAt}, ${comments.id}) > (${comment.createdAt.toISOString()}::timestamptz, ${comment.id})`,
      ),
    );
  return row?.n ?? 0;
}

/** The position of a reply among its parent's replies (1-based, oldest first). */
export async function replyPosition(db: Database, reply: CommentRow) {
  const [row] = await db
    .select({ n: count() })
    .from(comments)
    .where(
      and(
        eq(comments.inReplyTo, reply.inReplyTo ?? 0),
        isNull(comments.deletedAt),
        sql`(${comments.createdAt}, ${comments.id}) <= (${reply.createdAt.toISOString()}::timestamptz, ${reply.id})`,
      ),
    );
  return row?.n ?? 1;
}

export interface CommentMediaRow {
  commentId: number;
  media: typeof media.$inferSelect;
}

/** The attachments of the comments, in the order they were attached. */
export async function listCommentMedia(db: Database, commentIds: number[]): Promise<CommentMediaRow[]> {
  if (commentIds.length === 0) return [];
  const rows = await db
    .select({ commentId: commentMedia.commentId, media })
    .from(commentMedia)
    .innerJoin(media, and(eq(media.id, commentMedia.mediaId), isNull(media.deletedAt)))
    .where(inArray(commentMedia.commentId, commentIds))
    .orderBy(asc(media.id));
  return rows;
}

export interface NewComment {
  zone: CommentZone;
  commentableId: number;
  userId: number;
  text: string;
  inReplyTo: number | null;
  mediaIds: number[];
}

/** Writes a comment and its attachments (pass the transaction). */
export async function insertComment(db: Database, input: NewComment): Promise<number> {
  const [row] = await db
    .insert(comments)
    .values({
      commentZone: input.zone,
      commentableId: input.commentableId,
      userId: input.userId,
      text: input.text,
      inReplyTo: input.inReplyTo,
    })
    .returning({ id: comments.id });
  const id = row!.id;
  if (input.mediaIds.length > 0)
    await db.insert(commentMedia).values(input.mediaIds.map((mediaId) => ({ commentId: id, mediaId })));
  return id;
}

export async function updateCommentText(db: Database, id: number, text: string, now = new Date()) {
  await db.update(comments).set({ text, editedAt: now }).where(eq(comments.id, id));
}

/** Soft-deletes (or restores) comments; returns the ids that changed. */
export async function setCommentsDeleted(db: Database, ids: number[], deleted: boolean, now = new Date()) {
  if (ids.length === 0) return [];
  const rows = await db
    .update(comments)
    .set({ deletedAt: deleted ? now : null })
    .where(
      and(
        inArray(comments.id, ids),
        deleted ? isNull(comments.deletedAt) : sql`${comments.deletedAt} is not null`,
      ),
    )
    .returning({ id: comments.id });
  return rows.map((r) => r.id);
}

/** Hides (or shows again) comments as the model's camgirl or an admin did; returns the ids that changed. */
export async function setCommentsHidden(db: Database, ids: number[], hidden: boolean) {
  if (ids.length === 0) return [];
  const rows = await db
    .update(comments)
    .set({ deletedByModel: hidden })
    .where(and(inArray(comments.id, ids), eq(comments.deletedByModel, !hidden)))
    .returning({ id: comments.id });
  return rows.map((r) => r.id);
}

/**
 * Sets (1, -1) or takes back (null) a user's vote and recounts the comment's ranks from the votes, so concurrent
 * votes cannot drift the counters. Pass the transaction.
 */
export async function setCommentVote(db: Database, commentId: number, userId: number, value: 1 | -1 | null) {
  if (value === null)
    await db
      .delete(commentVotes)
      .where(and(eq(commentVotes.commentId, commentId), eq(commentVotes.userId, userId)));
  else
    await db
      .insert(commentVotes)
      .values({ commentId, userId, value })
      .onConflictDoUpdate({ target: [commentVotes.commentId, commentVotes.userId], set: { value } });
  const [row] = await db
    .update(comments)
    .set({
      rankUp: sql`(select count(*) from ${commentVotes} v where v.comment_id = ${commentId} and v.value = 1)::int`,
      rankDown: sql`(select count(*) from ${commentVotes} v where v.comment_id = ${commentId} and v.value = -1)::int`,
    })
    .where(eq(comments.id, commentId))
    .returning({ rankUp: comments.rankUp, rankDown: comments.rankDown });
  return row ?? { rankUp: 0, rankDown: 0 };
}

/** Files a report; false when this user already reported the comment. */
export async function insertCommentReport(db: Database, commentId: number, userId: number, reason: string) {
  const rows = await db
    .insert(commentReports)
    .values({ commentId, userId, reason })
    .onConflictDoNothing()
    .returning({ id: commentReports.id });
  return rows.length > 0;
}

/** Marks the pending reports of the comments resolved by an admin. */
export async function resolveCommentReports(db: Database, commentIds: number[], adminId: number) {
  if (commentIds.length === 0) return;
  await db
    .update(commentReports)
    .set({ status: "resolved", resolvedAt: new Date(), resolvedByUserId: adminId })
    .where(and(inArray(commentReports.commentId, commentIds), eq(commentReports.status, "pending")));
}

export async function isBannedFromCommenting(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: commentBans.userId })
    .from(commentBans)
    .where(eq(commentBans.userId, userId))
    .limit(1);
  return Boolean(row);
}

/** Bars (or lets back) users from commenting; returns the user ids that changed. */
export async function setCommentBans(db: Database, userIds: number[], banned: boolean, adminId: number) {
  if (userIds.length === 0) return [];
  if (banned) {
    const rows = await db
      .insert(commentBans)
      .values(userIds.map((userId) => ({ userId, bannedByUserId: adminId })))
      .onConflictDoNothing()
      .returning({ userId: commentBans.userId });
    return rows.map((r) => r.userId);
  }
  const rows = await db
    .delete(commentBans)
    .where(inArray(commentBans.userId, userIds))
    .returning({ userId: commentBans.userId });
  return rows.map((r) => r.userId);
}

/** The models @handles name (by slug or by name, case-insensitive) among those the reader may see. */
export async function findMentionedModels(db: Database, handles: string[], viewer: ModelViewer) {
  if (handles.length === 0) return [];
  const rows = await db
    .select({ name: models.name, slug: models.slug })
    .from(models)
    .where(
      and(
        sql`(lower(${models.slug}) = any(${textArrayParam(handles)}) or lower(${models.name}) = any(${textArrayParam(handles)}))`,
        modelPageVisibleTo(viewer),
      ),
    )
    .limit(50);
  return rows;
}
