import { type CountedInterval, isOnlineStatus } from "./intervals.ts";

const DAY = 86_400;
const HOUR = 3_600;

const dayNames = new Map<number, string>();

/** UTC calendar day of an epoch second, as YYYY-MM-DD (the rollup key). Memoised: ingestion asks per interval. */
export function utcDay(at: number): string {
  const index = Math.floor(at / DAY);
  let name = dayNames.get(index);
  if (name === undefined) {
    name = new Date(index * DAY * 1000).toISOString().slice(0, 10);
    if (dayNames.size > 10_000) dayNames.clear();
    dayNames.set(index, name);
  }
  return name;
}

/** Epoch second of the UTC midnight that starts `day` (YYYY-MM-DD). */
export function utcDayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

/** Splits [start, end) at every UTC midnight it crosses. */
export function splitAtUtcMidnight(
  start: number,
  end: number,
): Array<{ day: string; start: number; end: number }> {
  const pieces: Array<{ day: string; start: number; end: number }> = [];
  let from = start;
  while (from < end) {
    const midnight = (Math.floor(from / DAY) + 1) * DAY;
    const to = Math.min(end, midnight);
    pieces.push({ day: utcDay(from), start: from, end: to });
    from = to;
  }
  return pieces;
}

/** What one day's rollup gains (or loses, with sign −1) from intervals. */
export interface DayTotals {
  secondsByStatus: Record<string, number>;
  onlineSeconds: number;
  /** Online seconds per UTC hour of the day, 24 entries. */
  hourHistogram: number[];
}

export function emptyDayTotals(): DayTotals {
  return { secondsByStatus: {}, onlineSeconds: 0, hourHistogram: new Array<number>(24).fill(0) };
}

/** Adds an interval (sign 1) or takes it away (sign −1) from per-day totals, split at midnight and by hour. */
export function addIntervalToDays(
  days: Map<string, DayTotals>,
  interval: CountedInterval,
  sign: 1 | -1 = 1,
): void {
  if (!isOnlineStatus(interval.status)) return;
  for (const piece of splitAtUtcMidnight(interval.start, interval.end)) {
    const totals = days.get(piece.day) ?? emptyDayTotals();
    const seconds = piece.end - piece.start;
    const key = String(interval.status);
    totals.secondsByStatus[key] = (totals.secondsByStatus[key] ?? 0) + sign * seconds;
    totals.onlineSeconds += sign * seconds;
    let from = piece.start;
    while (from < piece.end) {
      const to = Math.min(piece.end, (Math.floor(from / HOUR) + 1) * HOUR);
      const hour = Math.floor((from % DAY) / HOUR);
      totals.hourHistogram[hour] = (totals.hourHistogram[hour] ?? 0) + sign * (to - from);
      from = to;
    }
    days.set(piece.day, totals);
  }
}

/** Adds `delta` into `target`, dropping statuses that fall back to zero. */
export function mergeDayTotals(target: DayTotals, delta: DayTotals): DayTotals {
  const secondsByStatus = { ...target.secondsByStatus };
  for (const [status, seconds] of Object.entries(delta.secondsByStatus)) {
    const next = (secondsByStatus[status] ?? 0) + seconds;
    if (next === 0) delete secondsByStatus[status];
    else secondsByStatus[status] = next;
  }
  const hourHistogram = Array.from(
    { length: 24 },
    (_, hour) => (target.hourHistogram[hour] ?? 0) + (delta.hourHistogram[hour] ?? 0),
  );
  return { secondsByStatus, onlineSeconds: target.onlineSeconds + delta.onlineSeconds, hourHistogram };
}

/** Per-day totals of a list of intervals (the oracle for the incremental rollups). */
export function dailyTotals(intervals: readonly CountedInterval[]): Map<string, DayTotals> {
  const days = new Map<string, DayTotals>();
  for (const interval of intervals) addIntervalToDays(days, interval);
  return days;
}
