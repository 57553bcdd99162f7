import { formatDuration, utcMonthDay } from "@camatlas/shared";
import { type CalendarDay, gapRuns } from "@camatlas/shared/stats";
import { niceMax, stack, statusColor, ticks } from "./chart-math.ts";

// The time-online chart's drawing (loaded on its own, see lazy-charts.tsx): one bar per viewer's day, stacked by
// show type in hours, the days we did not observe hatched and labelled. Plain SVG at its natural size (1 unit = 1
// CSS pixel), so axis text stays 11 px and more than a phone's width of days scrolls sideways.

const H = 240;
const PAD = { left: 40, right: 8, top: 30, bottom: 30 };
const FONT = 11;

/** Pixels per day: wide bars for a week, 6 px for a year; the chart fills at least `minWidth`. */
export function dayWidth(days: number): number {
  if (days <= 14) return 40;
  if (days <= 31) return 20;
  if (days <= 92) return 10;
  return 6;
}

export function chartWidth(days: number): number {
  return PAD.left + PAD.right + days * dayWidth(days);
}

const dayLabel = (date: string) => utcMonthDay(new Date(`${date}T00:00:00Z`));

export default function TimeOnlineCalendar({
  days,
  keys,
}: {
  days: readonly CalendarDay[];
  keys: ReadonlyArray<{ key: string; label: string }>;
}) {
  const order = keys.map((k) => k.key);
  const labelOf = new Map(keys.map((k) => [k.key, k.label]));
  const max = niceMax(Math.max(1, ...days.map((d) => d.totalSeconds / 3600)));
  const slot = dayWidth(days.length);
  const W = chartWidth(days.length);
  const innerH = H - PAD.top - PAD.bottom;
  const barW = Math.max(3, Math.round(slot * 0.7));
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  // A date label every so many days: at least 44 px apart so "Nov 21" never overlaps its neighbour.
  const labelEvery = Math.max(1, Math.ceil(44 / slot));
  const runs = gapRuns(days);
  return (
    <svg
      width={W}
      height={H}
      viewBox={`0 0 ${W} ${H}`}
      className="block max-w-none"
      aria-hidden="true"
      focusable="false"
      data-days={days.length}
    >
      <defs>
        <pattern
          id="unobserved-hatch"
          width="6"
          height="6"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect width="6" height="6" fill="var(--color-surface-muted)" />
          <line x1="0" y1="0" x2="0" y2="6" stroke="var(--color-line)" strokeWidth="3" />
        </pattern>
      </defs>
      {runs.map((run) => {
        const x = PAD.left + run.first * slot;
        const width = (run.last - run.first + 1) * slot;
        return (
          <g key={`${run.first}-${run.label}`} data-gap={run.label}>
            <rect
              x={x}
              y={PAD.top}
              width={width}
              height={innerH}
              fill="url(#unobserved-hatch)"
              opacity="0.8"
            />
            {width >= run.label.length * 6.5 + 8 ? (
              <text
                x={x + width / 2}
                y={PAD.top - 8}
                textAnchor="middle"
                fontSize={FONT}
                fill="var(--color-ink-muted)"
              >
                {run.label}
              </text>
            ) : null}
          </g>
        );
      })}
      <text x={4} y={14} fontSize={FONT} fill="var(--color-ink-muted)">
        hours
      </text>
      {ticks(max).map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="var(--color-line-soft)" />
          <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" fontSize={FONT} fill="var(--color-ink-muted)">
            {t}
          </text>
        </g>
      ))}
      {days.map((day, i) => {
        const x = PAD.left + i * slot + (slot - barW) / 2;
        const inHours = Object.fromEntries(Object.entries(day.seconds).map(([k, v]) => [k, v / 3600]));
        return (
          <g key={day.date} data-bar={day.date}>
            {stack(inHours, order).map((s) => (
              <rect
                key={s.key}
                x={x}
                width={barW}
                y={y(s.y1)}
                height={Math.max(0.5, y(s.y0) - y(s.y1))}
                fill={statusColor(s.key)}
              >
                <title>{`${dayLabel(day.date)}: ${labelOf.get(s.key) ?? s.key} ${formatDuration(Math.round(s.value * 3600))}`}</title>
              </rect>
            ))}
            {i % labelEvery === 0 && (
              <text
                x={x + barW / 2}
                y={H - 10}
                textAnchor="middle"
                fontSize={FONT}
                fill="var(--color-ink-muted)"
              >
                {dayLabel(day.date)}
              </text>
            )}
          </g>
        );
      })}
      <line
        x1={PAD.left}
        x2={W - PAD.right}
        y1={y(0)}
        y2={y(0)}
        stroke="var(--color-line)"
        data-axis="days"
      />
    </svg>
  );
}
