import { REVIEW_MIN_WORDS } from "./limits.ts";

// Longer reviews may carry longer videos (spec §9). The spec does not name the unit; the limits are read as
// seconds of video. Ordered from the highest threshold down so the first match wins.
export const VIDEO_DURATION_LIMITS = [
  { minWords: 1500, limit: 180 },
  { minWords: 1000, limit: 120 },
  { minWords: 750, limit: 90 },
  { minWords: REVIEW_MIN_WORDS, limit: 60 },
] as const;

/** Words as a reader counts them: runs of non-space characters, ignoring HTML tags left by the editor. */
export function countWords(text: string | null | undefined): number {
  if (!text) return 0;
  const plain = text
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/gi, " ")
    .trim();
  if (plain === "") return 0;
  return plain.split(/\s+/u).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Allowed video length for a review of `words` words; null when the review is too short for a video. */
export function videoDurationLimit(words: number): number | null {
  for (const step of VIDEO_DURATION_LIMITS) {
    if (words >= step.minWords) return step.limit;
  }
  return null;
}

export function videoDurationLimitForText(text: string | null | undefined): number | null {
  return videoDurationLimit(countWords(text));
}
