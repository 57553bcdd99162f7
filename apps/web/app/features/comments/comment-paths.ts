// Where the comment forms post: one resource route answers every comment action (routes/comment-actions.ts), so a
// page showing a thread needs no action of its own. Without JavaScript it sends the browser back to `redirect_to`.
export const COMMENT_ACTIONS_PATH = "/comments/actions";

/** The fields every comment form carries: where to come back to without JavaScript. */
export function returnField(location: { pathname: string; search: string }, anchor = "comments") {
  return `${location.pathname}${location.search}#${anchor}`;
}

/** Without JavaScript a failed comment action comes back to the page with one of these codes in the address. */
export const COMMENTS_FAILURE_PARAM = "comments_failure";
export const COMMENT_FAILURES = ["too_fast", "invalid", "not_allowed", "failed"] as const;
export type CommentFailure = (typeof COMMENT_FAILURES)[number];
