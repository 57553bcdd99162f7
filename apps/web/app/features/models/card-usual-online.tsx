import { useEffect, useState } from "react";
import { type UsualSeries, usualOnlineText } from "./usual-hours.ts";

/**
 * "Usually online Tue–Sat, 20:00–01:00" on a model card, from her online seconds per UTC hour and weekday: UTC from
 * the server, the visitor's own days and hours once the browser says which (whole-hour offsets), as on her page. On a
 * 390 px card it wraps between words, never past the card.
 */
export function CardUsualOnline({ usual }: { usual: UsualSeries }) {
  const [offset, setOffset] = useState<number | null>(null);
  useEffect(() => {
    const minutes = -new Date().getTimezoneOffset();
    if (minutes % 60 === 0) setOffset(minutes / 60);
  }, []);
  const text = usualOnlineText(usual, offset ?? 0);
  if (!text) return null;
  return (
    <p className="break-words text-xs text-ink-muted" data-testid="card-usually-online">
      Usually online <span className="tabular-nums text-ink-soft">{text}</span>{" "}
      {offset === null ? "UTC" : "your time"}
    </p>
  );
}
