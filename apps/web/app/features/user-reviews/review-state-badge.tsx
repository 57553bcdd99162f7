import type { UserReviewState } from "@camatlas/shared/api-contract";
import { Badge } from "../../components/ui/badge.tsx";
import { REVIEW_STATE_LABELS } from "./review-labels.ts";

/** A review's state, shown wherever it is not simply published (the author's list, a hidden one, the queue). */
export function ReviewStateBadge({ state, always = false }: { state: UserReviewState; always?: boolean }) {
  if (state === "approved" && !always) return null;
  return <Badge tone={state === "approved" ? "primary" : "neutral"}>{REVIEW_STATE_LABELS[state]}</Badge>;
}
