import { STATS_MESSAGES } from "@camatlas/shared";
import { STATS_DEFAULT_RANGE_DAYS, STATS_MAX_RANGE_DAYS } from "@camatlas/shared/schemas/stats";
import { validationFailed } from "../../lib/http-errors.ts";

const DAY_MS = 86_400_000;

export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * from_date / to_date (UTC days, inclusive) with defaults: to = today, from = `defaultDays` − 1 days earlier.
 * A reversed or over-long range is a 422 on from_date.
 */
export function resolveRange(
  query: { from_date?: string | undefined; to_date?: string | undefined },
  now = Date.now(),
  defaultDays = STATS_DEFAULT_RANGE_DAYS,
): { from: string; to: string; days: number } {
  const to = query.to_date ?? isoDay(now);
  const from = query.from_date ?? isoDay(dayMs(to) - (defaultDays - 1) * DAY_MS);
  const days = Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1;
  if (days < 1) throw validationFailed({ from_date: [STATS_MESSAGES.rangeOrder] });
  if (days > STATS_MAX_RANGE_DAYS) throw validationFailed({ from_date: [STATS_MESSAGES.rangeTooLong] });
  return { from, to, days };
}

/** Every UTC day from `from` to `to` inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let ms = dayMs(from); ms <= dayMs(to); ms += DAY_MS) out.push(isoDay(ms));
  return out;
}
