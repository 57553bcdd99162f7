import { z } from "zod";
import { COMMENT_ORDERS } from "../comments/comment-rules.ts";
import { COMMENT_ZONES } from "../enums.ts";
import { COMMENT_LIMITS, TEXT_LIMITS } from "../limits.ts";
import { COMMENT_MESSAGES, tooLong, VALIDATION_MESSAGES } from "../messages.ts";
import { MAX_PER_PAGE } from "../page-sizes.ts";
import { bodyId } from "../schemas/ids.ts";
import { queryInt } from "../schemas/list-query.ts";
import { pageEnvelope } from "../schemas/page-envelope.ts";
import { idParams, messageReply } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { mediaReply } from "./media.ts";

// Comments everywhere (spec §3 Comment; decision 0015): threads of top-level comments with their replies on every
// page that has a Comments tab, votes, attachments, reports and moderation.

export const commentZoneSchema = z.enum(COMMENT_ZONES);

const pageParam = queryInt().pipe(z.number().int().min(1)).default(1);
const perPageParam = queryInt().pipe(z.number().int().min(1).max(MAX_PER_PAGE)).optional();

/** The thread a request names: its zone and the commented thing's id. */
export const commentThreadQuery = z.object({
  comment_zone: commentZoneSchema,
  commentable_id: queryInt().pipe(z.number().int().min(1)),
});

export const commentListQuery = commentThreadQuery.extend({
  page: pageParam,
  per_page: perPageParam,
  order_by: z.enum(COMMENT_ORDERS).default("newest"),
  /** A top-level comment of the page whose replies are all listed (up to 100), not only the first 3. */
  replies_of: queryInt().pipe(z.number().int().min(1)).optional(),
});
export type CommentListQuery = z.input<typeof commentListQuery>;

export const commentRepliesQuery = z.object({ page: pageParam, per_page: perPageParam });

export const commentAuthorReply = z.object({
  id: z.number().int(),
  nick_name: z.string(),
  role_id: z.number().int(),
  avatar_path: z.string().nullable(),
  /** The avatar's blur placeholder (a tiny bitmap data URL, from its BlurHash); null without one. */
  avatar_placeholder: z.string().nullable(),
});

/** A model an @mention in the text names (only those the reader may see). */
export const commentMentionReply = z.object({ handle: z.string(), name: z.string(), slug: z.string() });
export type CommentMentionReply = z.output<typeof commentMentionReply>;

/** What the reader may do with a comment, so the page shows only the buttons that work. */
export const commentAbilities = z.object({
  reply: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
  vote: z.boolean(),
  hide: z.boolean(),
  unhide: z.boolean(),
  report: z.boolean(),
});

/**
 * One comment as a reader sees it. A deleted comment keeps its place with empty text (the page says "Comment
 * deleted"); a comment the model hid shows its text only to her, the admins and its author.
 */
export const commentBaseReply = z.object({
  id: z.number().int(),
  commentable_id: z.number().int(),
  comment_zone: commentZoneSchema,
  text: z.string(),
  rank_up: z.number().int(),
  rank_down: z.number().int(),
  /** The reader's own vote. */
  liked: z.boolean(),
  disliked: z.boolean(),
  created_at: z.iso.datetime(),
  edited_at: z.iso.datetime().nullable(),
  deleted_at: z.iso.datetime().nullable(),
  user: commentAuthorReply.nullable(),
  author_name: z.string().nullable(),
  in_reply_to: z.number().int().nullable(),
  deleted_by_model: z.boolean(),
  media: z.array(mediaReply),
  mentions: z.array(commentMentionReply),
  can: commentAbilities,
});
export type CommentBaseReply = z.output<typeof commentBaseReply>;

/** A top-level comment with its first replies (spec §9: 3) and how many it has. */
export const commentReply = commentBaseReply.extend({
  replies: z.array(commentBaseReply),
  replies_count: z.number().int(),
});
export type CommentReply = z.output<typeof commentReply>;

/** Why the reader may not write in a thread, or null when she may. */
export const COMMENT_POST_BLOCKS = ["sign_in", "banned"] as const;

export const commentListMeta = z.object({
  /** Every comment of the thread that is not deleted, replies included (the tab's count). */
  count: z.number().int(),
  can_post: z.boolean(),
  cannot_post_reason: z.enum(COMMENT_POST_BLOCKS).nullable(),
  order_by: z.enum(COMMENT_ORDERS),
});
export type CommentListMeta = z.output<typeof commentListMeta>;

export const commentListReply = pageEnvelope(commentReply, commentListMeta);
export type CommentListReply = z.output<typeof commentListReply>;

/** One comment and where it is shown: the page, its comments page and the comment's anchor. */
export const commentLocatedReply = commentBaseReply.extend({ url: z.string() });
export type CommentLocatedReply = z.output<typeof commentLocatedReply>;

const commentText = z
  .string({ error: COMMENT_MESSAGES.textRequired })
  .max(TEXT_LIMITS.comment, { error: tooLong(TEXT_LIMITS.comment) })
  .refine((text) => text.trim().length > 0, { error: COMMENT_MESSAGES.textRequired });

export const commentCreateBody = z.object({
  comment_zone: commentZoneSchema,
  commentable_id: bodyId,
  text: commentText,
  /** The comment answered: its thread's top-level comment or one of its replies. */
  in_reply_to: bodyId.nullable().optional(),
  /** Images uploaded through POST /media/comment-attachments (the caller's own, at most 4). */
  media_ids: z
    .array(bodyId)
    .max(COMMENT_LIMITS.attachments, { error: COMMENT_MESSAGES.tooManyAttachments })
    .optional(),
});
export type CommentCreateBody = z.input<typeof commentCreateBody>;

export const commentUpdateBody = z.object({ text: commentText });

export const COMMENT_VOTES = ["up", "down"] as const;
export const commentVoteBody = z.object({
  /** null takes the vote back. */
  vote: z.enum(COMMENT_VOTES, { error: "Choose up, down or null." }).nullable(),
});
export const commentVoteReply = z.object({
  rank_up: z.number().int(),
  rank_down: z.number().int(),
  liked: z.boolean(),
  disliked: z.boolean(),
});
export type CommentVoteReply = z.output<typeof commentVoteReply>;

export const commentReportBody = z.object({
  reason: z
    .string({ error: VALIDATION_MESSAGES.required })
    .trim()
    .min(1, { error: VALIDATION_MESSAGES.required })
    .max(COMMENT_LIMITS.reportReason, { error: tooLong(COMMENT_LIMITS.reportReason) }),
});

// Admin queue (/admin/comments).

export const ADMIN_COMMENT_FILTERS = ["reported", "recent", "hidden", "deleted"] as const;
export type AdminCommentFilter = (typeof ADMIN_COMMENT_FILTERS)[number];

export const adminCommentQuery = z.object({
  filter: z.enum(ADMIN_COMMENT_FILTERS).default("reported"),
  page: pageParam,
  per_page: perPageParam,
});

export const adminCommentReply = z.object({
  id: z.number().int(),
  comment_zone: commentZoneSchema,
  commentable_id: z.number().int(),
  /** The full text, whatever its state. */
  text: z.string(),
  user: commentAuthorReply.nullable(),
  author_banned: z.boolean(),
  created_at: z.iso.datetime(),
  deleted_at: z.iso.datetime().nullable(),
  deleted_by_model: z.boolean(),
  in_reply_to: z.number().int().nullable(),
  media: z.array(mediaReply),
  pending_reports: z.number().int(),
  /** The newest pending reports' reasons. */
  report_reasons: z.array(z.object({ reason: z.string(), created_at: z.iso.datetime() })),
  /** The page showing it, or null when its page is gone. */
  url: z.string().nullable(),
});
export type AdminCommentReply = z.output<typeof adminCommentReply>;

export const ADMIN_COMMENT_ACTIONS = [
  "hide",
  "unhide",
  "delete",
  "restore",
  "dismiss_reports",
  "ban_author",
  "unban_author",
] as const;
export type AdminCommentAction = (typeof ADMIN_COMMENT_ACTIONS)[number];

export const adminCommentModerateBody = z.object({
  ids: z
    .array(bodyId, { error: VALIDATION_MESSAGES.required })
    .min(1, { error: VALIDATION_MESSAGES.required })
    .max(COMMENT_LIMITS.bulkIds),
  action: z.enum(ADMIN_COMMENT_ACTIONS),
});

export const commentEndpoints = {
  /** A thread's top-level comments, each with its first replies. */
  list: endpoint({ method: "get", path: "/comments", query: commentListQuery, reply: commentListReply }),
  /** A thread's comment count (the Comments tab's number) without its comments. */
  count: endpoint({
    method: "get",
    path: "/comments/count",
    query: commentThreadQuery,
    reply: z.object({ count: z.number().int() }),
  }),
  /** One comment and the address of the page showing it (legacy /comment/read/{id}, notifications). */
  byId: endpoint({ method: "get", path: "/comments/{id}", params: idParams, reply: commentLocatedReply }),
  replies: endpoint({
    method: "get",
    path: "/comments/{id}/replies",
    params: idParams,
    query: commentRepliesQuery,
    reply: pageEnvelope(commentBaseReply),
  }),
  create: endpoint({
    method: "post",
    path: "/comments",
    body: commentCreateBody,
    reply: commentReply,
    status: 201,
  }),
  update: endpoint({
    method: "put",
    path: "/comments/{id}",
    params: idParams,
    body: commentUpdateBody,
    reply: commentBaseReply,
  }),
  delete: endpoint({ method: "delete", path: "/comments/{id}", params: idParams, reply: messageReply }),
  vote: endpoint({
    method: "post",
    path: "/comments/{id}/vote",
    params: idParams,
    body: commentVoteBody,
    reply: commentVoteReply,
  }),
  hide: endpoint({ method: "post", path: "/comments/{id}/hide", params: idParams, reply: messageReply }),
  unhide: endpoint({ method: "post", path: "/comments/{id}/unhide", params: idParams, reply: messageReply }),
  report: endpoint({
    method: "post",
    path: "/comments/{id}/reports",
    params: idParams,
    body: commentReportBody,
    reply: messageReply,
    status: 201,
  }),
  adminList: endpoint({
    method: "get",
    path: "/admin/comments",
    query: adminCommentQuery,
    reply: pageEnvelope(adminCommentReply),
  }),
  adminModerate: endpoint({
    method: "post",
    path: "/admin/comments/moderate",
    body: adminCommentModerateBody,
    reply: z.object({ message: z.string(), count: z.number().int() }),
  }),
};
