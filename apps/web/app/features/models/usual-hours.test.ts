import { describe, expect, it } from "vitest";
import { formatUsualHours, shiftHours, sumHours, usualHours } from "./usual-hours.ts";

const day = (busy: Record<number, number>) => Array.from({ length: 24 }, (_, h) => busy[h] ?? 0);

describe("usual streaming hours", () => {
  it("is the busiest stretch around the peak hour, keeping hours at least half as busy", () => {
    const hours = day({ 19: 3000, 20: 3600, 21: 3400, 22: 1900, 23: 600, 3: 300 });
    expect(usualHours(hours)).toEqual({ start: 19, end: 23 });
    expect(formatUsualHours({ start: 19, end: 23 })).toBe("19:00–23:00");
  });

  it("runs across midnight", () => {
    expect(usualHours(day({ 22: 2000, 23: 3600, 0: 3600, 1: 2500, 2: 100 }))).toEqual({ start: 22, end: 2 });
  });

  it("stops at 8 hours and says nothing without any online time", () => {
    const flat = usualHours(day(Object.fromEntries(Array.from({ length: 24 }, (_, h) => [h, 100]))));
    expect(flat && (flat.end - flat.start + 24) % 24).toBe(8);
    expect(usualHours(day({}))).toBeNull();
    expect(usualHours([1, 2, 3])).toBeNull();
  });

  it("adds nicknames' hours and moves a stretch into the visitor's time zone", () => {
    expect(sumHours([day({ 1: 10 }), day({ 1: 5, 2: 7 })]).slice(0, 3)).toEqual([0, 15, 7]);
    expect(shiftHours({ start: 22, end: 2 }, 3)).toEqual({ start: 1, end: 5 });
    expect(shiftHours({ start: 1, end: 5 }, -2)).toEqual({ start: 23, end: 3 });
  });
});
