import { utcDay } from "@camatlas/shared/stats";

export const DAY_SECONDS = 86_400;
export const HOUR_SECONDS = 3_600;
/** A (nickname, UTC day) rollup key as one number: no string to build and hash per row and lookup (the string keys
 * took most of the ingest process's own time on 5,000-row polls). Day numbers stay below 65,536 until 2149. */
const DAY_SLOTS = 65_536;
export const rollupKey = (id: number, dayNumber: number) => id * DAY_SLOTS + dayNumber;
export const keyId = (key: number) => Math.floor(key / DAY_SLOTS);
export const keyDay = (key: number) => utcDay((key % DAY_SLOTS) * DAY_SECONDS);
// A memo of a pure function of the text (the same in every database), not ingestion state: see cache.ts for that.
const dayNumbers = new Map<string, number>();
/** The day number of a YYYY-MM-DD rollup day (memoised: rows come back with their day as text). */
export function dayNumberOf(day: string): number {
  let n = dayNumbers.get(day);
  if (n === undefined) {
    n = Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
    if (dayNumbers.size > 10_000) dayNumbers.clear();
    dayNumbers.set(day, n);
  }
  return n;
}
