import {
  findCommentable,
  findCommentsByIds,
  listAdminComments,
  listCommentMedia,
  listPendingReportReasons,
  resolveCommentReports,
  setCommentBans,
  setCommentsDeleted,
  setCommentsHidden,
} from "@camatlas/db";
import { blurPlaceholder, COMMENT_MESSAGES, PAGE_SIZE, toPageEnvelope } from "@camatlas/shared";
import type { AdminCommentAction, AdminCommentReply, adminCommentQuery } from "@camatlas/shared/api-contract";
import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { audit } from "../../lib/audit.ts";
import { currentUser } from "../../lib/current-user.ts";
import { siteNow } from "../../lib/site-clock.ts";
import { mediaLink } from "../auth/presenter.ts";
import { presentMedia } from "../media/presenter.ts";
import { threadPagePath } from "./comment-page-path.ts";

// The admins' comment queue: reported, recent, hidden and deleted comments, and bulk moderation with its audit rows.

const ADMIN = { userId: null, isAdmin: true } as const;

export async function listQueue(c: Context<AppEnv>, query: z.output<typeof adminCommentQuery>) {
  const { db, storage } = c.var.deps;
  const perPage = query.per_page ?? PAGE_SIZE.default * 2;
  const { rows, total } = await listAdminComments(db, query.filter, { page: query.page, perPage });
  const ids = rows.map((r) => r.id);
  const [reasons, mediaRows, pages] = await Promise.all([
    listPendingReportReasons(db, ids),
    listCommentMedia(db, ids),
    Promise.all(rows.map((r) => findCommentable(db, r.commentZone, r.commentableId, ADMIN, siteNow()))),
  ]);
  const data: AdminCommentReply[] = rows.map((row, i) => {
    const page = pages[i];
    return {
      id: row.id,
      comment_zone: row.commentZone,
      commentable_id: row.commentableId,
      text: row.text,
      user:
        row.userId !== null && row.authorNickName !== null
          ? {
              id: row.userId,
              nick_name: row.authorNickName,
              role_id: row.authorRoleId ?? 0,
              avatar_path: mediaLink(row.authorAvatarPath),
              avatar_placeholder: row.authorAvatarPath ? blurPlaceholder(row.authorAvatarBlurhash) : null,
            }
          : null,
      author_banned: Boolean(row.authorBanned),
      created_at: row.createdAt.toISOString(),
      deleted_at: row.deletedAt?.toISOString() ?? null,
      deleted_by_model: row.deletedByModel,
      in_reply_to: row.inReplyTo,
      media: mediaRows.filter((m) => m.commentId === row.id).map((m) => presentMedia(m.media, storage)),
      pending_reports: Number(row.pendingReports),
      report_reasons: (reasons.get(row.id) ?? []).map((r) => ({
        reason: r.reason,
        created_at: r.createdAt.toISOString(),
      })),
      url: page ? `${threadPagePath(page.page)}#comment-${row.id}` : null,
    };
  });
  return toPageEnvelope(data, total, query.page, perPage);
}

/** One action on many comments, in one transaction with an audit row per comment (or author) it changed. */
export async function moderate(c: Context<AppEnv>, ids: number[], action: AdminCommentAction) {
  const { db } = c.var.deps;
  const admin = currentUser(c);
  const rows = await findCommentsByIds(db, [...new Set(ids)]);
  const found = rows.map((r) => r.id);
  const changed = await db.transaction(async (tx) => {
    const changedIds = await (async () => {
      switch (action) {
        case "hide":
          return setCommentsHidden(tx, found, true);
        case "unhide":
          return setCommentsHidden(tx, found, false);
        case "delete":
          return setCommentsDeleted(tx, found, true);
        case "restore":
          return setCommentsDeleted(tx, found, false);
        case "dismiss_reports":
          return found;
        case "ban_author":
        case "unban_author": {
          const authors = [...new Set(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])))];
          const users = await setCommentBans(tx, authors, action === "ban_author", admin.id);
          for (const userId of users)
            await audit(c, tx, {
              action: action === "ban_author" ? "user.comment_banned" : "user.comment_unbanned",
              subjectType: "user",
              subjectId: userId,
            });
          return rows.filter((r) => r.userId !== null && users.includes(r.userId)).map((r) => r.id);
        }
      }
    })();
    // Whatever the admin decided, the comment's pending reports have had their answer.
    await resolveCommentReports(tx, found, admin.id);
    if (action !== "ban_author" && action !== "unban_author")
      for (const id of changedIds)
        await audit(c, tx, { action: `comment.${action}`, subjectType: "comment", subjectId: id });
    return changedIds;
  });
  return { message: COMMENT_MESSAGES.moderated(changed.length), count: changed.length };
}
