import type { CommentRow } from "@camatlas/db";
import { blurPlaceholder } from "@camatlas/shared";
import type { CommentBaseReply, CommentReply, MediaReply } from "@camatlas/shared/api-contract";
import { mentionHandles } from "@camatlas/shared/comments";
import { mediaLink } from "../auth/presenter.ts";
import { abilitiesOf, type CommentActor, type CommentSubject, seesHiddenText } from "./policy.ts";

// Comments as a reader sees them: a deleted comment keeps its place without its text, author or images; one the
// model hid shows them only to her, admins and its author.

export interface CommentView {
  actor: CommentActor;
  /** The camgirl bound to the thread's model. */
  modelUserId: number | null;
  mediaOf: (commentId: number) => MediaReply[];
  /** Models the texts mention, by lowercased handle (only those the reader may see). */
  mentioned: Map<string, { name: string; slug: string }>;
  now: Date;
}

export function subjectOf(row: CommentRow, modelUserId: number | null): CommentSubject {
  return {
    authorId: row.userId,
    createdAt: row.createdAt,
    deleted: row.deletedAt !== null,
    hidden: row.deletedByModel,
    modelUserId,
  };
}

/** Whether the reader gets the comment's text and images. */
export function textShown(row: CommentRow, view: Pick<CommentView, "actor" | "modelUserId">): boolean {
  if (row.deletedAt !== null) return false;
  return !row.deletedByModel || seesHiddenText(view.actor, subjectOf(row, view.modelUserId));
}

export function presentComment(row: CommentRow, view: CommentView): CommentBaseReply {
  const shown = textShown(row, view);
  const deleted = row.deletedAt !== null;
  const text = shown ? row.text : "";
  return {
    id: row.id,
    commentable_id: row.commentableId,
    comment_zone: row.commentZone,
    text,
    rank_up: row.rankUp,
    rank_down: row.rankDown,
    liked: row.myVote === 1,
    disliked: row.myVote === -1,
    created_at: row.createdAt.toISOString(),
    edited_at: row.editedAt?.toISOString() ?? null,
    deleted_at: row.deletedAt?.toISOString() ?? null,
    // A deleted comment no longer names its author.
    user:
      !deleted && row.userId !== null && row.authorNickName !== null
        ? {
            id: row.userId,
            nick_name: row.authorNickName,
            role_id: row.authorRoleId ?? 0,
            avatar_path: mediaLink(row.authorAvatarPath),
            avatar_placeholder: row.authorAvatarPath ? blurPlaceholder(row.authorAvatarBlurhash) : null,
          }
        : null,
    author_name: deleted ? null : row.authorName,
    in_reply_to: row.inReplyTo,
    deleted_by_model: row.deletedByModel,
    media: shown ? view.mediaOf(row.id) : [],
    mentions: shown
      ? mentionHandles(text).flatMap((handle) => {
          const model = view.mentioned.get(handle);
          return model ? [{ handle, ...model }] : [];
        })
      : [],
    can: abilitiesOf(view.actor, subjectOf(row, view.modelUserId), view.now),
  };
}

export function presentThreadComment(
  row: CommentRow,
  replies: CommentRow[],
  repliesCount: number,
  view: CommentView,
): CommentReply {
  return {
    ...presentComment(row, view),
    replies: replies.map((reply) => presentComment(reply, view)),
    replies_count: repliesCount,
  };
}
