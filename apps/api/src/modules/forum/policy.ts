import { ROLE } from "@camatlas/shared";
import type { ForumPostingAccess } from "@camatlas/shared/forum";

// Who may do what in the forum: pure rules, unit-tested, used by the services to refuse and by the presenters to
// tell the pages what to show (`can`).

/** The caller: null for guests; `banned` when an admin banned her from the forum. */
export type ForumActor = { id: number; roleId: number; banned: boolean } | null;

interface CategoryFacts {
  postingAccess: ForumPostingAccess;
}
interface TopicFacts {
  userId: number | null;
  isLocked: boolean;
  status: string;
  deletedAt: Date | null;
  postsCount: number;
}
interface PostFacts {
  userId: number | null;
  status: string;
  deletedAt: Date | null;
}

export const isForumAdmin = (actor: ForumActor) => actor?.roleId === ROLE.admin;

/** Start topics in (and reply to open topics of) a category. */
export function canPostIn(actor: ForumActor, category: CategoryFacts): boolean {
  if (!actor || actor.banned) return false;
  return category.postingAccess === "members" || isForumAdmin(actor);
}

/** Reply in a topic: its category lets her post, and it is open (admins may still answer in a locked one). */
export function canReply(actor: ForumActor, topic: TopicFacts, category: CategoryFacts): boolean {
  if (!canPostIn(actor, category)) return false;
  if (topic.deletedAt || topic.status !== "published") return false;
  return !topic.isLocked || isForumAdmin(actor);
}

/** Change a topic's title, tags and links: its author while it is open, or an admin. */
export function canEditTopic(actor: ForumActor, topic: TopicFacts): boolean {
  if (!actor || topic.deletedAt) return false;
  if (isForumAdmin(actor)) return true;
  return !actor.banned && topic.userId === actor.id && !topic.isLocked;
}

/** Delete a topic: an admin, or its author while nobody has replied. */
export function canDeleteTopic(actor: ForumActor, topic: TopicFacts): boolean {
  if (!actor || topic.deletedAt) return false;
  if (isForumAdmin(actor)) return true;
  return !actor.banned && topic.userId === actor.id && topic.postsCount <= 1 && !topic.isLocked;
}

/** Mark a reply as the topic's answer: its author or an admin. */
export function canMarkAnswer(actor: ForumActor, topic: TopicFacts): boolean {
  if (!actor || topic.deletedAt) return false;
  return isForumAdmin(actor) || (!actor.banned && topic.userId === actor.id);
}

export function canEditPost(actor: ForumActor, post: PostFacts, topic: TopicFacts): boolean {
  if (!actor || post.deletedAt || topic.deletedAt) return false;
  if (isForumAdmin(actor)) return true;
  return !actor.banned && post.userId === actor.id && !topic.isLocked && post.status !== "rejected";
}

export function canDeletePost(actor: ForumActor, post: PostFacts, topic: TopicFacts): boolean {
  return canEditPost(actor, post, topic);
}

/** Vote on a post: anyone signed in and not banned, on someone else's published post. */
export function canVote(actor: ForumActor, post: PostFacts): boolean {
  if (!actor || actor.banned || post.deletedAt || post.status !== "published") return false;
  return post.userId !== actor.id;
}

export function canReport(actor: ForumActor, post: PostFacts): boolean {
  if (!actor || actor.banned || post.deletedAt || post.status !== "published") return false;
  return post.userId !== actor.id;
}

/** Read a held or rejected post: its author and admins. */
export function canSeeUnpublished(actor: ForumActor, authorId: number | null): boolean {
  return isForumAdmin(actor) || (actor !== null && actor.id === authorId);
}
