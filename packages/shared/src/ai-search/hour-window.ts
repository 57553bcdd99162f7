import type { HourWindow } from "./ai-filters.ts";

// "Usually online at 9 pm" is the visitor's 9 pm; the hour histograms count UTC hours.

/** Whole hours the time zone is ahead of UTC at `now` (a half-hour zone rounds down); 0 for an unknown zone. */
export function utcOffsetHours(timeZone: string | undefined, now: Date): number {
  if (!timeZone || !isTimeZone(timeZone)) return 0;
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"));
  return Math.floor((local - Math.floor(now.getTime() / 60_000) * 60_000) / 3_600_000);
}

export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The hours of a window (past midnight when `to` < `from`) as UTC hours 0–23. */
export function windowHoursUtc(window: HourWindow, offsetHours: number): number[] {
  const hours: number[] = [];
  const length = (window.to - window.from + 24) % 24 || 24;
  for (let i = 0; i < length; i++) hours.push((((window.from + i - offsetHours) % 24) + 24) % 24);
  return hours;
}
