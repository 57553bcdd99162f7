import { useCallback, useEffect, useRef } from "react";

// The write form's draft, kept in this browser while the fan types (localStorage: nothing leaves the device until
// she submits), restored when she comes back, dropped once the review is saved.

export interface ReviewDraft {
  title: string;
  body: string;
  rating: string;
  nicknameIds: number[];
}

const PREFIX = "camatlas.review-draft.";
const SAVE_DELAY_MS = 400;

export const draftKey = (scope: string) => `${PREFIX}${scope}`;

export function readDraft(storage: Pick<Storage, "getItem"> | undefined, key: string): ReviewDraft | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ReviewDraft>;
    if (typeof value.body !== "string" || typeof value.title !== "string") return null;
    return {
      title: value.title,
      body: value.body,
      rating: typeof value.rating === "string" ? value.rating : "",
      nicknameIds: Array.isArray(value.nicknameIds) ? value.nicknameIds.filter(Number.isInteger) : [],
    };
  } catch {
    return null;
  }
}

/** Saves `draft` under `key` a moment after the last change; `clear` forgets it (after a successful save). */
export function useReviewDraft(key: string, draft: ReviewDraft, enabled: boolean) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      try {
        if (draft.title || draft.body) window.localStorage.setItem(key, JSON.stringify(draft));
      } catch {
        // Storage full or blocked (private mode): the draft simply is not kept.
      }
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [key, draft, enabled]);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing to drop.
    }
  }, [key]);
  return { clear };
}
