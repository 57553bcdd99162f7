// The arithmetic of a model's merged timeline, pure so midnight, time zones and overlaps are unit tested: the range
// in the viewer's days, spans clipped to it, and the totals across camsites (she is one person: two camsites at
// once count once).

const DAY_MS = 86_400_000;

export interface Interval {
  start: number;
  end: number;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const partFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string) {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** "2026-11-25": the calendar day of an instant in a time zone. */
export function localDay(ms: number, timeZone: string): string {
  return dayFormat(timeZone).format(new Date(ms));
}

/** Milliseconds the zone's wall clock is ahead of UTC at an instant. */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    partFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(
    Number(part.year),
    Number(part.month) - 1,
    Number(part.day),
    Number(part.hour),
    Number(part.minute),
    Number(part.second),
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant a calendar day begins in a time zone (the first instant of that day where midnight is skipped). */
export function zonedMidnight(day: string, timeZone: string): number {
  const wall = Date.parse(`${day}T00:00:00Z`);
  let at = wall - zoneOffsetMs(wall, timeZone);
  // The offset at the guess may differ from the offset at the answer (a DST change that night): settle once more.
  at = wall - zoneOffsetMs(at, timeZone);
  if (localDay(at, timeZone) !== day) at += 3_600_000;
  return at;
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
