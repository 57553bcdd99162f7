import { useEffect, useState } from "react";
import { formatUsualHours, shiftHours, usualHours } from "./usual-hours.ts";

/**
 * "Usually online 20:00–01:00" on a model card, from her online seconds per UTC hour: UTC from the server, the
 * visitor's own time once the browser says which (whole-hour offsets), as on her page.
 */
export function CardUsualOnline({ hoursUtc }: { hoursUtc: readonly number[] }) {
  const [offset, setOffset] = useState<number | null>(null);
  useEffect(() => {
    const minutes = -new Date().getTimezoneOffset();
    if (minutes % 60 === 0) setOffset(minutes / 60);
  }, []);
  const usual = usualHours(hoursUtc);
  if (!usual) return null;
  const shown = offset === null ? usual : shiftHours(usual, offset);
  return (
    <p className="text-xs text-ink-muted" data-testid="card-usually-online">
      Usually online <span className="tabular-nums text-ink-soft">{formatUsualHours(shown)}</span>{" "}
      {offset === null ? "UTC" : "your time"}
    </p>
  );
}
