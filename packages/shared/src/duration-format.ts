const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Session length for display (spec §9): minutes under an hour ("45m"), hours and minutes under a day ("3h 20m"),
 * then days and hours ("2d 4h"). Two units at most, a zero second unit is left out; seconds are floored.
 */
export function formatDuration(totalSeconds: number | null | undefined): string {
  const seconds =
    Number.isFinite(totalSeconds) && (totalSeconds ?? 0) > 0 ? Math.floor(totalSeconds ?? 0) : 0;
  if (seconds >= DAY) return join(Math.floor(seconds / DAY), "d", Math.floor((seconds % DAY) / HOUR), "h");
  if (seconds >= HOUR)
    return join(Math.floor(seconds / HOUR), "h", Math.floor((seconds % HOUR) / MINUTE), "m");
  return `${Math.floor(seconds / MINUTE)}m`;
}

function join(major: number, majorUnit: string, minor: number, minorUnit: string): string {
  return minor === 0 ? `${major}${majorUnit}` : `${major}${majorUnit} ${minor}${minorUnit}`;
}
