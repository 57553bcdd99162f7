import { utcMonthDay } from "@camatlas/shared";
import { formatDate } from "../catalog/catalog-labels.ts";
// Pure helpers behind the stats charts (unit tested): scales, ticks, the time-zone shift of the hour heatmap,
// colours per activity status and the text alternatives.

/** A round upper bound for an axis: 1, 2 or 5 × 10^n at or above the value (at least 1). */
export function niceMax(value: number): number {
  if (!Number.isFinite(value) || value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** `count` + 1 evenly spaced ticks from 0 to max. */
export function ticks(max: number, count = 4): number[] {
  return Array.from({ length: count + 1 }, (_, i) => Math.round(((max * i) / count) * 100) / 100);
}

/** Bounds of a series for a line chart, padded a little so the line never touches the frame. */
export function extent(values: readonly number[]): { min: number; max: number } {
  if (values.length === 0) return { min: 0, max: 1 };
  let min = Math.min(...values);
  let max = Math.max(...values);
  if (min === max) {
    min -= 1;
    max += 1;
  }
  const pad = (max - min) * 0.08;
  return { min: min - pad, max: max + pad };
}

export interface StackSegment {
  key: string;
  value: number;
  y0: number;
  y1: number;
}

/** Stacks one bar's values in the given key order (bottom first). */
export function stack(values: Readonly<Record<string, number>>, order: readonly string[]): StackSegment[] {
  let y = 0;
  const out: StackSegment[] = [];
  for (const key of order) {
    const value = values[key] ?? 0;
    if (value <= 0) continue;
    out.push({ key, value, y0: y, y1: y + value });
    y += value;
  }
  return out;
}

/**
 * Moves a UTC weekday × hour matrix (Monday first, 7 × 24) into a time zone `offsetMinutes` east of UTC.
 * Whole-hour shifts; a half-hour zone is rounded to the nearest hour (said next to the chart).
 */
export function shiftWeekdayHours(matrix: readonly (readonly number[])[], offsetMinutes: number): number[][] {
  const shift = Math.round(offsetMinutes / 60);
  const out = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  if (matrix.length !== 7) return out;
  for (let day = 0; day < 7; day++)
    for (let hour = 0; hour < 24; hour++) {
      const value = matrix[day]?.[hour] ?? 0;
      const total = day * 24 + hour + shift;
      const wrapped = ((total % 168) + 168) % 168;
      const row = out[Math.floor(wrapped / 24)] as number[];
      row[wrapped % 24] = (row[wrapped % 24] ?? 0) + value;
    }
  return out;
}

/** "UTC", "UTC+2", "UTC−5:30" for an offset in minutes east of UTC. */
export function utcOffsetLabel(offsetMinutes: number): string {
  if (offsetMinutes === 0) return "UTC";
  const sign = offsetMinutes > 0 ? "+" : "−";
  const abs = Math.abs(offsetMinutes);
  const hours = Math.floor(abs / 60);
  const minutes = abs % 60;
  return `UTC${sign}${hours}${minutes ? `:${String(minutes).padStart(2, "0")}` : ""}`;
}

// One colour per status id, readable on white and told apart in the legend by name as well.
const STATUS_COLORS: Readonly<Record<string, string>> = {
  "1": "#10b981",
  "2": "#8b5cf6",
  "3": "#ec4899",
  "4": "#0ea5e9",
  "5": "#f59e0b",
  "6": "#a3a3a3",
  "7": "#6366f1",
  "8": "#14b8a6",
  "9": "#e11d48",
  "10": "#84cc16",
  "11": "#f97316",
  "12": "#06b6d4",
  "13": "#eab308",
  "22": "#7c3aed",
  "40": "#db2777",
  total: "#4f46e5",
};

export function statusColor(key: string): string {
  return STATUS_COLORS[key] ?? "#64748b";
}

/** Heat colour for a share in [0, 1]: white to the brand indigo. */
export function heatColor(share: number): string {
  const s = Math.max(0, Math.min(1, share));
  if (s === 0) return "#f5f5f5";
  const mix = (from: number, to: number) => Math.round(from + (to - from) * (0.15 + 0.85 * s));
  return `rgb(${mix(238, 67)}, ${mix(242, 56)}, ${mix(255, 202)})`;
}

export const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

// Without Intl (utc-format.ts): a stats page formats hundreds of days (axes, tables, titles), and a formatter built
// per call was a third of its server render.

/** "Nov 21" for a yyyy-mm-dd day (UTC). */
export function shortDay(day: string): string {
  return utcMonthDay(new Date(`${day}T00:00:00Z`));
}

/** "Nov 21, 2026" for an ISO time or day, in UTC (spec: dates use UTC, format MMM dd, yyyy); "" when not a date. */
export function longDay(value: string): string {
  return formatDate(value);
}

/** The busiest cell of a weekday × hour matrix, for the heatmap's text alternative. */
export function busiestSlot(
  matrix: readonly (readonly number[])[],
): { day: number; hour: number; value: number } | null {
  let best: { day: number; hour: number; value: number } | null = null;
  for (const [day, row] of matrix.entries())
    for (const [hour, value] of row.entries())
      if (value > 0 && (!best || value > best.value)) best = { day, hour, value };
  return best;
}
