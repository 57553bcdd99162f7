import type { UserReviewStatus } from "@camatlas/shared";
import { ROLE } from "@camatlas/shared";

// Who may do what to a user review (spec §4 states, §6 roles), as data: the replies carry the answers (`can`), so
// pages show only the buttons the caller may use.

/** The caller: null for guests. */
export type ReviewActor = { id: number; roleId: number } | null;

/** What the rules read of a review. */
export interface ReviewFacts {
  userId: number;
  /** The camgirl bound to the reviewed model, if any. */
  modelUserId: number | null;
  status: UserReviewStatus;
  removedByAdmin: boolean;
}

export interface UserReviewAbilities {
  edit: boolean;
  hide: boolean;
  vote: boolean;
  approve: boolean;
  reject: boolean;
  remove: boolean;
}

/** The author edits her review until a model hid it or an admin removed it; an edit goes back to the admins. */
export const EDITABLE_STATUSES: readonly UserReviewStatus[] = ["pending", "approved", "rejected"];

export function userReviewAbilities(actor: ReviewActor, review: ReviewFacts): UserReviewAbilities {
  const live = !review.removedByAdmin;
  const isAdmin = actor?.roleId === ROLE.admin;
  const isAuthor = actor !== null && actor.id === review.userId;
  const published = live && review.status === "approved";
  return {
    edit: live && isAuthor && EDITABLE_STATUSES.includes(review.status),
    // The bound camgirl may hide a published review of her model; she may not edit or delete it.
    hide: published && actor !== null && review.modelUserId === actor.id && !isAuthor,
    vote: published && actor !== null && !isAuthor,
    approve: live && isAdmin && review.status === "pending",
    reject: live && isAdmin && review.status === "pending",
    remove: live && isAdmin && (review.status === "approved" || review.status === "hidden_by_model"),
  };
}
