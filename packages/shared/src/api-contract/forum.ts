import { z } from "zod";
import {
  FORUM_POST_STATUSES,
  FORUM_POSTING_ACCESS,
  FORUM_REPORT_REASONS,
  FORUM_REPORT_STATUSES,
} from "../forum/constants.ts";
import {
  forumBanSchema,
  forumCategorySaveSchema,
  forumPostUpdateSchema,
  forumReplyCreateSchema,
  forumReportCreateSchema,
  forumReportResolveSchema,
  forumSettingsSchema,
  forumSolutionSchema,
  forumSubscriptionSchema,
  forumTopicCreateSchema,
  forumTopicMergeSchema,
  forumTopicModerateSchema,
  forumTopicUpdateSchema,
  forumVoteSchema,
} from "../forum/schemas.ts";
import { MAX_PER_PAGE } from "../page-sizes.ts";
import { queryBoolean, queryInt } from "../schemas/list-query.ts";
import { pageEnvelope } from "../schemas/page-envelope.ts";
import { idParams, messageReply } from "./common.ts";
import { endpoint } from "./endpoint.ts";

// The forum (issue 17): categories, topics and their posts, votes, follows, reports; admins' moderation. Texts are
// markdown-lite (packages/shared/src/forum/markdown-lite.ts), sent raw: clients render the parsed tree, never HTML.

const page = queryInt().pipe(z.number().min(1)).default(1);
const slugParams = z.object({ slug: z.string().trim().min(1).max(220) });

export const forumUserRef = z.object({
  id: z.number().int(),
  nick_name: z.string(),
  avatar_path: z.string().nullable(),
  /** The avatar's blur placeholder (a tiny bitmap data URL, from its BlurHash); null without one. */
  avatar_placeholder: z.string().nullable(),
});
export type ForumUserRef = z.output<typeof forumUserRef>;

const namedRef = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const forumCategoryReply = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  position: z.number().int(),
  posting_access: z.enum(FORUM_POSTING_ACCESS),
  topics_count: z.number().int(),
  posts_count: z.number().int(),
  last_topic: z
    .object({
      title: z.string(),
      url: z.string(),
      last_post_at: z.string().nullable(),
      last_post_user: forumUserRef.nullable(),
    })
    .nullable(),
  url: z.string(),
  can: z.object({ post: z.boolean() }),
});
export type ForumCategoryReply = z.output<typeof forumCategoryReply>;

export const forumTopicSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  url: z.string(),
  category: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }),
  author: forumUserRef.nullable(),
  tags: z.array(z.string()),
  models: z.array(namedRef),
  camsites: z.array(namedRef),
  is_pinned: z.boolean(),
  is_locked: z.boolean(),
  is_solved: z.boolean(),
  status: z.enum(FORUM_POST_STATUSES),
  posts_count: z.number().int(),
  views: z.number().int(),
  last_post_at: z.string().nullable(),
  last_post_user: forumUserRef.nullable(),
  created_at: z.string(),
});
export type ForumTopicSummary = z.output<typeof forumTopicSummary>;

export const forumAttachment = z.object({
  id: z.number().int(),
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

export const forumPostReply = z.object({
  id: z.number().int(),
  topic_id: z.number().int(),
  /** Its number in the topic (the anchor #post-N); null while held for approval. */
  position: z.number().int().nullable(),
  author: forumUserRef.nullable(),
  /** The markdown-lite text; empty once deleted. */
  body: z.string(),
  is_deleted: z.boolean(),
  status: z.enum(FORUM_POST_STATUSES),
  score: z.number().int(),
  my_vote: z.union([z.literal(-1), z.literal(0), z.literal(1)]),
  is_answer: z.boolean(),
  edited_at: z.string().nullable(),
  created_at: z.string(),
  attachments: z.array(forumAttachment),
  can: z.object({
    edit: z.boolean(),
    delete: z.boolean(),
    vote: z.boolean(),
    report: z.boolean(),
    quote: z.boolean(),
    mark_answer: z.boolean(),
    history: z.boolean(),
  }),
});
export type ForumPostReply = z.output<typeof forumPostReply>;

export const forumTopicDetail = forumTopicSummary.extend({
  solved_post_id: z.number().int().nullable(),
  subscribed: z.boolean(),
  /** The first post the signed-in caller has not read yet (null: none, or a guest). */
  first_unread_position: z.number().int().nullable(),
  /** Where a merged topic's address leads. */
  merged_into_url: z.string().nullable(),
  can: z.object({
    reply: z.boolean(),
    edit: z.boolean(),
    delete: z.boolean(),
    subscribe: z.boolean(),
    moderate: z.boolean(),
  }),
});
export type ForumTopicDetail = z.output<typeof forumTopicDetail>;

export const forumTopicPageReply = z.object({
  topic: forumTopicDetail,
  posts: pageEnvelope(forumPostReply),
  /** The caller's own posts still waiting for approval in this topic. */
  pending_posts: z.array(forumPostReply),
});
export type ForumTopicPageReply = z.output<typeof forumTopicPageReply>;

export const forumPostListItem = forumPostReply.extend({
  topic: z.object({ id: z.number().int(), title: z.string(), url: z.string() }),
  url: z.string(),
});
export type ForumPostListItem = z.output<typeof forumPostListItem>;

const topicSavedReply = z.object({
  message: z.string(),
  topic: forumTopicSummary,
  /** True when the opening post waits for an admin's approval. */
  held: z.boolean(),
});

const postSavedReply = z.object({
  message: z.string(),
  post: forumPostReply,
  /** The post's address (its page and anchor); the topic's when held. */
  url: z.string(),
  held: z.boolean(),
});

export const forumRevisionReply = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  body: z.string(),
  editor: forumUserRef.nullable(),
  created_at: z.string(),
});

export const forumReportItem = z.object({
  id: z.number().int(),
  reason: z.enum(FORUM_REPORT_REASONS),
  note: z.string().nullable(),
  status: z.enum(FORUM_REPORT_STATUSES),
  created_at: z.string(),
  reporter: forumUserRef.nullable(),
  post: z.object({
    id: z.number().int(),
    excerpt: z.string(),
    is_deleted: z.boolean(),
    author: forumUserRef.nullable(),
    url: z.string(),
    topic_title: z.string(),
  }),
});
export type ForumReportItem = z.output<typeof forumReportItem>;

export const forumPendingItem = z.object({
  id: z.number().int(),
  body: z.string(),
  created_at: z.string(),
  author: forumUserRef.nullable(),
  /** True when it opens its topic (approving publishes the topic). */
  opens_topic: z.boolean(),
  topic: z.object({ id: z.number().int(), title: z.string(), url: z.string() }),
});
export type ForumPendingItem = z.output<typeof forumPendingItem>;

export const forumBanItem = z.object({
  user: forumUserRef,
  reason: z.string().nullable(),
  until: z.string().nullable(),
  created_at: z.string(),
});

export const forumTopicsQuery = z.object({
  page,
  per_page: queryInt().pipe(z.number().min(1).max(MAX_PER_PAGE)).optional(),
  model_id: queryInt().optional(),
  user_id: queryInt().optional(),
  camsite_id: queryInt().optional(),
  tag: z.string().trim().max(30).optional(),
});

const adminQueueQuery = z.object({ page });
const userParams = z.object({ id: idParams.shape.id });

export const forumEndpoints = {
  categories: endpoint({
    method: "get",
    path: "/forum/categories",
    reply: z.object({ data: z.array(forumCategoryReply), can: z.object({ manage: z.boolean() }) }),
  }),
  category: endpoint({
    method: "get",
    path: "/forum/categories/{slug}",
    params: slugParams,
    query: z.object({ page, tag: z.string().trim().max(30).optional() }),
    reply: z.object({ category: forumCategoryReply, topics: pageEnvelope(forumTopicSummary) }),
  }),
  topics: endpoint({
    method: "get",
    path: "/forum/topics",
    query: forumTopicsQuery,
    reply: pageEnvelope(forumTopicSummary),
  }),
  topic: endpoint({
    method: "get",
    path: "/forum/topics/by-slug/{slug}",
    params: slugParams,
    query: z.object({
      page: queryInt().pipe(z.number().min(1)).optional(),
      unread: queryBoolean().optional(),
    }),
    reply: forumTopicPageReply,
  }),
  posts: endpoint({
    method: "get",
    path: "/forum/posts",
    /** One member's posts (her page), or without user_id the latest posts of the whole forum. */
    query: z.object({ page, user_id: queryInt().optional() }),
    reply: pageEnvelope(forumPostListItem),
  }),
  createTopic: endpoint({
    method: "post",
    path: "/forum/topics",
    body: forumTopicCreateSchema,
    reply: topicSavedReply,
    status: 201,
  }),
  updateTopic: endpoint({
    method: "patch",
    path: "/forum/topics/{id}",
    params: idParams,
    body: forumTopicUpdateSchema,
    reply: topicSavedReply,
  }),
  deleteTopic: endpoint({
    method: "delete",
    path: "/forum/topics/{id}",
    params: idParams,
    reply: messageReply,
  }),
  reply: endpoint({
    method: "post",
    path: "/forum/topics/{id}/posts",
    params: idParams,
    body: forumReplyCreateSchema,
    reply: postSavedReply,
    status: 201,
  }),
  subscribe: endpoint({
    method: "put",
    path: "/forum/topics/{id}/subscription",
    params: idParams,
    body: forumSubscriptionSchema,
    reply: z.object({ message: z.string(), subscribed: z.boolean() }),
  }),
  markSolution: endpoint({
    method: "put",
    path: "/forum/topics/{id}/solution",
    params: idParams,
    body: forumSolutionSchema,
    reply: z.object({ message: z.string(), solved_post_id: z.number().int().nullable() }),
  }),
  updatePost: endpoint({
    method: "patch",
    path: "/forum/posts/{id}",
    params: idParams,
    body: forumPostUpdateSchema,
    reply: postSavedReply,
  }),
  deletePost: endpoint({
    method: "delete",
    path: "/forum/posts/{id}",
    params: idParams,
    reply: messageReply,
  }),
  vote: endpoint({
    method: "put",
    path: "/forum/posts/{id}/vote",
    params: idParams,
    body: forumVoteSchema,
    reply: z.object({ message: z.string(), score: z.number().int(), my_vote: z.number().int() }),
  }),
  report: endpoint({
    method: "post",
    path: "/forum/posts/{id}/reports",
    params: idParams,
    body: forumReportCreateSchema,
    reply: messageReply,
    status: 201,
  }),
  revisions: endpoint({
    method: "get",
    path: "/admin/forum/posts/{id}/revisions",
    params: idParams,
    reply: z.object({ data: z.array(forumRevisionReply) }),
  }),
  // Admins
  createCategory: endpoint({
    method: "post",
    path: "/admin/forum/categories",
    body: forumCategorySaveSchema,
    reply: z.object({ message: z.string(), category: forumCategoryReply }),
    status: 201,
  }),
  updateCategory: endpoint({
    method: "put",
    path: "/admin/forum/categories/{id}",
    params: idParams,
    body: forumCategorySaveSchema,
    reply: z.object({ message: z.string(), category: forumCategoryReply }),
  }),
  deleteCategory: endpoint({
    method: "delete",
    path: "/admin/forum/categories/{id}",
    params: idParams,
    reply: messageReply,
  }),
  moderateTopic: endpoint({
    method: "patch",
    path: "/admin/forum/topics/{id}",
    params: idParams,
    body: forumTopicModerateSchema,
    reply: topicSavedReply,
  }),
  mergeTopic: endpoint({
    method: "post",
    path: "/admin/forum/topics/{id}/merge",
    params: idParams,
    body: forumTopicMergeSchema,
    reply: topicSavedReply,
  }),
  reports: endpoint({
    method: "get",
    path: "/admin/forum/reports",
    query: adminQueueQuery,
    reply: pageEnvelope(forumReportItem),
  }),
  resolveReport: endpoint({
    method: "post",
    path: "/admin/forum/reports/{id}/resolve",
    params: idParams,
    body: forumReportResolveSchema,
    reply: messageReply,
  }),
  pending: endpoint({
    method: "get",
    path: "/admin/forum/pending",
    query: adminQueueQuery,
    reply: pageEnvelope(forumPendingItem),
  }),
  approvePost: endpoint({
    method: "post",
    path: "/admin/forum/posts/{id}/approve",
    params: idParams,
    reply: messageReply,
  }),
  rejectPost: endpoint({
    method: "post",
    path: "/admin/forum/posts/{id}/reject",
    params: idParams,
    reply: messageReply,
  }),
  bans: endpoint({
    method: "get",
    path: "/admin/forum/bans",
    query: adminQueueQuery,
    reply: pageEnvelope(forumBanItem),
  }),
  ban: endpoint({
    method: "put",
    path: "/admin/forum/bans/{id}",
    params: userParams,
    body: forumBanSchema,
    reply: messageReply,
  }),
  unban: endpoint({
    method: "delete",
    path: "/admin/forum/bans/{id}",
    params: userParams,
    reply: messageReply,
  }),
  settings: endpoint({ method: "get", path: "/admin/forum/settings", reply: forumSettingsSchema }),
  updateSettings: endpoint({
    method: "put",
    path: "/admin/forum/settings",
    body: forumSettingsSchema,
    reply: z.object({ message: z.string(), settings: forumSettingsSchema }),
  }),
};
