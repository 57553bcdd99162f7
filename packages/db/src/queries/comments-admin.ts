import type { AdminCommentFilter } from "@camatlas/shared/api-contract";
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { commentBans, commentReports, comments } from "../schema/comments.ts";
import { media } from "../schema/media.ts";
import { users } from "../schema/users.ts";

// The admins' comment queue (/admin/comments): reported comments first, or the newest, hidden or deleted ones.

const pendingReports = sql<number>`(select count(*)::int from ${commentReports} r where r.comment_id = ${comments.id} and r.status = 'pending')`;
const lastReportAt = sql`(select max(r.created_at) from ${commentReports} r where r.comment_id = ${comments.id} and r.status = 'pending')`;

const FILTERS: Record<AdminCommentFilter, { where: SQL | undefined; order: SQL[] }> = {
  reported: {
    where: sql`exists (select 1 from ${commentReports} r where r.comment_id = ${comments.id} and r.status = 'pending')`,
    order: [desc(lastReportAt), desc(comments.id)],
  },
  recent: { where: undefined, order: [desc(comments.createdAt), desc(comments.id)] },
  hidden: { where: eq(comments.deletedByModel, true), order: [desc(comments.updatedAt), desc(comments.id)] },
  deleted: {
    where: sql`${comments.deletedAt} is not null`,
    order: [desc(comments.deletedAt), desc(comments.id)],
  },
};

export async function listAdminComments(
  db: Database,
  filter: AdminCommentFilter,
  paging: { page: number; perPage: number },
) {
  const { where, order } = FILTERS[filter];
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: comments.id,
        commentZone: comments.commentZone,
        commentableId: comments.commentableId,
        text: comments.text,
        userId: comments.userId,
        inReplyTo: comments.inReplyTo,
        createdAt: comments.createdAt,
        deletedAt: comments.deletedAt,
        deletedByModel: comments.deletedByModel,
        authorNickName: users.nickName,
        authorRoleId: users.roleId,
        authorAvatarPath: media.path,
        authorAvatarBlurhash: media.blurhash,
        authorBanned: sql<boolean>`exists (select 1 from ${commentBans} b where b.user_id = ${comments.userId})`,
        pendingReports,
      })
      .from(comments)
      .leftJoin(users, and(eq(users.id, comments.userId), isNull(users.deletedAt)))
      .leftJoin(media, and(eq(media.id, users.avatarMediaId), isNull(media.deletedAt)))
      .where(where)
      .orderBy(...order)
      .limit(paging.perPage)
      .offset((Math.max(1, paging.page) - 1) * paging.perPage),
    db.select({ n: count() }).from(comments).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** The newest pending report reasons of each comment (at most `perComment`). */
export async function listPendingReportReasons(db: Database, commentIds: number[], perComment = 3) {
  if (commentIds.length === 0) return new Map<number, { reason: string; createdAt: Date }[]>();
  const rows = await db
    .select({
      commentId: commentReports.commentId,
      reason: commentReports.reason,
      createdAt: commentReports.createdAt,
    })
    .from(commentReports)
    .where(and(inArray(commentReports.commentId, commentIds), eq(commentReports.status, "pending")))
    .orderBy(desc(commentReports.createdAt));
  const byComment = new Map<number, { reason: string; createdAt: Date }[]>();
  for (const row of rows) {
    const list = byComment.get(row.commentId) ?? [];
    if (list.length < perComment) list.push({ reason: row.reason, createdAt: row.createdAt });
    byComment.set(row.commentId, list);
  }
  return byComment;
}
