/**
 * The hour-of-day histogram of a daily rollup: online seconds per UTC hour, stored as integer[24]
 * (`nickname_daily_stats.hour_histogram`).
 */

/** Exactly 24 hours, missing ones as 0 (a new row's histogram may be shorter). */
export function hoursOf(histogram: readonly (number | null | undefined)[]): number[] {
  return Array.from({ length: 24 }, (_, h) => Number(histogram[h] ?? 0));
}

/** The stored column as the drivers return it: an array, or its text form ('{0,60,…}', or older '[0,60,…]'). */
export function readHourHistogram(value: unknown): number[] {
  if (Array.isArray(value)) return hoursOf(value);
  if (typeof value === "string") {
    const inner = value.trim().slice(1, -1).trim();
    return hoursOf(inner === "" ? [] : inner.split(",").map(Number));
  }
  return hoursOf([]);
}

/** The integer[] literal of several rows' histograms back to back (24 numbers each). */
export function hourHistogramsLiteral(histograms: readonly (readonly number[])[]): string {
  // One flat array and one join: this runs for thousands of rows per poll.
  const flat = new Array<number>(histograms.length * 24);
  let k = 0;
  for (const histogram of histograms) for (let h = 0; h < 24; h++) flat[k++] = histogram[h] ?? 0;
  return `{${flat.join(",")}}`;
}
