// When a camsite was polled (decision 0043): its polls as maximal spans in which consecutive polls were no further
// apart than the allowed gap (STATS_MAX_GAP, or an imported history's own), and the gaps between those spans. The
// same rule as counting: a status observed at a poll holds to the next poll only within the gap, so a gap in
// coverage is exactly time nothing could be counted. Times are epoch seconds.

export interface CoveredSpan {
  start: number;
  end: number;
}

/** The spans a camsite's poll times cover: a new span after a silence longer than `gapSeconds`. */
export function coveredSpans(times: readonly number[], gapSeconds: number): CoveredSpan[] {
  const spans: CoveredSpan[] = [];
  for (const at of [...times].sort((a, b) => a - b)) {
    const last = spans.at(-1);
    if (last && at - last.end <= gapSeconds) last.end = Math.max(last.end, at);
    else spans.push({ start: at, end: at });
  }
  return spans;
}
