import { slugOf } from "../slug.ts";
// Addresses of the forum's pages, built once for the API (notifications, sitemap) and the web alike.

export const forumPath = () => "/forum";
export const forumCategoryPath = (categorySlug: string) => `/forum/${encodeURIComponent(categorySlug)}`;

/** A topic's page; `page` > 1 adds ?page=, `position` the post's anchor. */
export function forumTopicPath(
  categorySlug: string,
  topicSlug: string,
  options: { page?: number; position?: number } = {},
): string {
  const base = `/forum/${encodeURIComponent(categorySlug)}/${encodeURIComponent(topicSlug)}`;
  const query = options.page && options.page > 1 ? `?page=${options.page}` : "";
  const hash = options.position ? `#post-${options.position}` : "";
  return `${base}${query}${hash}`;
}

/** The page of a topic a post position falls on (positions start at 1). */
export const forumPageOf = (position: number, perPage: number) => Math.max(1, Math.ceil(position / perPage));

/** A topic title as an address: lowercase words joined by dashes, at most 80 characters ("topic" when empty). */
export function forumSlugOf(title: string): string {
  return slugOf(title, 80) || "topic";
}
