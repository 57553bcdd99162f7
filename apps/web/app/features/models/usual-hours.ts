// "When she usually streams": the busiest stretch of the day from her online seconds per UTC hour (the stats'
// hours_utc, summed over her nicknames), and the days of the week it falls on (below). The stretch grows from the busiest hour while the neighbouring hours
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

// The days (issue 20: "Usually online Tue–Sat, 20:00–01:00 your time"): from her weekday × hour week (the stats'
// weekday_hours_utc), moved into the viewer's time zone as one 168-hour week, so a Friday 23:00 UTC stream can be a
// Saturday in Tokyo.

/** Online seconds per weekday (Monday first) and hour: 7 rows of 24. */
export type WeekHours = ReadonlyArray<readonly number[]>;

/** Her online seconds as a "Usually online" line gets them: per UTC hour, and per UTC weekday × hour when known. */
export interface UsualSeries {
  hoursUtc: readonly number[];
  weekUtc?: WeekHours | null | undefined;
}

export const DAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/**
 * A day counts as one of her usual days when the time she spent in her usual hours starting that day (a stretch
 * across midnight belongs to the evening it began) is at least half of the busiest day's.
 */
const DAY_SHARE = 0.5;

const isWeek = (week: WeekHours | null | undefined): week is WeekHours =>
  Array.isArray(week) && week.length === 7 && week.every((row) => row.length === 24);

/** The week moved by a whole-hour offset east of UTC: hour h of the UTC week becomes hour h + offset, round the week. */
export function shiftWeek(weekUtc: WeekHours, offsetHours: number): number[][] {
  const out = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
  if (!isWeek(weekUtc)) return out;
  for (let day = 0; day < 7; day++)
    for (let hour = 0; hour < 24; hour++) {
      const at = (((day * 24 + hour + offsetHours) % 168) + 168) % 168;
      const row = out[Math.floor(at / 24)] as number[];
      row[at % 24] = (row[at % 24] ?? 0) + (weekUtc[day]?.[hour] ?? 0);
    }
  return out;
}

/** Her usual days (0 = Monday), from a week and her usual hours in the same time zone; none without any time. */
export function usualDays(week: WeekHours, window: UsualHours): number[] {
  if (!isWeek(week)) return [];
  const length = (window.end - window.start + 24) % 24 || 24;
  const inWindow = DAY_NAMES.map((_, day) => {
    let seconds = 0;
    for (let k = 0; k < length; k++) {
      const at = (day * 24 + window.start + k) % 168;
      seconds += week[Math.floor(at / 24)]?.[at % 24] ?? 0;
    }
    return seconds;
  });
  const peak = Math.max(...inWindow);
  if (!(peak > 0)) return [];
  return inWindow.flatMap((seconds, day) => (seconds >= peak * DAY_SHARE ? [day] : []));
}

/**
 * "Every day"; a run of three days or more as "Tue–Sat" (round the week too: "Fri–Mon"); shorter runs day by day:
 * "Mon, Wed, Fri", "Mon–Wed, Sat, Sun". Null for no days.
 */
export function formatUsualDays(days: readonly number[]): string | null {
  const set = new Set(days.filter((d) => Number.isInteger(d) && d >= 0 && d < 7));
  if (set.size === 0) return null;
  if (set.size === 7) return "Every day";
  const parts: string[] = [];
  // Each run begins on a day whose eve is not one of hers; runs in the order of their first day, Monday first.
  for (const first of [...set].sort((a, b) => a - b)) {
    if (set.has((first + 6) % 7)) continue;
    let length = 1;
    while (set.has((first + length) % 7)) length += 1;
    const run = Array.from({ length }, (_, k) => DAY_NAMES[(first + k) % 7] as string);
    parts.push(length >= 3 ? `${run[0]}–${run[length - 1]}` : run.join(", "));
  }
  return parts.join(", ");
}

/**
 * The line's text after "Usually online", in a time zone `offsetHours` east of UTC (0 for UTC): "Tue–Sat,
 * 20:00–01:00", or the hours alone when her week is unknown; null when she has no usual hours.
 */
export function usualOnlineText(series: UsualSeries, offsetHours: number): string | null {
  const utc = usualHours(series.hoursUtc);
  if (!utc) return null;
  const window = shiftHours(utc, offsetHours);
  const hours = formatUsualHours(window);
  if (!isWeek(series.weekUtc)) return hours;
  const days = formatUsualDays(usualDays(shiftWeek(series.weekUtc, offsetHours), window));
  return days ? `${days}, ${hours}` : hours;
}

/** Sum of several weeks (one per nickname); a missing or malformed week adds nothing. */
export function sumWeeks(weeks: ReadonlyArray<WeekHours | null | undefined>): number[][] {
  const total = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
  for (const week of weeks) {
    if (!isWeek(week)) continue;
    for (let d = 0; d < 7; d++)
      for (let h = 0; h < 24; h++) (total[d] as number[])[h] = (total[d]?.[h] ?? 0) + (week[d]?.[h] ?? 0);
  }
  return total;
}
