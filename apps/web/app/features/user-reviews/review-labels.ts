import { REVIEW_MIN_WORDS, videoDurationLimit } from "@camatlas/shared";
import type { UserReviewState } from "@camatlas/shared/api-contract";

// Words a reader sees about a user review: its state, and what the word count of a draft allows.

export const REVIEW_STATE_LABELS: Readonly<Record<UserReviewState, string>> = {
  pending: "Waiting for approval",
  approved: "Published",
  rejected: "Rejected",
  hidden_by_model: "Hidden by the model",
  removed: "Removed by admin",
};

/** What the live counter under the text says: words written, words still needed, the video length unlocked. */
export function wordCountText(words: number): string {
  const count = `${words} ${words === 1 ? "word" : "words"}`;
  if (words < REVIEW_MIN_WORDS) return `${count} · ${REVIEW_MIN_WORDS - words} more to publish`;
  return `${count} · a video of up to ${videoDurationLimit(words)} seconds`;
}

/** The next word count that lets a longer video in, or null at the top step. */
export function nextVideoStep(words: number): { words: number; seconds: number } | null {
  for (const step of [750, 1000, 1500]) {
    if (words < step) return { words: step, seconds: videoDurationLimit(step)! };
  }
  return null;
}
