import type { UserReviewState } from "@camatlas/shared/api-contract";
import { REVIEW_STATE_LABELS } from "./review-labels.ts";

// A review's state as a small pill, coloured by the UI kit's meaning tokens (README: pending is warning, approved
// success, refused or removed danger).

const TONES: Readonly<Record<UserReviewState, string>> = {
  pending: "bg-warning-soft text-warning",
  approved: "bg-success-soft text-success",
  rejected: "bg-danger-soft text-danger",
  removed: "bg-danger-soft text-danger",
  hidden_by_model: "bg-surface-muted text-ink-muted",
};

/** Shown wherever a review is not simply published (the author's list, a hidden one, the queue), or `always`. */
export function ReviewStateBadge({ state, always = false }: { state: UserReviewState; always?: boolean }) {
  if (state === "approved" && !always) return null;
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[state]}`}>
      {REVIEW_STATE_LABELS[state]}
    </span>
  );
}
