import { PAGE_SIZE, POST_LIST_PATHS, type PostType, TAB_LABELS } from "@camatlas/shared";

// What each kind of post is called on its pages: list title, lead, empty state (review, blog, news share the rest).

export interface PostKindTexts {
  title: string;
  lead: string;
  emptyTitle: string;
  emptyText: string;
  /** One post of the kind, for "Back to …" and the desk. */
  singular: string;
  listPath: string;
  /** Posts per page of its list: reviews per the spec (6); blog and news fill three rows of three. */
  perPage: number;
}

export const POST_KINDS: Readonly<Record<PostType, PostKindTexts>> = {
  review: {
    title: TAB_LABELS.reviews,
    lead: "Our own reviews of webcam models and camsites: what we watched, what we liked, and where to find her.",
    emptyTitle: "No reviews yet",
    emptyText: "Reviews will appear here once they are published.",
    singular: "Review",
    listPath: POST_LIST_PATHS.review,
    perPage: PAGE_SIZE.reviewsPerPage,
  },
  blog: {
    title: "Blog",
    lead: "Stories, guides and insights from the world of webcam modelling.",
    emptyTitle: "No posts yet",
    emptyText: "Blog posts will appear here once they are published.",
    singular: "Blog post",
    listPath: POST_LIST_PATHS.blog,
    perPage: 9,
  },
  news: {
    title: "News",
    lead: "What is new on the camsites and on this site.",
    emptyTitle: "No news yet",
    emptyText: "News will appear here once they are published.",
    singular: "News",
    listPath: POST_LIST_PATHS.news,
    perPage: 9,
  },
};

/** The kind a page's address is under: /reviews/…, /blog/…, /news/…. */
export function postTypeOfPath(pathname: string): PostType | null {
  const first = pathname.split("/")[1] ?? "";
  const found = (Object.keys(POST_LIST_PATHS) as PostType[]).find(
    (type) => POST_LIST_PATHS[type] === `/${first}`,
  );
  return found ?? null;
}

/** The API's feed of a kind (RSS unless told). */
export function postFeedPath(type: PostType, format: "rss" | "atom" = "rss"): string {
  return `/api/feeds/${type}${format === "atom" ? "?format=atom" : ""}`;
}
