import type { CommentZone } from "../enums.ts";
import { COMMENT_LIMITS } from "../limits.ts";
import { PAGE_SIZE } from "../page-sizes.ts";

// Pure rules of comments (decision 0015), shared by the API (which enforces them) and the web (which shows them).

/** The author may change the text for 15 minutes after posting. */
export function withinEditWindow(createdAt: Date | string, now: Date = new Date()): boolean {
  const created = typeof createdAt === "string" ? new Date(createdAt) : createdAt;
  return now.getTime() - created.getTime() <= COMMENT_LIMITS.editWindowMs;
}

/** Top-level comments per page (spec §9: model, review and profile comments 10; the rest the default). */
export function commentPageSize(zone: CommentZone): number {
  switch (zone) {
    case "model":
      return PAGE_SIZE.modelComments;
    case "user_review":
    case "post":
      return PAGE_SIZE.reviewComments;
    case "profile":
      return PAGE_SIZE.profileComments;
    default:
      return PAGE_SIZE.default;
  }
}

/** Replies shown under each top-level comment before "show more" (spec §9). */
export const REPLIES_SHOWN = PAGE_SIZE.commentRepliesShown;

/** Orders of a thread: newest first (the default), oldest first, or best voted first. */
export const COMMENT_ORDERS = ["newest", "oldest", "top"] as const;
export type CommentOrder = (typeof COMMENT_ORDERS)[number];

/** The anchor of a comment on its page (`/comment/read/{id}` and notifications link to it). */
export const commentAnchor = (id: number) => `comment-${id}`;

/** Text a user typed counts only when it has something besides white space. */
export function normaliseCommentText(text: string): string {
  return text.replace(/\r\n?/g, "\n").trim();
}
