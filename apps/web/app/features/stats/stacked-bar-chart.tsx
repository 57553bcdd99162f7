import { niceMax, shortDay, stack, statusColor, ticks } from "./chart-math.ts";

export interface StackedBarDay {
  date: string;
  values: Readonly<Record<string, number>>;
}

const W = 720;
const H = 240;
const PAD = { left: 44, right: 8, top: 26, bottom: 28 };

/** Minutes per day stacked by show type (plain SVG; the frame around it carries the text alternative). */
export function StackedBarChart({
  days,
  keys,
  unit,
}: {
  days: readonly StackedBarDay[];
  keys: ReadonlyArray<{ key: string; label: string }>;
  unit: string;
}) {
  const order = keys.map((k) => k.key);
  const labelOf = new Map(keys.map((k) => [k.key, k.label]));
  const max = niceMax(Math.max(0, ...days.map((d) => Object.values(d.values).reduce((a, b) => a + b, 0))));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, days.length);
  const barW = Math.max(2, Math.min(28, slot * 0.7));
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const labelEvery = Math.ceil(days.length / 10);
  return (
    <div className="space-y-2">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" aria-hidden="true" focusable="false">
        {/* The unit sits above the axis, clear of the top tick's number. */}
        <text x={PAD.left - 6} y={12} textAnchor="end" fontSize="11" fill="#525252">
          {unit}
        </text>
        {ticks(max).map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="#e5e5e5" />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" fontSize="11" fill="#525252">
              {t}
            </text>
          </g>
        ))}
        {days.map((day, i) => {
          const x = PAD.left + i * slot + (slot - barW) / 2;
          return (
            <g key={day.date} data-bar={day.date}>
              {stack(day.values, order).map((s) => (
                <rect
                  key={s.key}
                  x={x}
                  width={barW}
                  y={y(s.y1)}
                  height={Math.max(0.5, y(s.y0) - y(s.y1))}
                  fill={statusColor(s.key)}
                >
                  <title>{`${shortDay(day.date)}: ${labelOf.get(s.key) ?? s.key} ${s.value} ${unit}`}</title>
                </rect>
              ))}
              {i % labelEvery === 0 && (
                <text x={x + barW / 2} y={H - 8} textAnchor="middle" fontSize="11" fill="#525252">
                  {shortDay(day.date)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-soft" aria-label="Legend">
        {keys.map((k) => (
          <li key={k.key} className="inline-flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="h-3 w-3 rounded-sm"
              style={{ background: statusColor(k.key) }}
            />
            {k.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
