import { extent, shortDay } from "./chart-math.ts";

export interface LinePoint {
  date: string;
  value: number;
}

const W = 720;
const H = 220;
const PAD = { left: 52, right: 12, top: 10, bottom: 28 };

/** A line over days with an optional reference line (e.g. the average); `invert` puts small values on top (rank). */
export function LineChart({
  points,
  reference,
  referenceLabel,
  invert = false,
  color = "#4f46e5",
  format = (v: number) => String(Math.round(v)),
}: {
  points: readonly LinePoint[];
  reference?: number | null;
  referenceLabel?: string;
  invert?: boolean;
  color?: string;
  format?: (value: number) => string;
}) {
  const values = points.map((p) => p.value);
  if (reference !== null && reference !== undefined) values.push(reference);
  const { min, max } = extent(values);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length <= 1 ? innerW / 2 : (i / (points.length - 1)) * innerW);
  const y = (v: number) => {
    const share = (v - min) / (max - min);
    return PAD.top + (invert ? share : 1 - share) * innerH;
  };
  const path = points
    .map((p, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`)
    .join(" ");
  const labelEvery = Math.ceil(points.length / 8);
  const axis = [min, (min + max) / 2, max];
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" aria-hidden="true" focusable="false">
      {axis.map((v) => (
        <g key={v}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#e5e5e5" />
          <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize="11" fill="#525252">
            {format(v)}
          </text>
        </g>
      ))}
      {reference !== null && reference !== undefined && (
        <g>
          <line
            x1={PAD.left}
            x2={W - PAD.right}
            y1={y(reference)}
            y2={y(reference)}
            stroke="#f59e0b"
            strokeDasharray="6 4"
          />
          <text x={W - PAD.right} y={y(reference) - 4} textAnchor="end" fontSize="11" fill="#b45309">
            {referenceLabel ?? "Average"} {format(reference)}
          </text>
        </g>
      )}
      <path d={path} fill="none" stroke={color} strokeWidth="2" />
      {points.map((p, i) => (
        <g key={p.date}>
          <circle cx={x(i)} cy={y(p.value)} r="3" fill={color}>
            <title>{`${shortDay(p.date)}: ${format(p.value)}`}</title>
          </circle>
          {i % labelEvery === 0 && (
            <text x={x(i)} y={H - 8} textAnchor="middle" fontSize="11" fill="#525252">
              {shortDay(p.date)}
            </text>
          )}
        </g>
      ))}
    </svg>
  );
}
