// Kept apart from the parser so a page can join chips without shipping it.

/** The query the chips say together (after one was removed or edited). */
export function queryOfChips(phrases: readonly string[]): string {
  return phrases
    .map((p) => p.trim())
    .filter(Boolean)
    .join(", ");
}
