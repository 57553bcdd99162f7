import { MINIMUM_AGE } from "./limits.ts";

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Reads "yyyy-mm-dd" (or a full ISO timestamp, or a Date) as a UTC calendar date; null when unreadable. */
export function parseBirthday(birthday: string | Date | null | undefined): Date | null {
  if (birthday == null || birthday === "") return null;
  if (birthday instanceof Date) return Number.isNaN(birthday.getTime()) ? null : birthday;
  const match = DATE_ONLY.exec(birthday.trim());
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    // Reject rollovers such as 2001-02-30.
    return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
  }
  const date = new Date(birthday);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Age in whole years on `now`, counted in UTC (spec §9: dates use UTC); null without a valid birthday. */
export function ageFromBirthday(
  birthday: string | Date | null | undefined,
  now: Date = new Date(),
): number | null {
  const born = parseBirthday(birthday);
  if (!born) return null;
  let age = now.getUTCFullYear() - born.getUTCFullYear();
  const monthDiff = now.getUTCMonth() - born.getUTCMonth();
  if (monthDiff < 0 || (monthDiff === 0 && now.getUTCDate() < born.getUTCDate())) age -= 1;
  return age < 0 ? null : age;
}

export function isAdult(birthday: string | Date | null | undefined, now: Date = new Date()): boolean {
  const age = ageFromBirthday(birthday, now);
  return age !== null && age >= MINIMUM_AGE;
}
