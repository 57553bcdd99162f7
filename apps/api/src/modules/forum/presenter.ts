import type {
  ForumPostRow,
  ForumTopicRow,
  ForumUserRefRow,
  LinkRef,
  listForumCategories,
} from "@camatlas/db";
import { blurPlaceholder } from "@camatlas/shared";
import type {
  ForumCategoryReply,
  ForumPostReply,
  ForumTopicSummary,
  ForumUserRef,
} from "@camatlas/shared/api-contract";
import { FORUM_PAGE_SIZE, forumCategoryPath, forumPageOf, forumTopicPath } from "@camatlas/shared/forum";
import { mediaLink } from "../auth/presenter.ts";
import {
  canDeletePost,
  canEditPost,
  canMarkAnswer,
  canPostIn,
  canReport,
  canVote,
  type ForumActor,
  isForumAdmin,
} from "./policy.ts";

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

export function presentUserRef(row: ForumUserRefRow | null): ForumUserRef | null {
  if (!row) return null;
  return {
    id: row.id,
    nick_name: row.nick_name,
    avatar_path: mediaLink(row.avatar_path),
    avatar_placeholder: row.avatar_path ? blurPlaceholder(row.avatar_blurhash) : null,
  };
}

type CategoryListRow = Awaited<ReturnType<typeof listForumCategories>>[number];

export function presentCategory(row: CategoryListRow, actor: ForumActor): ForumCategoryReply {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    position: row.position,
    posting_access: row.postingAccess,
    topics_count: row.topicsCount,
    posts_count: row.postsCount,
    last_topic:
      row.lastTitle && row.lastSlug
        ? {
            title: row.lastTitle,
            url: forumTopicPath(row.slug, row.lastSlug),
            last_post_at: iso(row.lastPostAt),
            last_post_user:
              row.lastUserId !== null && row.lastUserNick !== null
                ? presentUserRef({
                    id: row.lastUserId,
                    nick_name: row.lastUserNick,
                    avatar_path: row.lastUserAvatar,
                    avatar_blurhash: row.lastUserAvatarBlurhash,
                  })
                : null,
          }
        : null,
    url: forumCategoryPath(row.slug),
    can: { post: canPostIn(actor, row) },
  };
}

/** The address of a topic (and of a post in it, on its page). */
export function topicUrl(row: { categorySlug: string; slug: string }, position?: number | null) {
  if (!position) return forumTopicPath(row.categorySlug, row.slug);
  return forumTopicPath(row.categorySlug, row.slug, {
    page: forumPageOf(position, FORUM_PAGE_SIZE.posts),
    position,
  });
}

export function presentTopicSummary(
  row: ForumTopicRow,
  links: { models: LinkRef[]; camsites: LinkRef[] } | undefined,
): ForumTopicSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    url: topicUrl(row),
    category: { id: row.categoryId, slug: row.categorySlug, title: row.categoryTitle },
    author: presentUserRef(row.author),
    tags: row.tags,
    models: links?.models ?? [],
    camsites: links?.camsites ?? [],
    is_pinned: row.isPinned,
    is_locked: row.isLocked,
    is_solved: row.solvedPostId !== null,
    status: row.status,
    posts_count: row.postsCount,
    views: row.views,
    last_post_at: iso(row.lastPostAt),
    last_post_user: presentUserRef(row.lastPostUser),
    created_at: row.createdAt.toISOString(),
  };
}

/** What a post's abilities depend on in its topic. */
export type PostTopicFacts = Pick<
  ForumTopicRow,
  "userId" | "isLocked" | "status" | "deletedAt" | "postsCount" | "solvedPostId"
>;

export interface PostContext {
  actor: ForumActor;
  topic: PostTopicFacts;
  myVotes: Map<number, number>;
  attachments: Map<number, { id: number; path: string; width: number | null; height: number | null }[]>;
}

/** A post as the caller sees it: a deleted one keeps its place and author but loses its text and images. */
export function presentPost(row: ForumPostRow, context: PostContext): ForumPostReply {
  const deleted = row.deletedAt !== null;
  const vote = context.myVotes.get(row.id) ?? 0;
  const { actor, topic } = context;
  return {
    id: row.id,
    topic_id: row.topicId,
    position: row.position,
    author: presentUserRef(row.author),
    body: deleted ? "" : row.body,
    is_deleted: deleted,
    status: row.status,
    score: row.score,
    my_vote: vote === 1 ? 1 : vote === -1 ? -1 : 0,
    is_answer: topic.solvedPostId === row.id,
    edited_at: iso(row.editedAt),
    created_at: row.createdAt.toISOString(),
    attachments: deleted
      ? []
      : (context.attachments.get(row.id) ?? []).map((file) => ({
          id: file.id,
          url: mediaLink(file.path) ?? "",
          width: file.width,
          height: file.height,
        })),
    can: {
      edit: canEditPost(actor, row, topic),
      delete: canDeletePost(actor, row, topic),
      vote: canVote(actor, row),
      report: canReport(actor, row),
      quote: !deleted && row.status === "published" && actor !== null && !actor.banned,
      mark_answer: !deleted && row.position !== null && row.position > 1 && canMarkAnswer(actor, topic),
      history: isForumAdmin(actor) && row.editedAt !== null,
    },
  };
}
