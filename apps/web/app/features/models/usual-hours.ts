// "When she usually streams": the busiest stretch of the day from her online seconds per UTC hour (the stats'
// hours_utc, summed over her nicknames). The stretch grows from the busiest hour while the neighbouring hours
// are at least half as busy, up to 8 hours, across midnight too.

export interface UsualHours {
  /** First hour of the stretch, 0–23 (UTC unless shifted). */
  start: number;
  /** Hour the stretch ends (exclusive), 0–23. */
  end: number;
}

const MAX_HOURS = 8;
const KEEP_SHARE = 0.5;

export function usualHours(hoursUtc: readonly number[]): UsualHours | null {
  if (hoursUtc.length !== 24) return null;
  const peak = Math.max(...hoursUtc);
  if (!(peak > 0)) return null;
  const busiest = hoursUtc.indexOf(peak);
  const at = (hour: number) => hoursUtc[(hour + 24) % 24] ?? 0;
  let start = busiest;
  let end = busiest + 1;
  while (end - start < MAX_HOURS) {
    const before = at(start - 1);
    const after = at(end);
    const best = Math.max(before, after);
    if (best < peak * KEEP_SHARE) break;
    if (after >= before) end += 1;
    else start -= 1;
  }
  return { start: (start + 24) % 24, end: end % 24 };
}

/** Sum of several 24-hour series (one per nickname). */
export function sumHours(series: ReadonlyArray<readonly number[]>): number[] {
  const total = new Array<number>(24).fill(0);
  for (const hours of series) for (let h = 0; h < 24; h++) total[h] = (total[h] ?? 0) + (hours[h] ?? 0);
  return total;
}

/** The stretch moved by a whole-hour offset from UTC (the visitor's time zone). */
export function shiftHours(window: UsualHours, offsetHours: number): UsualHours {
  const move = (hour: number) => (((hour + offsetHours) % 24) + 24) % 24;
  return { start: move(window.start), end: move(window.end) };
}

/** "18:00–23:00". */
export function formatUsualHours(window: UsualHours): string {
  const hh = (hour: number) => `${String(hour).padStart(2, "0")}:00`;
  return `${hh(window.start)}–${hh(window.end)}`;
}
