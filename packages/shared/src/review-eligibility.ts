import { MAX_REMOVED_REVIEWS } from "./limits.ts";
import { API_MESSAGES, ERROR_TEXT } from "./messages.ts";
import { ROLE } from "./roles.ts";

export type ReviewIneligibility = "guest" | "camgirl" | "too_many_removed";

export type ReviewEligibility =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly reason: ReviewIneligibility; readonly message: string };

export interface ReviewAuthor {
  /** null for visitors who are not signed in. */
  readonly roleId: number | null | undefined;
  readonly countReviewsRemovedByAdmin: number | null | undefined;
}

/** Camgirls never review; nor does anyone with three reviews removed by admin (spec §5, §6). */
export function canCreateReview(author: ReviewAuthor): ReviewEligibility {
  if (author.roleId == null) {
    return { allowed: false, reason: "guest", message: API_MESSAGES.unauthenticated };
  }
  if ((author.countReviewsRemovedByAdmin ?? 0) >= MAX_REMOVED_REVIEWS) {
    return { allowed: false, reason: "too_many_removed", message: ERROR_TEXT.reviewNotAllowed };
  }
  if (author.roleId === ROLE.camgirl) {
    return { allowed: false, reason: "camgirl", message: API_MESSAGES.unauthorized };
  }
  return { allowed: true };
}
