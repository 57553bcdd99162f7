import { useEffect, useState } from "react";
import { type UsualSeries, usualOnlineText } from "../models/usual-hours.ts";

/**
 * "Usually online Tue–Sat, 20:00–01:00 your time" on a nickname's pages, from her online seconds per UTC hour and
 * weekday: rendered in UTC by the server, then in the visitor's own days and hours once the browser says which
 * (whole-hour offsets).
 */
export function UsualOnlineLine({ usual }: { usual: UsualSeries }) {
  const [offset, setOffset] = useState<number | null>(null);
  useEffect(() => {
    const minutes = -new Date().getTimezoneOffset();
    if (minutes % 60 === 0 && minutes !== 0) setOffset(minutes / 60);
  }, []);
  const text = usualOnlineText(usual, offset ?? 0);
  if (!text) return null;
  return (
    <p className="text-sm text-ink-soft" data-testid="usually-online">
      Usually online <span className="font-semibold text-ink tabular-nums">{text}</span>{" "}
      <span className="text-ink-muted">{offset === null ? "UTC" : "your time"}</span>
    </p>
  );
}
