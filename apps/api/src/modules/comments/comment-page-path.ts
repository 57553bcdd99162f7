import type { Commentable } from "@camatlas/db";
import { postPath } from "@camatlas/shared";
import { commentAnchor } from "@camatlas/shared/comments";

// The page that shows a thread, and a comment's address on it (legacy /comment/read/{id}, notifications, the admin
// queue). Pages with tabs open their Comments tab; `comments_page` is the thread's page the comment is on.

const enc = encodeURIComponent;

/** The thread's page with its Comments tab open (no page, no anchor). */
export function threadPagePath(page: Commentable["page"]): string {
  switch (page.kind) {
    case "model":
      return `/models/${enc(page.slug)}?tab=comments`;
    case "user_review":
      return `/user-reviews/${page.id}`;
    case "post":
      return postPath(page.type, page.postName);
    case "profile":
      return `/users/${enc(page.nickName)}`;
    case "story":
      return `/models/${enc(page.modelSlug)}?tab=stories&story=${page.id}`;
    case "topic":
      return `/forum/${enc(page.categorySlug)}/${enc(page.topicSlug)}`;
    case "stats_nickname":
      return `/stats/${enc(page.camsiteSlug)}/${enc(page.nickname)}?tab=comments`;
  }
}

/**
 * A comment's address: its thread's page (the comments page it is on, when not the first; every reply of its parent
 * listed when it is a reply past the first few) and its anchor.
 */
export function commentPagePath(
  page: Commentable["page"],
  commentId: number,
  commentsPage = 1,
  repliesOf: number | null = null,
): string {
  const base = threadPagePath(page);
  const params = [
    ...(commentsPage > 1 ? [`comments_page=${commentsPage}`] : []),
    ...(repliesOf !== null ? [`comments_replies=${repliesOf}`] : []),
  ];
  const query = params.length ? `${base.includes("?") ? "&" : "?"}${params.join("&")}` : "";
  return `${base}${query}#${commentAnchor(commentId)}`;
}
