import {
  countViews,
  type ForumTopicFilter,
  type ForumTopicRow,
  findForumTopic,
  findForumTopicForReader,
  findMyVotes,
  findPostAttachments,
  findTopicLinks,
  listForumCategories,
  listForumPostsOfUser,
  listForumTopics,
  listTopicPage,
  markReadUpTo,
  visibleModelIds,
} from "@camatlas/db";
import { toPageEnvelope } from "@camatlas/shared";
import type { ForumTopicPageReply } from "@camatlas/shared/api-contract";
import { FORUM_MESSAGES, FORUM_PAGE_SIZE, forumPageOf } from "@camatlas/shared/forum";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { notFound } from "../../lib/http-errors.ts";
import { viewerOf } from "../models/viewer.ts";
import { forumActorOf } from "./actor.ts";
import {
  canDeleteTopic,
  canEditTopic,
  canReply,
  canSeeUnpublished,
  type ForumActor,
  isForumAdmin,
} from "./policy.ts";
import {
  type PostTopicFacts,
  presentCategory,
  presentPost,
  presentTopicSummary,
  topicUrl,
} from "./presenter.ts";

// The forum's reads: the category index, a category's topics, any topic list (a model's Discussions, a member's
// topics), one topic's page of posts, a member's posts.

export async function readCategories(c: Context<AppEnv>) {
  const { db } = c.var.deps;
  const actor = await forumActorOf(c);
  const rows = await listForumCategories(db);
  return { data: rows.map((row) => presentCategory(row, actor)), can: { manage: isForumAdmin(actor) } };
}

/** Summaries of topic rows with their links (models the caller may see, camsites). */
export async function presentTopics(c: Context<AppEnv>, rows: ForumTopicRow[]) {
  const links = await findTopicLinks(
    c.var.deps.db,
    rows.map((row) => row.id),
    viewerOf(c),
  );
  return rows.map((row) => presentTopicSummary(row, links.get(row.id)));
}

export async function readCategory(
  c: Context<AppEnv>,
  slug: string,
  query: { page: number; tag?: string | undefined },
) {
  const { db } = c.var.deps;
  const actor = await forumActorOf(c);
  const categories = await listForumCategories(db);
  const category = categories.find((row) => row.slug === slug);
  if (!category) throw notFound(FORUM_MESSAGES.unknownCategory);
  const perPage = FORUM_PAGE_SIZE.topics;
  const { rows, total } = await listForumTopics(
    db,
    { categoryId: category.id, tag: query.tag },
    { page: query.page, perPage },
  );
  return {
    category: presentCategory(category, actor),
    topics: toPageEnvelope(await presentTopics(c, rows), total, query.page, perPage),
  };
}

/** Any list of topics; a model's list only when the caller may see her (else it is empty, as if she did not exist). */
export async function readTopics(
  c: Context<AppEnv>,
  query: ForumTopicFilter & { page: number; per_page?: number | undefined },
) {
  const { db } = c.var.deps;
  const perPage = query.per_page ?? FORUM_PAGE_SIZE.topics;
  if (query.modelId !== undefined) {
    const visible = await visibleModelIds(db, [query.modelId], viewerOf(c));
    if (!visible.has(query.modelId)) return toPageEnvelope([], 0, query.page, perPage);
  }
  const { rows, total } = await listForumTopics(db, query, { page: query.page, perPage });
  return toPageEnvelope(await presentTopics(c, rows), total, query.page, perPage);
}

/** Held or deleted topics exist only for their author (held) and admins; a merged one leads to its target. */
function assertVisible(actor: ForumActor, topic: ForumTopicRow) {
  if (topic.mergedIntoTopicId !== null) return;
  if (topic.deletedAt && !isForumAdmin(actor)) throw notFound(FORUM_MESSAGES.topicNotFound);
  if (topic.status !== "published" && !canSeeUnpublished(actor, topic.userId))
    throw notFound(FORUM_MESSAGES.topicNotFound);
}

/**
 * One page of a topic (20 posts): the page asked for, or with `unread` the page of the caller's first unread post.
 * Reading a page counts a view and moves the caller's read mark to its last post.
 */
export async function readTopicPage(
  c: Context<AppEnv>,
  slug: string,
  query: { page?: number | undefined; unread?: boolean | undefined },
): Promise<ForumTopicPageReply> {
  const { db } = c.var.deps;
  const user = c.var.user;
  const topic = await findForumTopicForReader(db, slug, user?.id ?? null);
  if (!topic) throw notFound(FORUM_MESSAGES.topicNotFound);
  const actor: ForumActor = user ? { id: user.id, roleId: user.roleId, banned: topic.readerBanned } : null;
  assertVisible(actor, topic);
  const perPage = FORUM_PAGE_SIZE.posts;
  const category = { postingAccess: topic.categoryPostingAccess };

  let mergedIntoUrl: string | null = null;
  if (topic.mergedIntoTopicId !== null) {
    const target = await findForumTopic(db, { id: topic.mergedIntoTopicId });
    mergedIntoUrl = target ? topicUrl(target) : null;
  }

  const readPosition = topic.readPosition;
  const firstUnread = readPosition !== null && readPosition < topic.lastPosition ? readPosition + 1 : null;
  const page = query.page ?? (query.unread && firstUnread ? forumPageOf(firstUnread, perPage) : 1);
  const from = (page - 1) * perPage + 1;
  const [pageRows, links] = await Promise.all([
    listTopicPage(db, topic.id, { from, to: from + perPage - 1 }, actor?.id ?? null),
    findTopicLinks(db, [topic.id], viewerOf(c)),
  ]);
  const subscribed = actor !== null && topic.subscribed;
  const rows = pageRows.filter((row) => row.position !== null);
  const pending = pageRows.filter((row) => row.position === null);
  const context = {
    actor,
    topic,
    myVotes: new Map(pageRows.map((row) => [row.id, row.myVote])),
    attachments: new Map(pageRows.map((row) => [row.id, row.attachments])),
  };
  // Held and refused posts of others stay out (they have no position, so only admins' queues show them).
  const shown = rows.filter((row) => row.status === "published" || canSeeUnpublished(actor, row.userId));

  if (topic.status === "published" && !topic.deletedAt) {
    // The view count is not the reader's business: it is written after the reply, its failure only logged.
    countViews(db, topic.id).catch((error: unknown) =>
      c.var.logger.warn({ err: error, topicId: topic.id }, "counting a forum topic view failed"),
    );
    // The read mark only moves forward: a page read before writes nothing.
    const lastShown = rows.at(-1)?.position;
    if (actor && lastShown && lastShown > (readPosition ?? 0))
      await markReadUpTo(db, topic.id, actor.id, lastShown);
  }

  return {
    topic: {
      ...presentTopicSummary(topic, links.get(topic.id)),
      solved_post_id: topic.solvedPostId,
      subscribed,
      first_unread_position: firstUnread,
      merged_into_url: mergedIntoUrl,
      can: {
        reply: canReply(actor, topic, category),
        edit: canEditTopic(actor, topic),
        delete: canDeleteTopic(actor, topic),
        subscribe: actor !== null,
        moderate: isForumAdmin(actor),
      },
    },
    posts: toPageEnvelope(
      shown.map((row) => presentPost(row, context)),
      topic.lastPosition,
      page,
      perPage,
    ),
    pending_posts: pending.map((row) => presentPost(row, context)),
  };
}

/** A member's published posts (or the whole forum's), newest first, each with its topic and address. */
export async function readPostsOfUser(c: Context<AppEnv>, userId: number | undefined, page: number) {
  const { db } = c.var.deps;
  const actor = await forumActorOf(c);
  const perPage = FORUM_PAGE_SIZE.profileItems;
  const { rows, total } = await listForumPostsOfUser(db, userId, { page, perPage });
  const ids = rows.map((row) => row.id);
  const [myVotes, attachments] = await Promise.all([
    actor ? findMyVotes(db, ids, actor.id) : Promise.resolve(new Map<number, number>()),
    findPostAttachments(db, ids),
  ]);
  const items = rows.map((row) => {
    const where = { categorySlug: row.categorySlug, slug: row.topicSlug };
    // A list item is read-only (edits happen in the topic), so its abilities are those of a closed topic.
    const topicFacts: PostTopicFacts = {
      userId: null,
      isLocked: true,
      status: "published",
      deletedAt: null,
      postsCount: 0,
      solvedPostId: null,
    };
    return {
      ...presentPost(row, { actor, topic: topicFacts, myVotes, attachments }),
      topic: { id: row.topicId, title: row.topicTitle, url: topicUrl(where) },
      url: topicUrl(where, row.position),
    };
  });
  return toPageEnvelope(items, total, page, perPage);
}
