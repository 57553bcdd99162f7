import { localDay, zonedMidnight } from "@camatlas/shared/time-zone";

// The arithmetic of a model's merged timeline, pure so midnight, time zones and overlaps are unit tested: the range
// in the viewer's days, spans clipped to it, and the totals across camsites (she is one person: two camsites at
// once count once).

const DAY_MS = 86_400_000;

export interface Interval {
  start: number;
  end: number;
}

/** The day `n` days after a yyyy-mm-dd day (calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The last `days` days of the viewer, today included: from the first one's midnight in his zone to now. */
export function timelineRange(days: number, timeZone: string, now: number): { from: number; to: number } {
  const first = addDays(localDay(now, timeZone), -(days - 1));
  return { from: zonedMidnight(first, timeZone), to: now };
}

/** Intervals cut to [from, to); those outside go. */
export function clip<T extends Interval>(spans: readonly T[], from: number, to: number): T[] {
  return spans
    .map((s) => ({ ...s, start: Math.max(s.start, from), end: Math.min(s.end, to) }))
    .filter((s) => s.end > s.start);
}

/** The union of intervals as disjoint runs, in order; runs that touch are one. */
export function union(spans: readonly Interval[]): Interval[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: Interval[] = [];
  for (const s of sorted) {
    const last = out.at(-1);
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ start: s.start, end: s.end });
  }
  return out;
}

export const seconds = (runs: readonly Interval[]) =>
  Math.round(runs.reduce((sum, r) => sum + (r.end - r.start), 0) / 1000);

/** Totals across camsites of spans already clipped to the range. */
export function timelineTotals(spans: readonly Interval[], timeZone: string) {
  const runs = union(spans);
  const days = new Set<string>();
  for (const run of runs) {
    const last = localDay(run.end - 1, timeZone);
    for (let day = localDay(run.start, timeZone); ; day = addDays(day, 1)) {
      days.add(day);
      if (day >= last) break;
    }
  }
  return {
    online_seconds: seconds(runs),
    sessions: runs.length,
    days_active: days.size,
    longest_session_seconds: Math.round(Math.max(0, ...runs.map((r) => r.end - r.start)) / 1000),
  };
}
