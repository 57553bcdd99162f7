/**
 * The spec's fixed display formats (§9: locale en-US, time zone UTC) written out by hand. They give exactly what
 * `Intl.DateTimeFormat("en-US", { …, timeZone: "UTC" })` and `Intl.NumberFormat("en-US")` give (utc-format.test.ts
 * compares them), without Intl: the first Intl formatter a page builds loads the browser's locale and time-zone
 * data, a long task on a phone while the page hydrates, and server and browser could carry different ICU versions.
 * Formats in the visitor's own time zone still use Intl (time-zone.ts).
 */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** A date for the formats below: a yyyy-mm-dd day is that day in UTC; null when the value is not a date. */
export function utcDateOf(value: string | number | Date): Date | null {
  const date =
    value instanceof Date
      ? value
      : new Date(typeof value === "string" && value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Nov 21" (month short, day numeric). */
export function utcMonthDay(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/** "Nov 07, 2026" (spec: MMM dd, yyyy). */
export function utcDate(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${twoDigits(date.getUTCDate())}, ${date.getUTCFullYear()}`;
}

/** "Nov 7, 2026" (day without a leading zero). */
export function utcDateShortDay(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "Sat, Nov 07, 2026". */
export function utcWeekdayDate(date: Date): string {
  return `${WEEKDAYS[date.getUTCDay()]}, ${utcDate(date)}`;
}

/** "09:05 PM" (spec: hh:mm a). */
export function utcTime(date: Date): string {
  const hours = date.getUTCHours();
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twoDigits(twelve)}:${twoDigits(date.getUTCMinutes())} ${hours < 12 ? "AM" : "PM"}`;
}

/** "Nov 07, 2026, 09:05 PM". */
export function utcDateTime(date: Date): string {
  return `${utcDate(date)}, ${utcTime(date)}`;
}

/** "12,345": en-US thousands separators; anything but a whole number is left to Intl. */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value) || Object.is(value, -0))
    return new Intl.NumberFormat("en-US").format(value);
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return value < 0 ? `-${digits}` : digits;
}
