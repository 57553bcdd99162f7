const DAY_MS = 86_400_000;

export function daysAgo(days: number, from: Date = new Date()): Date {
  return new Date(from.getTime() - days * DAY_MS);
}

/** A moment `seconds` before `from`, for fine-grained activity times. */
export function secondsAgo(seconds: number, from: Date = new Date()): Date {
  return new Date(from.getTime() - seconds * 1000);
}

export function yearsAgo(years: number, extraDays = 0, from: Date = new Date()): Date {
  const date = new Date(from);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return daysAgo(extraDays, date);
}

/** `YYYY-MM-DD`, the string form of date columns. */
export function dateOnly(date: Date): string {
  return date.toISOString().slice(0, 10);
}
