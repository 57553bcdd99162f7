import {
  type Commentable,
  type CommentRow,
  countThreadComments,
  type Database,
  findComment,
  findCommentable,
  findMentionedModels,
  insertComment,
  insertCommentReport,
  isBannedFromCommenting,
  listCommentMedia,
  listCommentReplies,
  listCommentThreadPage,
  type ModelViewer,
  notifyUser,
  setCommentsDeleted,
  setCommentsHidden,
  setCommentVote,
  updateCommentText,
} from "@camatlas/db";
import {
  COMMENT_LIMITS,
  COMMENT_MESSAGES,
  COMMENT_NOTICES,
  MAX_PER_PAGE,
  ROLE,
  toPageEnvelope,
} from "@camatlas/shared";
import type {
  CommentBaseReply,
  CommentListReply,
  CommentLocatedReply,
  CommentReply,
  commentCreateBody,
  commentListQuery,
  MediaReply,
} from "@camatlas/shared/api-contract";
import {
  commentPageSize,
  mentionHandles,
  normaliseCommentText,
  REPLIES_SHOWN,
} from "@camatlas/shared/comments";
import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { audit } from "../../lib/audit.ts";
import { currentUser } from "../../lib/current-user.ts";
import { ApiError, forbidden, notFound, validationFailed } from "../../lib/http-errors.ts";
import { mediaReferenceErrors } from "../../lib/media-reference.ts";
import { siteNow } from "../../lib/site-clock.ts";
import { presentMedia } from "../media/presenter.ts";
import { viewerOf } from "../models/viewer.ts";
import { commentAddress } from "./locate.ts";
import { type CommentActor, can, moderatesThread } from "./policy.ts";
import { type CommentView, presentComment, presentThreadComment, subjectOf, textShown } from "./presenter.ts";

// Comment threads (decision 0015): reading a thread, writing, editing, deleting, voting, hiding and reporting.

type ListQuery = z.output<typeof commentListQuery>;
type CreateBody = z.output<typeof commentCreateBody>;

/** The caller for the rules, with her ban (read only for signed-in callers). */
async function actorOf(c: Context<AppEnv>): Promise<CommentActor> {
  const user = c.var.user;
  if (!user) return null;
  return { id: user.id, roleId: user.roleId, banned: await isBannedFromCommenting(c.var.deps.db, user.id) };
}

/** What a reader needs to see a set of comments: their images and the models their texts mention. */
async function commentView(
  c: Context<AppEnv>,
  rows: CommentRow[],
  actor: CommentActor,
  commentable: Pick<Commentable, "modelUserId"> | null,
  viewer: ModelViewer,
): Promise<CommentView> {
  const { db, storage } = c.var.deps;
  const modelUserId = commentable?.modelUserId ?? null;
  const shown = rows.filter((row) => textShown(row, { actor, modelUserId }));
  const handles = [...new Set(shown.flatMap((row) => mentionHandles(row.text)))];
  const [mediaRows, models] = await Promise.all([
    listCommentMedia(
      db,
      shown.map((row) => row.id),
    ),
    findMentionedModels(db, handles, viewer),
  ]);
  const media = new Map<number, MediaReply[]>();
  for (const { commentId, media: row } of mediaRows)
    media.set(commentId, [...(media.get(commentId) ?? []), presentMedia(row, storage)]);
  const mentioned = new Map<string, { name: string; slug: string }>();
  for (const handle of handles) {
    const model = models.find((m) => m.slug.toLowerCase() === handle || m.name.toLowerCase() === handle);
    if (model) mentioned.set(handle, model);
  }
  return { actor, modelUserId, mediaOf: (id) => media.get(id) ?? [], mentioned, now: new Date() };
}

/** A page of a thread: its top-level comments with their first replies, the count and whether the reader may post. */
export async function listThread(c: Context<AppEnv>, query: ListQuery): Promise<CommentListReply> {
  const { db } = c.var.deps;
  const viewer = viewerOf(c);
  const perPage = query.per_page ?? commentPageSize(query.comment_zone);
  // The thread is read alongside the check that the reader may see it; a refused thread's rows are never shown.
  const [commentable, actor, page] = await Promise.all([
    findCommentable(db, query.comment_zone, query.commentable_id, viewer, siteNow()),
    actorOf(c),
    listCommentThreadPage(
      db,
      { zone: query.comment_zone, commentableId: query.commentable_id },
      { page: query.page, perPage, order: query.order_by },
      viewer.userId,
      REPLIES_SHOWN,
    ),
  ]);
  if (!commentable) throw notFound();
  const replies = page.replies;
  // One comment's replies all at once (the "more replies" link without JavaScript, a late reply's address).
  const expanded = page.rows.find((row) => row.id === query.replies_of);
  if (expanded) {
    const all = await listCommentReplies(db, expanded.id, { page: 1, perPage: MAX_PER_PAGE }, viewer.userId);
    replies.rows = [...replies.rows.filter((r) => r.inReplyTo !== expanded.id), ...all.rows];
  }
  const view = await commentView(c, [...page.rows, ...replies.rows], actor, commentable, viewer);
  const data = page.rows.map((row) =>
    presentThreadComment(
      row,
      replies.rows.filter((reply) => reply.inReplyTo === row.id),
      replies.counts.get(row.id) ?? 0,
      view,
    ),
  );
  const blocked = actor === null ? "sign_in" : actor.banned ? "banned" : null;
  return toPageEnvelope(data, page.total, query.page, perPage, {
    count: page.count,
    can_post: blocked === null,
    cannot_post_reason: blocked,
    order_by: query.order_by,
  });
}

/** The Comments tab's number, or 404 when the thread is not there for the reader. */
export async function threadCount(c: Context<AppEnv>, zone: CommentRow["commentZone"], id: number) {
  const commentable = await findCommentable(c.var.deps.db, zone, id, viewerOf(c), siteNow());
  if (!commentable) throw notFound();
  return countThreadComments(c.var.deps.db, commentable.zone, commentable.id);
}

/** A comment the reader may see (not deleted, in a thread she may see), with its thread; else 404. */
async function readableComment(c: Context<AppEnv>, id: number) {
  const viewer = viewerOf(c);
  const row = await findComment(c.var.deps.db, id, viewer.userId);
  if (!row || row.deletedAt !== null) throw notFound();
  const commentable = await findCommentable(
    c.var.deps.db,
    row.commentZone,
    row.commentableId,
    viewer,
    siteNow(),
  );
  if (!commentable) throw notFound();
  return { row, commentable, viewer };
}

export async function showComment(c: Context<AppEnv>, id: number): Promise<CommentLocatedReply> {
  const { row, commentable, viewer } = await readableComment(c, id);
  const actor = await actorOf(c);
  const view = await commentView(c, [row], actor, commentable, viewer);
  return { ...presentComment(row, view), url: await commentAddress(c.var.deps.db, row, commentable) };
}

export async function listReplies(
  c: Context<AppEnv>,
  id: number,
  paging: { page: number; per_page?: number },
) {
  const { commentable, viewer } = await readableComment(c, id);
  const perPage = paging.per_page ?? 20;
  const [actor, page] = await Promise.all([
    actorOf(c),
    listCommentReplies(c.var.deps.db, id, { page: paging.page, perPage }, viewer.userId),
  ]);
  const view = await commentView(c, page.rows, actor, commentable, viewer);
  return toPageEnvelope(
    page.rows.map((row) => presentComment(row, view)),
    page.total,
    paging.page,
    perPage,
  );
}

/** At most one comment per user every 10 seconds, counted when one is about to be written (a 422 costs nothing). */
async function paceComments(c: Context<AppEnv>, userId: number) {
  const { count, resetAt } = await c.var.deps.rateLimitStore.hit(
    `comment-post:${userId}`,
    COMMENT_LIMITS.postIntervalMs,
  );
  if (count > 1) {
    c.header("retry-after", String(Math.max(1, Math.ceil((resetAt - Date.now()) / 1000))));
    throw new ApiError(429, COMMENT_MESSAGES.postedTooFast);
  }
}

export async function createComment(c: Context<AppEnv>, body: CreateBody): Promise<CommentReply> {
  const { db } = c.var.deps;
  const user = currentUser(c);
  const actor = await actorOf(c);
  if (actor?.banned) throw forbidden(COMMENT_MESSAGES.banned);
  const viewer = viewerOf(c);
  const errors: Record<string, string[]> = {};
  const commentable = await findCommentable(db, body.comment_zone, body.commentable_id, viewer, siteNow());
  if (!commentable) errors.commentable_id = [COMMENT_MESSAGES.unknownCommentable];

  // A reply hangs under its thread's top-level comment; answering a reply answers in the same thread.
  let parent: CommentRow | null = null;
  let answered: CommentRow | null = null;
  if (body.in_reply_to != null) {
    answered = await findComment(db, body.in_reply_to);
    if (!answered || answered.deletedAt !== null) errors.in_reply_to = [COMMENT_MESSAGES.unknownReplyTarget];
    else if (answered.commentZone !== body.comment_zone || answered.commentableId !== body.commentable_id)
      errors.in_reply_to = [COMMENT_MESSAGES.replyElsewhere];
    else parent = answered.inReplyTo === null ? answered : await findComment(db, answered.inReplyTo);
  }

  // The attachments answer on one field, media_ids, as the form shows one picker: the first problem found.
  const mediaIds = body.media_ids ?? [];
  if (new Set(mediaIds).size < mediaIds.length) errors.media_ids = [COMMENT_MESSAGES.duplicateAttachment];
  else {
    const mediaErrors = await mediaReferenceErrors(
      db,
      user,
      mediaIds.map((id) => ({ field: "media_ids", id, use: "comment_attachment" as const })),
    );
    if (mediaErrors.media_ids) errors.media_ids = mediaErrors.media_ids;
  }
  if (Object.keys(errors).length > 0 || !commentable) throw validationFailed(errors);

  await paceComments(c, user.id);
  const text = normaliseCommentText(body.text);
  const id = await db.transaction(async (tx) => {
    const id = await insertComment(tx, {
      zone: commentable.zone,
      commentableId: commentable.id,
      userId: user.id,
      text,
      inReplyTo: parent?.id ?? null,
      mediaIds,
    });
    const row = await findComment(tx, id);
    await notifyAboutComment(tx, row!, commentable, answered, user.nickName);
    return id;
  });
  const row = (await findComment(db, id, user.id))!;
  const view = await commentView(c, [row], actor, commentable, viewer);
  return presentThreadComment(row, [], 0, view);
}

/**
 * Tells the people a new comment concerns, once each and never its author: the author of the comment answered, the
 * camgirl of the model it is about, the author of the review or the user whose page it is on.
 */
async function notifyAboutComment(
  tx: Database,
  row: CommentRow,
  commentable: Commentable,
  answered: CommentRow | null,
  author: string,
) {
  const url = await commentAddress(tx, row, commentable);
  const told = new Set<number>([row.userId ?? 0]);
  const tell = async (userId: number | null, type: string, notice: { title: string; text: string }) => {
    if (userId === null || told.has(userId)) return;
    told.add(userId);
    await notifyUser(tx, userId, type, { ...notice, url });
  };
  if (answered)
    await tell(answered.userId, "comment_reply", {
      title: COMMENT_NOTICES.reply.title,
      text: COMMENT_NOTICES.reply.text(author),
    });
  switch (commentable.zone) {
    case "model":
    case "story":
    case "stats_nickname":
      await tell(commentable.modelUserId, "comment_on_model", {
        title: COMMENT_NOTICES.onYourModel.title,
        text: COMMENT_NOTICES.onYourModel.text(author, commentable.modelName ?? ""),
      });
      break;
    case "user_review":
      await tell(commentable.ownerUserId, "comment_on_review", {
        title: COMMENT_NOTICES.onYourReview.title,
        text: COMMENT_NOTICES.onYourReview.text(author),
      });
      break;
    case "profile":
      await tell(commentable.ownerUserId, "comment_on_profile", {
        title: COMMENT_NOTICES.onYourPage.title,
        text: COMMENT_NOTICES.onYourPage.text(author),
      });
      break;
    default:
      break;
  }
}

/** A comment for an action by its author or a moderator: 404 when there is none (deleted or not). */
async function commentForAction(c: Context<AppEnv>, id: number) {
  const { db } = c.var.deps;
  const row = await findComment(db, id, c.var.user?.id ?? null);
  if (!row) throw notFound();
  const user = currentUser(c);
  // The moderation rights come from the thread's model, whether or not its page is visible right now.
  const commentable = await findCommentable(
    db,
    row.commentZone,
    row.commentableId,
    {
      userId: user.id,
      isAdmin: true,
    },
    siteNow(),
  );
  return { row, commentable, actor: await actorOf(c) };
}

export async function editComment(c: Context<AppEnv>, id: number, text: string): Promise<CommentBaseReply> {
  const { db } = c.var.deps;
  const { row, commentable, actor } = await commentForAction(c, id);
  const subject = subjectOf(row, commentable?.modelUserId ?? null);
  if (row.userId !== actor?.id) throw forbidden();
  if (subject.deleted) throw notFound();
  if (!can(actor, "edit", subject))
    throw forbidden(actor?.banned ? COMMENT_MESSAGES.banned : COMMENT_MESSAGES.editWindowOver);
  await updateCommentText(db, id, normaliseCommentText(text));
  const updated = (await findComment(db, id, actor?.id ?? null))!;
  const view = await commentView(c, [updated], actor, commentable, viewerOf(c));
  return presentComment(updated, view);
}

export async function deleteComment(c: Context<AppEnv>, id: number) {
  const { db } = c.var.deps;
  const { row, commentable, actor } = await commentForAction(c, id);
  const subject = subjectOf(row, commentable?.modelUserId ?? null);
  const mine = row.userId === actor?.id;
  if (!mine && actor?.roleId !== ROLE.admin) throw forbidden();
  if (subject.deleted) throw notFound();
  await db.transaction(async (tx) => {
    await setCommentsDeleted(tx, [id], true);
    // An admin removing someone's comment is moderation.
    if (!mine)
      await audit(c, tx, {
        action: "comment.deleted",
        subjectType: "comment",
        subjectId: id,
        changes: { author_id: row.userId },
      });
  });
}

export async function setHidden(c: Context<AppEnv>, id: number, hidden: boolean) {
  const { db } = c.var.deps;
  const { row, commentable, actor } = await commentForAction(c, id);
  if (!moderatesThread(actor, commentable?.modelUserId ?? null)) throw forbidden();
  if (row.deletedAt !== null) throw notFound();
  await db.transaction(async (tx) => {
    const changed = await setCommentsHidden(tx, [id], hidden);
    if (changed.length > 0)
      await audit(c, tx, {
        action: hidden ? "comment.hidden" : "comment.unhidden",
        subjectType: "comment",
        subjectId: id,
        changes: { by_role: actor?.roleId === ROLE.admin ? "admin" : "model" },
      });
  });
}

export async function voteOnComment(c: Context<AppEnv>, id: number, vote: "up" | "down" | null) {
  const { db } = c.var.deps;
  const user = currentUser(c);
  const { row } = await readableComment(c, id);
  if (row.userId === user.id) throw forbidden(COMMENT_MESSAGES.ownVote);
  const value = vote === "up" ? 1 : vote === "down" ? -1 : null;
  const ranks = await db.transaction((tx) => setCommentVote(tx, id, user.id, value));
  return { rank_up: ranks.rankUp, rank_down: ranks.rankDown, liked: value === 1, disliked: value === -1 };
}

export async function reportComment(c: Context<AppEnv>, id: number, reason: string) {
  const user = currentUser(c);
  const { row } = await readableComment(c, id);
  if (row.userId === user.id) throw forbidden();
  const filed = await insertCommentReport(c.var.deps.db, id, user.id, reason);
  if (!filed) throw new ApiError(409, COMMENT_MESSAGES.alreadyReported);
}
