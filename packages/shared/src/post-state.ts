import type { PostStatus, PostType } from "./enums.ts";
import { slugOf } from "./slug.ts";

/** What the desk shows: a draft, a published post whose time has not come (scheduled), or a live one. */
export const POST_STATES = ["draft", "scheduled", "published"] as const;
export type PostState = (typeof POST_STATES)[number];

/**
 * A post is live once it is published and its publish time has come; a later time makes it scheduled. Read against
 * the clock whenever it is asked, so a scheduled post needs no job to appear (decision 0017).
 */
export function postState(
  post: { readonly status: PostStatus; readonly publishedAt: string | Date | null },
  now: Date = new Date(),
): PostState {
  if (post.status !== "published" || post.publishedAt === null) return "draft";
  const at = post.publishedAt instanceof Date ? post.publishedAt : new Date(post.publishedAt);
  return at.getTime() > now.getTime() ? "scheduled" : "published";
}

/** The public address of each kind's list; a post lives at `{list}/{post_name}` (spec §2). */
export const POST_LIST_PATHS: Readonly<Record<PostType, string>> = {
  review: "/reviews",
  blog: "/blog",
  news: "/news",
};

export function postPath(type: PostType, postName: string): string {
  return `${POST_LIST_PATHS[type]}/${encodeURIComponent(postName)}`;
}

/** Lowercase letters, digits and single dashes: a post's address segment. */
export const POST_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const POST_NAME_MAX = 200;

/** A post name from a title: "Jasmin's 5 best shows!" → "jasmins-5-best-shows" (empty when nothing is left). */
export function postNameFromTitle(title: string): string {
  return slugOf(title.replace(/['’]/g, ""), POST_NAME_MAX);
}
