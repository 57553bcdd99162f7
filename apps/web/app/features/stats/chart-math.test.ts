import { describe, expect, it } from "vitest";
import {
  busiestSlot,
  extent,
  heatColor,
  longDay,
  niceMax,
  shiftWeekdayHours,
  shortDay,
  stack,
  ticks,
  utcOffsetLabel,
} from "./chart-math.ts";

const matrixWith = (day: number, hour: number, value: number) => {
  const m = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  (m[day] as number[])[hour] = value;
  return m;
};

describe("chart scales", () => {
  it("rounds axis maxima up to 1, 2 or 5 × 10^n", () => {
    expect([0, 1, 3, 7, 12, 180, 501].map(niceMax)).toEqual([1, 1, 5, 10, 20, 200, 1000]);
    expect(ticks(200, 4)).toEqual([0, 50, 100, 150, 200]);
  });
  it("pads a flat series", () => {
    const e = extent([5, 5]);
    expect(e.min).toBeLessThan(4);
    expect(e.max).toBeGreaterThan(6);
  });
  it("stacks values in order and skips empty ones", () => {
    expect(stack({ "1": 30, "2": 0, "4": 10 }, ["1", "2", "4"])).toEqual([
      { key: "1", value: 30, y0: 0, y1: 30 },
      { key: "4", value: 10, y0: 30, y1: 40 },
    ]);
  });
});

describe("time-zone shift of the hour heatmap", () => {
  it("moves Sunday 23:00 UTC to Monday 01:00 at UTC+2", () => {
    const shifted = shiftWeekdayHours(matrixWith(6, 23, 60), 120);
    expect(shifted[0]?.[1]).toBe(60);
    expect(shifted.flat().reduce((a, b) => a + b, 0)).toBe(60);
  });
  it("moves Monday 02:00 UTC to Sunday 21:00 at UTC−5", () => {
    expect(shiftWeekdayHours(matrixWith(0, 2, 5), -300)[6]?.[21]).toBe(5);
  });
  it("labels offsets and finds the busiest slot", () => {
    expect([0, 120, -300, 330].map(utcOffsetLabel)).toEqual(["UTC", "UTC+2", "UTC−5", "UTC+5:30"]);
    expect(busiestSlot(matrixWith(3, 20, 9))).toEqual({ day: 3, hour: 20, value: 9 });
    expect(busiestSlot(matrixWith(3, 20, 0))).toBeNull();
  });
  it("colours zero as neutral grey", () => {
    expect(heatColor(0)).toBe("#f5f5f5");
    expect(heatColor(1)).toBe("rgb(67, 56, 202)");
  });
  it("formats days in UTC", () => {
    expect(longDay("2026-11-02")).toBe("Nov 02, 2026");
    expect(longDay("2026-11-02T23:59:59.000Z")).toBe("Nov 02, 2026");
    expect(shortDay("2026-01-09")).toBe("Jan 9");
  });
});
