// A session is a maximal run of online intervals with no gap (spec §3): the union of counted intervals,
// where one interval ending exactly where the next starts continues the same session.

export interface Span {
  start: number;
  end: number;
}

/** Merges spans that overlap or touch into maximal sessions, in time order. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ start: span.start, end: span.end });
  }
  return merged;
}

/** Sessions of a nickname from its counted online intervals. */
export function sessionsOf(intervals: readonly Span[]): Span[] {
  return mergeSpans(intervals);
}

/** Takes `cut` out of every span. */
export function subtractSpan(spans: readonly Span[], cut: Span): Span[] {
  const result: Span[] = [];
  for (const span of spans) {
    if (cut.end <= span.start || cut.start >= span.end) {
      result.push(span);
      continue;
    }
    if (span.start < cut.start) result.push({ start: span.start, end: cut.start });
    if (cut.end < span.end) result.push({ start: cut.end, end: span.end });
  }
  return result;
}

/**
 * The sessions around a change: the stored sessions touching it, minus the intervals that no longer count,
 * plus the ones that now do. Incremental ingestion replaces exactly these sessions.
 */
export function rebuildSessions(
  existing: readonly Span[],
  removed: readonly Span[],
  added: readonly Span[],
): Span[] {
  let spans: Span[] = existing.map((s) => ({ start: s.start, end: s.end }));
  for (const cut of removed) spans = subtractSpan(spans, cut);
  return mergeSpans([...spans, ...added]);
}
