import { localDay, zonedMidnight } from "@camatlas/shared/time-zone";
import { describe, expect, it } from "vitest";
import { clip, timelineRange, timelineTotals, union } from "./timeline-math.ts";

const at = (iso: string) => Date.parse(iso);

describe("the viewer's days", () => {
  it("starts a day at midnight in his zone, across a DST change too", () => {
    expect(new Date(zonedMidnight("2026-11-25", "UTC")).toISOString()).toBe("2026-11-25T00:00:00.000Z");
    expect(new Date(zonedMidnight("2026-11-25", "Asia/Tokyo")).toISOString()).toBe(
      "2026-11-24T15:00:00.000Z",
    );
    expect(new Date(zonedMidnight("2026-11-25", "America/New_York")).toISOString()).toBe(
      "2026-11-25T05:00:00.000Z",
    );
    // New York moves to summer time on 2026-03-08 at 02:00: that midnight is still winter time.
    expect(new Date(zonedMidnight("2026-03-08", "America/New_York")).toISOString()).toBe(
      "2026-03-08T05:00:00.000Z",
    );
    expect(new Date(zonedMidnight("2026-03-09", "America/New_York")).toISOString()).toBe(
      "2026-03-09T04:00:00.000Z",
    );
    expect(new Date(zonedMidnight("2026-11-25", "Asia/Kolkata")).toISOString()).toBe(
      "2026-11-24T18:30:00.000Z",
    );
  });

  it("covers the last n days with today, from his midnight to now", () => {
    const now = at("2026-11-25T02:00:00Z");
    expect(timelineRange(1, "UTC", now)).toEqual({ from: at("2026-11-25T00:00:00Z"), to: now });
    // 02:00 UTC is still the 24th in New York.
    expect(timelineRange(7, "America/New_York", now).from).toBe(at("2026-11-18T05:00:00Z"));
    expect(localDay(now, "America/New_York")).toBe("2026-11-24");
  });
});

describe("totals across camsites", () => {
  it("counts an hour on two camsites at once once, and runs that touch as one session", () => {
    const spans = [
      { start: at("2026-11-24T10:00:00Z"), end: at("2026-11-24T10:20:00Z") },
      { start: at("2026-11-24T10:20:00Z"), end: at("2026-11-24T10:30:00Z") },
      { start: at("2026-11-24T10:10:00Z"), end: at("2026-11-24T10:40:00Z") },
      { start: at("2026-11-22T20:00:00Z"), end: at("2026-11-22T20:30:00Z") },
    ];
    expect(union(spans)).toHaveLength(2);
    expect(timelineTotals(spans, "UTC")).toEqual({
      online_seconds: 70 * 60,
      sessions: 2,
      days_active: 2,
      longest_session_seconds: 40 * 60,
    });
  });

  it("counts a session over midnight on both days, in the viewer's zone", () => {
    const spans = [{ start: at("2026-11-24T23:40:00Z"), end: at("2026-11-25T00:20:00Z") }];
    expect(timelineTotals(spans, "UTC").days_active).toBe(2);
    expect(timelineTotals(spans, "Asia/Tokyo").days_active).toBe(1);
    // A session ending exactly at midnight does not make the next day active.
    expect(
      timelineTotals([{ start: at("2026-11-24T23:00:00Z"), end: at("2026-11-25T00:00:00Z") }], "UTC")
        .days_active,
    ).toBe(1);
  });

  it("has nothing to count without spans", () => {
    expect(timelineTotals([], "UTC")).toEqual({
      online_seconds: 0,
      sessions: 0,
      days_active: 0,
      longest_session_seconds: 0,
    });
  });

  it("cuts spans to the range", () => {
    const from = at("2026-11-24T00:00:00Z");
    const to = at("2026-11-25T00:00:00Z");
    const out = clip(
      [
        { start: at("2026-11-23T23:00:00Z"), end: at("2026-11-24T01:00:00Z"), id: 1 },
        { start: at("2026-11-23T20:00:00Z"), end: at("2026-11-23T21:00:00Z"), id: 2 },
        { start: at("2026-11-24T23:30:00Z"), end: at("2026-11-25T02:00:00Z"), id: 3 },
      ],
      from,
      to,
    );
    expect(out).toEqual([
      { start: from, end: at("2026-11-24T01:00:00Z"), id: 1 },
      { start: at("2026-11-24T23:30:00Z"), end: to, id: 3 },
    ]);
  });
});
