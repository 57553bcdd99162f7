import type { ChatStats, StatsCoverage } from "../schemas/stats.ts";
import { zonedMidnight } from "../time-zone.ts";

// Time online per calendar day in the viewer's time zone (issue 20): every day of the range present (offline days
// as zero), time split at the viewer's midnights (a 23:00–02:00 session counts on two days; a DST day has 23 or 25
// hours), and the parts of each day we did not observe. Pure, so the calendar arithmetic is unit tested; the stats
// page's chart and the API's summary in the viewer's days use the same.

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Online time from `start` to `end` (ms since epoch) under one key (a show type, or "total"). */
export interface OnlineInterval {
  start: number;
  end: number;
  key: string;
}

/** A stretch of time we did not observe, with what to call it on the chart. */
export interface CoverageGap {
  start: number;
  end: number;
  label: string;
}

export interface CalendarDay {
  /** yyyy-mm-dd in the viewer's zone. */
  date: string;
  /** Seconds online per key (every key of the series present, 0 when offline). */
  seconds: Record<string, number>;
  totalSeconds: number;
  /** Length of this day in seconds (86 400, or 82 800 / 90 000 on a DST change day). */
  lengthSeconds: number;
  /** Seconds of this day we did not observe, and the label of the largest such stretch (null when none). */
  unobservedSeconds: number;
  gapLabel: string | null;
}

/** The yyyy-mm-dd days from `from` to `to` inclusive. */
export function calendarDays(from: string, to: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= end; ms += DAY_MS)
    out.push(new Date(ms).toISOString().slice(0, 10));
  return out;
}

const overlap = (a0: number, a1: number, b0: number, b1: number) =>
  Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

/** Every viewer's day from `from` to `to`, with the online time and unobserved time falling in it. */
export function calendarSeries(input: {
  from: string;
  to: string;
  timeZone: string;
  keys: readonly string[];
  intervals: readonly OnlineInterval[];
  gaps?: readonly CoverageGap[];
}): CalendarDay[] {
  const days = calendarDays(input.from, input.to);
  const bounds = [...days, nextDay(input.to)].map((d) => zonedMidnight(d, input.timeZone));
  const out: CalendarDay[] = days.map((date, i) => ({
    date,
    seconds: Object.fromEntries(input.keys.map((k) => [k, 0])),
    totalSeconds: 0,
    lengthSeconds: Math.round(((bounds[i + 1] as number) - (bounds[i] as number)) / 1000),
    unobservedSeconds: 0,
    gapLabel: null,
  }));
  // The first day a stretch can touch: the last day starting at or before it.
  const firstDay = (at: number) => {
    let lo = 0;
    let hi = days.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((bounds[mid] as number) <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const spread = (start: number, end: number, visit: (day: CalendarDay, ms: number) => void) => {
    if (days.length === 0 || end <= start) return;
    for (let i = firstDay(start); i < days.length && (bounds[i] as number) < end; i++) {
      const ms = overlap(start, end, bounds[i] as number, bounds[i + 1] as number);
      if (ms > 0) visit(out[i] as CalendarDay, ms);
    }
  };
  for (const interval of input.intervals)
    spread(interval.start, interval.end, (day, ms) => {
      day.seconds[interval.key] = (day.seconds[interval.key] ?? 0) + ms / 1000;
      day.totalSeconds += ms / 1000;
    });
  const largest = new Map<CalendarDay, number>();
  for (const gap of input.gaps ?? [])
    spread(gap.start, gap.end, (day, ms) => {
      day.unobservedSeconds += ms / 1000;
      if (ms > (largest.get(day) ?? 0)) {
        largest.set(day, ms);
        day.gapLabel = gap.label;
      }
    });
  for (const day of out) {
    day.unobservedSeconds = Math.min(day.lengthSeconds, Math.round(day.unobservedSeconds));
    day.totalSeconds = Math.round(day.totalSeconds);
    for (const key of Object.keys(day.seconds)) day.seconds[key] = Math.round(day.seconds[key] ?? 0);
  }
  return out;
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** Runs of consecutive days with unobserved time under one label, for shading: [first index, last index]. */
export function gapRuns(days: readonly CalendarDay[]): Array<{ first: number; last: number; label: string }> {
  const runs: Array<{ first: number; last: number; label: string }> = [];
  days.forEach((day, i) => {
    if (!day.gapLabel) return;
    const open = runs.at(-1);
    if (open && open.last === i - 1 && open.label === day.gapLabel) open.last = i;
    else runs.push({ first: i, last: i, label: day.gapLabel });
  });
  return runs;
}

export const GAP_LABELS = {
  notTracked: "Not tracked yet",
  noPolls: "No polls",
  future: "Not yet",
} as const;

/**
 * The stretches of a range we did not observe, from what the engine records: before the camsite was first polled,
 * its silences inside the tracked period (an outage: no poll for longer than the allowed gap, decision 0043), after
 * its last poll once the allowed gap has passed, and what is still to come.
 */
export function coverageGaps(coverage: StatsCoverage, now: number): CoverageGap[] {
  const gaps: CoverageGap[] = [];
  const far = 8_640_000_000_000_000;
  const since = coverage.tracked_since ? Date.parse(coverage.tracked_since) : null;
  if (since === null) return [{ start: -far, end: now, label: GAP_LABELS.notTracked }, futureGap(now, far)];
  gaps.push({ start: -far, end: since, label: GAP_LABELS.notTracked });
  for (const gap of coverage.gaps) {
    const start = Math.max(since, Date.parse(gap.start));
    const end = Math.min(now, Date.parse(gap.end));
    if (end > start) gaps.push({ start, end, label: GAP_LABELS.noPolls });
  }
  const last = coverage.last_poll_at ? Date.parse(coverage.last_poll_at) : since;
  if (now - last > coverage.max_gap_seconds * 1000)
    gaps.push({ start: last, end: now, label: GAP_LABELS.noPolls });
  gaps.push(futureGap(now, far));
  return gaps;
}

function futureGap(now: number, far: number): CoverageGap {
  return { start: now, end: far, label: GAP_LABELS.future };
}

/**
 * The rollups' online seconds per UTC hour as intervals, each hour's time split among the day's show types by
 * their shares of that day (the rollups keep show types per day, not per hour) and laid from the hour's start.
 */
export function intervalsFromRollups(
  days: ReadonlyArray<Pick<ChatStats["days"][number], "date" | "seconds_by_status" | "hours_utc">>,
): OnlineInterval[] {
  const out: OnlineInterval[] = [];
  for (const day of days) {
    const dayStart = Date.parse(`${day.date}T00:00:00Z`);
    const shares = Object.entries(day.seconds_by_status).filter(([, v]) => v > 0);
    const total = shares.reduce((sum, [, v]) => sum + v, 0);
    if (total === 0) continue;
    day.hours_utc.forEach((seconds, hour) => {
      if (seconds <= 0) return;
      let at = dayStart + hour * HOUR_MS;
      for (const [key, value] of shares) {
        const ms = (seconds * 1000 * value) / total;
        out.push({ start: at, end: at + ms, key });
        at += ms;
      }
    });
  }
  return out;
}
