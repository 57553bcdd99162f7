// Calendar arithmetic in a viewer's IANA time zone, for the stats pages and the model's timeline alike: the API and
// the browser must agree on where a viewer's day begins (23- and 25-hour days across DST, half-hour zones).

const wallClocks = new Map<string, Intl.DateTimeFormat>();
const dayNames = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone and purpose: building one costs far more than formatting with it. */
function cached(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  locale: string,
  options: Intl.DateTimeFormatOptions,
) {
  let format = cache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, ...options });
    cache.set(timeZone, format);
  }
  return format;
}

const WALL: Intl.DateTimeFormatOptions = {
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
};
/** en-CA writes a day as yyyy-mm-dd. */
const DAY: Intl.DateTimeFormatOptions = { year: "numeric", month: "2-digit", day: "2-digit" };

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of cached(wallClocks, timeZone, "en-US", WALL).formatToParts(new Date(ms)))
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/** "2026-11-25": the calendar day of an instant in a zone. */
export function localDay(ms: number, timeZone: string): string {
  return cached(dayNames, timeZone, "en-CA", DAY).format(new Date(ms));
}

/** The instant a yyyy-mm-dd day begins in a zone (its first existing instant when a DST jump skips midnight). */
export function zonedMidnight(day: string, timeZone: string): number {
  const wall = Date.parse(`${day}T00:00:00Z`);
  // Two rounds: the offset at the guess may differ from the offset at the real midnight across a DST change.
  let at = wall - zoneOffsetMs(wall, timeZone);
  at = wall - zoneOffsetMs(at, timeZone);
  if (localDay(at, timeZone) !== day) at += 3_600_000;
  return at;
}
