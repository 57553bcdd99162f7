import { formatDuration } from "@camatlas/shared";
import { useEffect, useState } from "react";
import { ChartFrame } from "./chart-frame.tsx";
import { busiestSlot, heatColor, shiftWeekdayHours, utcOffsetLabel, WEEKDAYS } from "./chart-math.ts";

const hourLabel = (h: number) => `${String(h).padStart(2, "0")}:00`;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

/**
 * When she is online, by weekday and hour. The API counts in UTC; the browser moves the cells into the visitor's
 * time zone after hydration (the server render shows UTC and says so).
 */
export function HourHeatmap({ matrixUtc }: { matrixUtc: readonly (readonly number[])[] }) {
  const [offset, setOffset] = useState<number | null>(null);
  useEffect(() => setOffset(-new Date().getTimezoneOffset()), []);
  const matrix = shiftWeekdayHours(matrixUtc, offset ?? 0);
  const max = Math.max(1, ...matrix.flat());
  const zone = offset === null ? "UTC" : utcOffsetLabel(offset);
  const best = busiestSlot(matrix);
  const summary = best
    ? `Most often online on ${WEEKDAYS[best.day]} around ${hourLabel(best.hour)} (${zone}), ${formatDuration(best.value)} in the range.`
    : "No time online in this range.";
  return (
    <ChartFrame
      id="hour-heatmap"
      title="Most frequent chat hours"
      summary={summary}
      note={
        offset === null
          ? "Hours are shown in UTC."
          : `Hours are shown in your time zone (${zone}); half-hour zones are rounded to the hour.`
      }
      table={{
        head: ["Day", ...Array.from({ length: 24 }, (_, h) => String(h))],
        rows: matrix.map((row, d) => [WEEKDAYS[d] ?? "", ...row.map((s) => Math.round(s / 60))]),
      }}
    >
      {/* Wider than a phone: it scrolls sideways, so keyboards must reach it (the figures are in the table view). */}
      <section
        className="relative overflow-x-auto"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus to scroll by keyboard
        tabIndex={0}
        aria-label="Chat hours by weekday, scrolls sideways"
      >
        <table
          className="w-full min-w-[36rem] table-fixed border-separate border-spacing-0.5 text-[10px] text-ink-muted [&_td]:h-6 [&_td]:rounded-sm"
          aria-hidden="true"
        >
          <thead>
            <tr>
              <th className="w-10" />
              {HOURS.map((h) => (
                <th key={h} className="font-normal">
                  {h % 3 === 0 ? h : ""}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {matrix.map((row, d) => (
              <tr key={WEEKDAYS[d]}>
                <th className="pr-1 text-right font-normal">{WEEKDAYS[d]}</th>
                {row.map((seconds, h) => (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: 24 fixed hour cells.
                    key={h}
                    title={`${WEEKDAYS[d]} ${hourLabel(h)}: ${formatDuration(seconds)}`}
                    style={{ background: heatColor(seconds / max) }}
                  />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p className="text-xs text-ink-faint" data-testid="heatmap-zone">
        Time zone: {zone}
      </p>
    </ChartFrame>
  );
}
