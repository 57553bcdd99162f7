import {
  countTopicsStartedSince,
  type Database,
  existingCamsiteIds,
  type ForumTopicRow,
  findForumCategory,
  findForumPost,
  findForumTopic,
  findMyVotes,
  findOpeningPost,
  findPostAttachments,
  findUserById,
  hasPublishedForumPost,
  insertForumPost,
  insertForumReport,
  insertForumTopic,
  listForumPostRevisions,
  setForumVote,
  setSubscription,
  setTopicLinks,
  softDeleteForumPost,
  takenTopicSlugs,
  updateForumPostBody,
  updateForumTopic,
  visibleModelIds,
} from "@camatlas/db";
import {
  FORUM_LIMITS,
  FORUM_MESSAGES,
  type ForumTopicCreate,
  type forumPostUpdateSchema,
  type forumReplyCreateSchema,
  type forumReportCreateSchema,
  forumSlugOf,
  type forumTopicUpdateSchema,
} from "@camatlas/shared/forum";
import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { audit } from "../../lib/audit.ts";
import { currentUser } from "../../lib/current-user.ts";
import { ApiError, forbidden, notFound, validationFailed } from "../../lib/http-errors.ts";
import { mediaReferenceErrors } from "../../lib/media-reference.ts";
import { viewerOf } from "../models/viewer.ts";
import { forumActorOf } from "./actor.ts";
import { notifyAboutPost } from "./notify.ts";
import {
  canDeleteTopic,
  canEditPost,
  canEditTopic,
  canMarkAnswer,
  canPostIn,
  canReply,
  canReport,
  canVote,
  type ForumActor,
  isForumAdmin,
} from "./policy.ts";
import { presentPost, topicUrl } from "./presenter.ts";
import { presentTopics } from "./read-service.ts";
import { readForumSettings } from "./settings.ts";

// The forum's writes by members: topics, replies, edits, deletes, votes, follows, answers and reports.

const HOUR = 60 * 60 * 1000;

/** Why the caller may not post here, as the reply says it: banned, admins-only category, locked topic. */
function refusal(actor: ForumActor, category: { postingAccess: string }, topic?: { isLocked: boolean }) {
  if (actor?.banned) return forbidden(FORUM_MESSAGES.banned);
  if (category.postingAccess === "admins" && !isForumAdmin(actor))
    return forbidden(FORUM_MESSAGES.categoryClosed);
  if (topic?.isLocked) return forbidden(FORUM_MESSAGES.topicLocked);
  return forbidden();
}

/**
 * 422 field errors for the linked models (ones she may see), camsites and attachments (her own images), on the
 * list's field: a hidden model answers exactly as one that does not exist.
 */
async function linkErrors(
  c: Context<AppEnv>,
  db: Database,
  input: {
    model_ids?: number[] | undefined;
    camsite_ids?: number[] | undefined;
    media_ids?: number[] | undefined;
  },
) {
  const errors: Record<string, string[]> = {};
  const modelIds = input.model_ids ?? [];
  const visible = await visibleModelIds(db, modelIds, viewerOf(c));
  if (modelIds.some((id) => !visible.has(id))) errors.model_ids = [FORUM_MESSAGES.unknownModel];
  const camsiteIds = input.camsite_ids ?? [];
  const camsites = await existingCamsiteIds(db, camsiteIds);
  if (camsiteIds.some((id) => !camsites.has(id))) errors.camsite_ids = [FORUM_MESSAGES.unknownCamsite];
  const user = currentUser(c);
  const mediaErrors = await mediaReferenceErrors(
    db,
    user,
    (input.media_ids ?? []).map((id) => ({ field: "media_ids", id, use: "forum_attachment" as const })),
  );
  if (mediaErrors.media_ids) errors.media_ids = mediaErrors.media_ids;
  return errors;
}

/** Whether this post must wait for an admin: the setting is on and the member has never had a post published. */
async function mustHold(db: Database, actor: NonNullable<ForumActor>) {
  if (isForumAdmin(actor)) return false;
  const settings = await readForumSettings(db);
  return settings.hold_first_posts && !(await hasPublishedForumPost(db, actor.id));
}

/** A free slug for a title: its words, then -2, -3… when taken. */
async function freeSlug(db: Database, title: string) {
  const base = forumSlugOf(title);
  const taken = await takenTopicSlugs(db, base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Starts a topic: its opening post, links and the author's follow, in one transaction. */
export async function createTopic(c: Context<AppEnv>, input: ForumTopicCreate) {
  const { db } = c.var.deps;
  const actor = (await forumActorOf(c))!;
  const category = await findForumCategory(db, { id: input.category_id });
  if (!category) throw validationFailed({ category_id: [FORUM_MESSAGES.unknownCategory] });
  if (!canPostIn(actor, category)) throw refusal(actor, category);

  const user = await findUserById(db, actor.id);
  if (user && !isForumAdmin(actor)) {
    const newUntil = new Date(user.createdAt.getTime() + FORUM_LIMITS.newAccountHours * HOUR);
    if (
      newUntil > new Date() &&
      (await countTopicsStartedSince(db, actor.id, user.createdAt)) >= FORUM_LIMITS.newAccountTopicsPerDay
    )
      throw new ApiError(429, FORUM_MESSAGES.newAccountTopicLimit);
  }
  const errors = await linkErrors(c, db, input);
  if (Object.keys(errors).length) throw validationFailed(errors);

  const held = await mustHold(db, actor);
  const status = held ? "pending" : "published";
  const modelIds = input.model_ids ?? [];
  const created = await db.transaction(async (tx) => {
    const topic = await insertForumTopic(tx, {
      categoryId: category.id,
      userId: actor.id,
      title: input.title,
      slug: await freeSlug(tx, input.title),
      tags: input.tags ?? [],
      modelId: modelIds[0] ?? null,
      status,
    });
    const post = await insertForumPost(tx, {
      topicId: topic.id,
      userId: actor.id,
      body: input.body,
      status,
      mediaIds: input.media_ids ?? [],
    });
    await setTopicLinks(tx, topic.id, { modelIds, camsiteIds: input.camsite_ids ?? [] });
    await setSubscription(tx, topic.id, actor.id, true);
    const row = (await findForumTopic(tx, { id: topic.id }))!;
    if (!held)
      await notifyAboutPost(tx, {
        postId: post.id,
        topicId: topic.id,
        topicTitle: row.title,
        authorId: actor.id,
        authorNick: currentUser(c).nickName,
        body: input.body,
        url: topicUrl(row, 1),
      });
    return row;
  });
  const [summary] = await presentTopics(c, [created]);
  return { topic: summary!, held };
}

/** A topic the caller may act on: published (or her own held one), not deleted. */
async function liveTopic(db: Database, id: number, actor: ForumActor) {
  const topic = await findForumTopic(db, { id });
  if (!topic || topic.deletedAt || topic.mergedIntoTopicId !== null)
    throw notFound(FORUM_MESSAGES.topicNotFound);
  if (topic.status !== "published" && !(isForumAdmin(actor) || topic.userId === actor?.id))
    throw notFound(FORUM_MESSAGES.topicNotFound);
  return topic;
}

export async function updateTopic(
  c: Context<AppEnv>,
  id: number,
  input: z.output<typeof forumTopicUpdateSchema>,
) {
  const { db } = c.var.deps;
  const actor = await forumActorOf(c);
  const topic = await liveTopic(db, id, actor);
  if (!canEditTopic(actor, topic)) throw actor?.banned ? forbidden(FORUM_MESSAGES.banned) : forbidden();
  const errors = await linkErrors(c, db, input);
  if (Object.keys(errors).length) throw validationFailed(errors);
  await db.transaction(async (tx) => {
    if (input.title !== undefined && input.title !== topic.title) {
      const opening = await findOpeningPost(tx, topic.id);
      if (opening)
        await updateForumPostBody(tx, opening, {
          body: opening.body,
          editorId: actor!.id,
          previousTitle: topic.title,
        });
    }
    await updateForumTopic(tx, topic.id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.tags !== undefined ? { tags: input.tags } : {}),
      ...(input.model_ids !== undefined ? { modelId: input.model_ids[0] ?? null } : {}),
    });
    await setTopicLinks(tx, topic.id, { modelIds: input.model_ids, camsiteIds: input.camsite_ids });
    if (isForumAdmin(actor) && topic.userId !== actor?.id)
      await audit(c, tx, {
        action: "forum.topic_edited",
        subjectType: "forum_topic",
        subjectId: String(topic.id),
        changes: { title: input.title ?? null },
      });
  });
  const [summary] = await presentTopics(c, [(await findForumTopic(db, { id: topic.id }))!]);
  return summary!;
}

/** Deletes a topic (soft): her own while nobody replied, or any by an admin (audited). */
export async function deleteTopic(c: Context<AppEnv>, id: number) {
  const { db } = c.var.deps;
  const actor = await forumActorOf(c);
  const topic = await liveTopic(db, id, actor);
  if (!canDeleteTopic(actor, topic)) throw forbidden();
  await db.transaction(async (tx) => {
    await updateForumTopic(tx, topic.id, { deletedAt: new Date() });
    if (isForumAdmin(actor))
      await audit(c, tx, {
        action: "forum.topic_deleted",
        subjectType: "forum_topic",
        subjectId: String(topic.id),
        changes: { title: topic.title, author_id: topic.userId },
      });
  });
}

/** Replies in a topic; followers, quoted and mentioned members are told (unless the reply is held). */
export async function createReply(
  c: Context<AppEnv>,
  topicId: number,
  input: z.output<typeof forumReplyCreateSchema>,
) {
  const { db } = c.var.deps;
  const actor = (await forumActorOf(c))!;
  const topic = await liveTopic(db, topicId, actor);
  const category = (await findForumCategory(db, { id: topic.categoryId }))!;
  if (!canReply(actor, topic, category)) throw refusal(actor, category, topic);
  const errors = await linkErrors(c, db, { media_ids: input.media_ids });
  if (Object.keys(errors).length) throw validationFailed(errors);
  const held = await mustHold(db, actor);
  const post = await db.transaction(async (tx) => {
    const inserted = await insertForumPost(tx, {
      topicId: topic.id,
      userId: actor.id,
      body: input.body,
      status: held ? "pending" : "published",
      mediaIds: input.media_ids ?? [],
    });
    if (!held)
      await notifyAboutPost(tx, {
        postId: inserted.id,
        topicId: topic.id,
        topicTitle: topic.title,
        authorId: actor.id,
        authorNick: currentUser(c).nickName,
        body: input.body,
        url: topicUrl(topic, inserted.position),
      });
    return inserted;
  });
  return {
    post: await presentOne(db, actor, topic, post.id),
    url: topicUrl(topic, post.position),
    held,
  };
}

async function presentOne(db: Database, actor: ForumActor, topic: ForumTopicRow, postId: number) {
  const row = (await findForumPost(db, postId))!;
  const [myVotes, attachments] = await Promise.all([
    actor ? findMyVotes(db, [postId], actor.id) : Promise.resolve(new Map<number, number>()),
    findPostAttachments(db, [postId]),
  ]);
  return presentPost(row, { actor, topic, myVotes, attachments });
}

/** A post and its topic, both live; 404 otherwise. */
async function livePost(db: Database, id: number, actor: ForumActor) {
  const post = await findForumPost(db, id);
  if (!post || post.deletedAt) throw notFound(FORUM_MESSAGES.postNotFound);
  if (post.status !== "published" && !(isForumAdmin(actor) || post.userId === actor?.id))
    throw notFound(FORUM_MESSAGES.postNotFound);
  const topic = await findForumTopic(db, { id: post.topicId });
  if (!topic || topic.deletedAt) throw notFound(FORUM_MESSAGES.postNotFound);
  return { post, topic };
}

/** Edits a post's text; the old text is kept for admins (revisions); an admin's edit of another's post is audited. */
export async function updatePost(
  c: Context<AppEnv>,
  id: number,
  input: z.output<typeof forumPostUpdateSchema>,
) {
  const { db } = c.var.deps;
  const actor = await forumActorOf(c);
  const { post, topic } = await livePost(db, id, actor);
  if (!canEditPost(actor, post, topic))
    throw actor?.banned
      ? forbidden(FORUM_MESSAGES.banned)
      : topic.isLocked
        ? forbidden(FORUM_MESSAGES.topicLocked)
        : forbidden();
  if (input.body !== post.body)
    await db.transaction(async (tx) => {
      await updateForumPostBody(tx, post, { body: input.body, editorId: actor!.id });
      if (post.userId !== actor!.id)
        await audit(c, tx, {
          action: "forum.post_edited",
          subjectType: "forum_post",
          subjectId: String(post.id),
          changes: { author_id: post.userId },
        });
    });
  return {
    post: await presentOne(db, actor, topic, post.id),
    url: topicUrl(topic, post.position),
    held: post.status === "pending",
  };
}

/** Deletes a post (soft; its place stays as "deleted"); the opening post takes its topic along. */
export async function deletePost(c: Context<AppEnv>, id: number) {
  const { db } = c.var.deps;
  const actor = await forumActorOf(c);
  const { post, topic } = await livePost(db, id, actor);
  if (post.position === 1) {
    if (!canDeleteTopic(actor, topic)) throw forbidden();
    return deleteTopic(c, topic.id);
  }
  if (!canEditPost(actor, post, topic)) throw forbidden();
  await db.transaction(async (tx) => {
    await softDeleteForumPost(tx, post, actor!.id);
    if (topic.solvedPostId === post.id) await updateForumTopic(tx, topic.id, { solvedPostId: null });
    if (post.userId !== actor!.id)
      await audit(c, tx, {
        action: "forum.post_deleted",
        subjectType: "forum_post",
        subjectId: String(post.id),
        changes: { author_id: post.userId, topic_id: topic.id },
      });
  });
}

export async function votePost(c: Context<AppEnv>, id: number, value: -1 | 0 | 1) {
  const { db } = c.var.deps;
  const actor = await forumActorOf(c);
  const { post } = await livePost(db, id, actor);
  if (!canVote(actor, post))
    throw forbidden(
      actor?.banned
        ? FORUM_MESSAGES.banned
        : post.userId === actor?.id
          ? FORUM_MESSAGES.ownPostVote
          : undefined,
    );
  const score = await db.transaction((tx) => setForumVote(tx, post.id, actor!.id, value));
  return { score, my_vote: value };
}

export async function subscribe(c: Context<AppEnv>, topicId: number, subscribed: boolean) {
  const { db } = c.var.deps;
  const actor = await forumActorOf(c);
  const topic = await liveTopic(db, topicId, actor);
  await setSubscription(db, topic.id, actor!.id, subscribed);
}

/** Marks (or with null clears) the reply that answers the topic. */
export async function markSolution(c: Context<AppEnv>, topicId: number, postId: number | null) {
  const { db } = c.var.deps;
  const actor = await forumActorOf(c);
  const topic = await liveTopic(db, topicId, actor);
  if (!canMarkAnswer(actor, topic)) throw forbidden();
  if (postId !== null) {
    const post = await findForumPost(db, postId);
    if (
      !post ||
      post.topicId !== topic.id ||
      post.deletedAt ||
      post.status !== "published" ||
      post.position === 1
    )
      throw validationFailed({ post_id: [FORUM_MESSAGES.notInTopic] });
  }
  await updateForumTopic(db, topic.id, { solvedPostId: postId });
}

export async function reportPost(
  c: Context<AppEnv>,
  id: number,
  input: z.output<typeof forumReportCreateSchema>,
) {
  const { db } = c.var.deps;
  const actor = await forumActorOf(c);
  const { post } = await livePost(db, id, actor);
  if (!canReport(actor, post)) throw forbidden(actor?.banned ? FORUM_MESSAGES.banned : undefined);
  const filed = await insertForumReport(db, {
    postId: post.id,
    userId: actor!.id,
    reason: input.reason,
    note: input.note || null,
  });
  if (!filed) throw new ApiError(409, FORUM_MESSAGES.alreadyReported);
}

export async function readRevisions(c: Context<AppEnv>, postId: number) {
  const { db } = c.var.deps;
  const post = await findForumPost(db, postId);
  if (!post) throw notFound(FORUM_MESSAGES.postNotFound);
  return listForumPostRevisions(db, postId);
}
