import { STATS_MAX_RANGE_DAYS } from "@camatlas/shared/schemas/stats";
import { localDay } from "@camatlas/shared/time-zone";

// The stats page's range in the address (?range=7|30|90|365|all, or from_date/to_date for a custom one), as days of
// the viewer's own calendar, and the UTC days the API is asked for so that those days are whole.

export const RANGE_PRESETS = [
  { id: "7", label: "7 days", days: 7 },
  { id: "30", label: "30 days", days: 30 },
  { id: "90", label: "90 days", days: 90 },
  { id: "365", label: "1 year", days: 365 },
  { id: "all", label: "All", days: null },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]["id"] | "custom";

const DEFAULT_PRESET = "30";
const DAY_MS = 86_400_000;
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** A real yyyy-mm-dd day from the address (not 2026-13-45), within years a calendar can draw; else undefined. */
function dayParam(value: string | null): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) return undefined;
  return value >= "2000-01-01" && value <= "2100-12-31" ? value : undefined;
}

export interface ViewerRange {
  preset: RangePreset;
  /** The viewer's days, inclusive. */
  from: string;
  to: string;
  /** The UTC days to ask the API for: one more each side, as a viewer's day spans two UTC days. */
  api: { from_date: string; to_date: string };
  /** What the address holds for this range (kept by tabs and pagers). */
  query: Record<string, string>;
}

/**
 * The range an address asks for. `firstDay` is where "All" starts (her first day seen); a custom pair wins over a
 * preset, a reversed pair is swapped, and every range is cut to what one API request may cover.
 */
export function viewerRange(
  search: URLSearchParams,
  timeZone: string,
  now: number,
  firstDay?: string | null,
): ViewerRange {
  const today = localDay(now, timeZone);
  let from = dayParam(search.get("from_date"));
  let to = dayParam(search.get("to_date"));
  let preset: RangePreset;
  if (from || to) {
    preset = "custom";
    to ??= today;
    from ??= shift(to, -29);
    if (from > to) [from, to] = [to, from];
  } else {
    const asked = RANGE_PRESETS.find((p) => p.id === search.get("range")) ?? RANGE_PRESETS[1];
    preset = asked.id;
    to = today;
    from = asked.days === null ? (firstDay ?? shift(today, -29)) : shift(today, -(asked.days - 1));
  }
  // The API covers at most STATS_MAX_RANGE_DAYS UTC days, two of which pad the viewer's days.
  const earliest = shift(to, -(STATS_MAX_RANGE_DAYS - 3));
  if (from < earliest) from = earliest;
  const query: Record<string, string> =
    preset === "custom"
      ? { from_date: from, to_date: to }
      : preset === DEFAULT_PRESET
        ? {}
        : { range: preset };
  return { preset, from, to, api: { from_date: shift(from, -1), to_date: shift(to, 1) }, query };
}

/** The first UTC day one request may reach back to, ending at `to`. */
export function earliestDay(to: string): string {
  return shift(to, -(STATS_MAX_RANGE_DAYS - 1));
}

/** Whether the address asks for "All" (the page then needs her first day before it asks for figures). */
export function wantsAll(search: URLSearchParams): boolean {
  return search.get("range") === "all" && !search.get("from_date") && !search.get("to_date");
}
