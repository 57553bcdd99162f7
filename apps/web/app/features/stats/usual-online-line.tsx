import { useEffect, useState } from "react";
import { formatUsualHours, shiftHours, type UsualHours, usualHours } from "../models/usual-hours.ts";

/**
 * "Usually online 20:00–01:00 your time" on a nickname's stats page, from her online seconds per UTC hour: rendered
 * in UTC by the server, then in the visitor's own time once the browser says which (whole-hour offsets).
 */
export function UsualOnlineLine({ hoursUtc }: { hoursUtc: readonly number[] }) {
  const [offset, setOffset] = useState<number | null>(null);
  useEffect(() => {
    const minutes = -new Date().getTimezoneOffset();
    if (minutes % 60 === 0 && minutes !== 0) setOffset(minutes / 60);
  }, []);
  const usual: UsualHours | null = usualHours(hoursUtc);
  if (!usual) return null;
  const shown = offset === null ? usual : shiftHours(usual, offset);
  return (
    <p className="text-sm text-ink-soft" data-testid="usually-online">
      Usually online <span className="font-semibold text-ink tabular-nums">{formatUsualHours(shown)}</span>{" "}
      <span className="text-ink-muted">{offset === null ? "UTC" : "your time"}</span>
    </p>
  );
}
