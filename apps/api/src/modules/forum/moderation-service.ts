import {
  closeForumReports,
  countAllTopicsInCategory,
  deleteForumBan,
  deleteForumCategory,
  findForumCategory,
  findForumPost,
  findForumReport,
  findForumTopic,
  findUserById,
  insertForumCategory,
  listForumBans,
  listForumCategories,
  listOpenForumReports,
  listPendingForumPosts,
  mergeForumTopics,
  publishForumPost,
  rejectForumPost,
  saveForumSettingValue,
  softDeleteForumPost,
  updateForumCategory,
  updateForumTopic,
  upsertForumBan,
} from "@camatlas/db";
import { ROLE, toPageEnvelope } from "@camatlas/shared";
import {
  FORUM_MESSAGES,
  FORUM_PAGE_SIZE,
  FORUM_SETTING_NAME,
  type ForumSettings,
  type forumBanSchema,
  type forumCategorySaveSchema,
  type forumTopicModerateSchema,
  plainTextOf,
} from "@camatlas/shared/forum";
import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { audit } from "../../lib/audit.ts";
import { currentUser } from "../../lib/current-user.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { notFound, validationFailed } from "../../lib/http-errors.ts";
import { notifyAboutPost } from "./notify.ts";
import { presentCategory, presentUserRef, topicUrl } from "./presenter.ts";
import { presentTopics } from "./read-service.ts";
import { readForumSettings } from "./settings.ts";

// The admins' side of the forum: categories, pin/lock/move/merge, reports, held posts, bans and settings. Every
// moderation change writes an audit row in its transaction.

const DAY = 24 * 60 * 60 * 1000;
/** Addresses the forum's own pages use under /forum/. */
const RESERVED_CATEGORY_SLUGS = new Set(["new"]);

type CategoryInput = z.output<typeof forumCategorySaveSchema>;

async function categoryReply(c: Context<AppEnv>, id: number) {
  const row = (await listForumCategories(c.var.deps.db)).find((category) => category.id === id)!;
  return presentCategory(row, { id: currentUser(c).id, roleId: ROLE.admin, banned: false });
}

export async function saveCategory(c: Context<AppEnv>, id: number | null, input: CategoryInput) {
  const { db } = c.var.deps;
  if (RESERVED_CATEGORY_SLUGS.has(input.slug)) throw validationFailed({ slug: [FORUM_MESSAGES.slugTaken] });
  const values = {
    slug: input.slug,
    title: input.title,
    description: input.description || null,
    position: input.position ?? 0,
    postingAccess: input.posting_access ?? "members",
  };
  if (id !== null && !(await findForumCategory(db, { id }))) throw notFound(FORUM_MESSAGES.unknownCategory);
  try {
    const savedId = await db.transaction(async (tx) => {
      const saved = id === null ? (await insertForumCategory(tx, values)).id : id;
      if (id !== null) await updateForumCategory(tx, id, values);
      await audit(c, tx, {
        action: id === null ? "forum.category_created" : "forum.category_updated",
        subjectType: "forum_category",
        subjectId: String(saved),
        changes: { slug: values.slug, posting_access: values.postingAccess },
      });
      return saved;
    });
    return categoryReply(c, savedId);
  } catch (error) {
    if (isUniqueViolation(error)) throw validationFailed({ slug: [FORUM_MESSAGES.slugTaken] });
    throw error;
  }
}

export async function removeCategory(c: Context<AppEnv>, id: number) {
  const { db } = c.var.deps;
  const category = await findForumCategory(db, { id });
  if (!category) throw notFound(FORUM_MESSAGES.unknownCategory);
  if ((await countAllTopicsInCategory(db, id)) > 0)
    throw validationFailed({ _: [FORUM_MESSAGES.categoryNotEmpty] });
  await db.transaction(async (tx) => {
    await deleteForumCategory(tx, id);
    await audit(c, tx, {
      action: "forum.category_deleted",
      subjectType: "forum_category",
      subjectId: String(id),
      changes: { slug: category.slug },
    });
  });
}

async function topicOr404(c: Context<AppEnv>, id: number) {
  const topic = await findForumTopic(c.var.deps.db, { id });
  if (!topic || topic.deletedAt) throw notFound(FORUM_MESSAGES.topicNotFound);
  return topic;
}

/** Pins, locks or moves a topic. */
export async function moderateTopic(
  c: Context<AppEnv>,
  id: number,
  input: z.output<typeof forumTopicModerateSchema>,
) {
  const { db } = c.var.deps;
  const topic = await topicOr404(c, id);
  if (input.category_id !== undefined && !(await findForumCategory(db, { id: input.category_id })))
    throw validationFailed({ category_id: [FORUM_MESSAGES.unknownCategory] });
  const changes = {
    ...(input.pinned !== undefined ? { isPinned: input.pinned } : {}),
    ...(input.locked !== undefined ? { isLocked: input.locked } : {}),
    ...(input.category_id !== undefined ? { categoryId: input.category_id } : {}),
  };
  await db.transaction(async (tx) => {
    await updateForumTopic(tx, topic.id, changes);
    await audit(c, tx, {
      action: "forum.topic_moderated",
      subjectType: "forum_topic",
      subjectId: String(topic.id),
      changes: {
        before: { pinned: topic.isPinned, locked: topic.isLocked, category_id: topic.categoryId },
        after: input,
      },
    });
  });
  const [summary] = await presentTopics(c, [(await findForumTopic(db, { id: topic.id }))!]);
  return summary!;
}

export async function mergeTopic(c: Context<AppEnv>, id: number, intoId: number) {
  const { db } = c.var.deps;
  if (id === intoId) throw validationFailed({ into_topic_id: [FORUM_MESSAGES.mergeIntoItself] });
  const topic = await topicOr404(c, id);
  const target = await findForumTopic(db, { id: intoId });
  if (!target || target.deletedAt) throw validationFailed({ into_topic_id: [FORUM_MESSAGES.topicNotFound] });
  await db.transaction(async (tx) => {
    await mergeForumTopics(tx, topic.id, target.id);
    await audit(c, tx, {
      action: "forum.topic_merged",
      subjectType: "forum_topic",
      subjectId: String(topic.id),
      changes: { into_topic_id: target.id },
    });
  });
  const [summary] = await presentTopics(c, [(await findForumTopic(db, { id: target.id }))!]);
  return summary!;
}

export async function readReports(c: Context<AppEnv>, page: number) {
  const perPage = FORUM_PAGE_SIZE.adminQueue;
  const { rows, total } = await listOpenForumReports(c.var.deps.db, { page, perPage });
  const items = rows.map((row) => ({
    id: row.id,
    reason: row.reason,
    note: row.note,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    reporter: presentUserRef(row.reporter),
    post: {
      id: row.postId,
      excerpt: plainTextOf(row.postBody, 300),
      is_deleted: row.postDeletedAt !== null,
      author: presentUserRef(row.postAuthor),
      url: topicUrl({ categorySlug: row.categorySlug, slug: row.topicSlug }, row.postPosition),
      topic_title: row.topicTitle,
    },
  }));
  return toPageEnvelope(items, total, page, perPage);
}

/** Closes a report: dismissed (the post stays) or resolved by deleting the post (all its reports close). */
export async function resolveReport(c: Context<AppEnv>, id: number, action: "dismiss" | "delete_post") {
  const { db } = c.var.deps;
  const admin = currentUser(c);
  const report = await findForumReport(db, id);
  if (!report) throw notFound();
  const post = await findForumPost(db, report.postId);
  await db.transaction(async (tx) => {
    if (action === "delete_post" && post && !post.deletedAt) {
      await softDeleteForumPost(tx, post, admin.id);
      await closeForumReports(tx, { postId: post.id }, "resolved", admin.id);
    } else await closeForumReports(tx, { reportId: id }, "dismissed", admin.id);
    await audit(c, tx, {
      action: action === "dismiss" ? "forum.report_dismissed" : "forum.report_post_deleted",
      subjectType: "forum_post",
      subjectId: String(report.postId),
      changes: { report_id: id },
    });
  });
}

export async function readPending(c: Context<AppEnv>, page: number) {
  const perPage = FORUM_PAGE_SIZE.adminQueue;
  const { rows, total } = await listPendingForumPosts(c.var.deps.db, { page, perPage });
  const items = rows.map((row) => ({
    id: row.id,
    body: row.body,
    created_at: row.createdAt.toISOString(),
    author: presentUserRef(row.author),
    opens_topic: row.topicStatus === "pending",
    topic: {
      id: row.topicId,
      title: row.topicTitle,
      url: topicUrl({ categorySlug: row.categorySlug, slug: row.topicSlug }),
    },
  }));
  return toPageEnvelope(items, total, page, perPage);
}

async function pendingPost(c: Context<AppEnv>, id: number) {
  const post = await findForumPost(c.var.deps.db, id);
  if (!post || post.deletedAt || post.status !== "pending") throw notFound(FORUM_MESSAGES.postNotFound);
  const topic = await findForumTopic(c.var.deps.db, { id: post.topicId });
  if (!topic || topic.deletedAt) throw notFound(FORUM_MESSAGES.postNotFound);
  return { post, topic };
}

/** Publishes a held post (and the topic it opens); its readers are told as if it had just been posted. */
export async function approvePost(c: Context<AppEnv>, id: number) {
  const { db } = c.var.deps;
  const { post, topic } = await pendingPost(c, id);
  await db.transaction(async (tx) => {
    const position = await publishForumPost(tx, post.id, topic.id, post.userId);
    if (topic.status === "pending") await updateForumTopic(tx, topic.id, { status: "published" });
    await audit(c, tx, {
      action: "forum.post_approved",
      subjectType: "forum_post",
      subjectId: String(post.id),
      changes: { topic_id: topic.id },
    });
    const author = post.userId ? await findUserById(tx, post.userId) : null;
    if (author)
      await notifyAboutPost(tx, {
        postId: post.id,
        topicId: topic.id,
        topicTitle: topic.title,
        authorId: author.id,
        authorNick: author.nickName,
        body: post.body,
        url: topicUrl(topic, position),
      });
  });
}

export async function rejectPost(c: Context<AppEnv>, id: number) {
  const { db } = c.var.deps;
  const { post, topic } = await pendingPost(c, id);
  await db.transaction(async (tx) => {
    await rejectForumPost(tx, post.id);
    if (topic.status === "pending") await updateForumTopic(tx, topic.id, { status: "rejected" });
    await audit(c, tx, {
      action: "forum.post_rejected",
      subjectType: "forum_post",
      subjectId: String(post.id),
      changes: { topic_id: topic.id },
    });
  });
}

export async function readBans(c: Context<AppEnv>, page: number) {
  const perPage = FORUM_PAGE_SIZE.adminQueue;
  const { rows, total } = await listForumBans(c.var.deps.db, { page, perPage });
  const items = rows.flatMap((row) => {
    const user = presentUserRef(row.user);
    if (!user) return [];
    return [
      {
        user,
        reason: row.reason,
        until: row.until?.toISOString() ?? null,
        created_at: row.createdAt.toISOString(),
      },
    ];
  });
  return toPageEnvelope(items, total, page, perPage);
}

export async function banUser(c: Context<AppEnv>, userId: number, input: z.output<typeof forumBanSchema>) {
  const { db } = c.var.deps;
  const user = await findUserById(db, userId);
  if (!user) throw notFound();
  if (user.roleId === ROLE.admin) throw validationFailed({ _: [FORUM_MESSAGES.cannotBanAdmin] });
  const until = input.days ? new Date(Date.now() + input.days * DAY) : null;
  await db.transaction(async (tx) => {
    await upsertForumBan(tx, {
      userId,
      reason: input.reason || null,
      until,
      bannedByUserId: currentUser(c).id,
    });
    await audit(c, tx, {
      action: "forum.user_banned",
      subjectType: "user",
      subjectId: String(userId),
      changes: { until: until?.toISOString() ?? null, reason: input.reason ?? null },
    });
  });
}

export async function unbanUser(c: Context<AppEnv>, userId: number) {
  const { db } = c.var.deps;
  await db.transaction(async (tx) => {
    if (!(await deleteForumBan(tx, userId))) throw notFound();
    await audit(c, tx, {
      action: "forum.user_unbanned",
      subjectType: "user",
      subjectId: String(userId),
      changes: {},
    });
  });
}

export async function saveSettings(c: Context<AppEnv>, input: ForumSettings) {
  const { db } = c.var.deps;
  const before = await readForumSettings(db);
  await db.transaction(async (tx) => {
    await saveForumSettingValue(tx, FORUM_SETTING_NAME, input);
    await audit(c, tx, {
      action: "forum.settings_updated",
      subjectType: "setting",
      subjectId: FORUM_SETTING_NAME,
      changes: { before, after: input },
    });
  });
  return input;
}
