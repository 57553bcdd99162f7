import {
  type Commentable,
  type CommentRow,
  countNewerTopLevelComments,
  type Database,
  findComment,
  findCommentable,
  type ModelViewer,
  replyPosition,
} from "@camatlas/db";
import { commentPageSize, REPLIES_SHOWN } from "@camatlas/shared/comments";
import { siteNow } from "../../lib/site-clock.ts";
import { commentPagePath } from "./comment-page-path.ts";

/**
 * The address showing a comment: its thread's page, the comments page it falls on in the default order and its
 * anchor; for a reply past the first few, the page lists all its parent's replies.
 */
export async function commentAddress(
  db: Database,
  row: CommentRow,
  commentable: Commentable,
): Promise<string> {
  const perPage = commentPageSize(row.commentZone);
  const parent = row.inReplyTo === null ? row : await findComment(db, row.inReplyTo);
  if (!parent) return commentPagePath(commentable.page, row.id);
  const page = Math.floor((await countNewerTopLevelComments(db, parent)) / perPage) + 1;
  // A reply past the first few shown: the page lists all its parent's replies.
  const late = row.inReplyTo !== null && (await replyPosition(db, row)) > REPLIES_SHOWN;
  return commentPagePath(commentable.page, row.id, page, late ? parent.id : null);
}

/** The address of a comment the viewer may read (not deleted, on a page she may see), else null. */
export async function locateComment(db: Database, id: number, viewer: ModelViewer): Promise<string | null> {
  const row = await findComment(db, id);
  if (!row || row.deletedAt !== null) return null;
  const commentable = await findCommentable(db, row.commentZone, row.commentableId, viewer, siteNow());
  return commentable ? commentAddress(db, row, commentable) : null;
}
