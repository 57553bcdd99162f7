import { describe, expect, it } from "vitest";
import type { StatsCoverage } from "../schemas/stats.ts";
import { localDay, zonedMidnight } from "../time-zone.ts";
import {
  calendarSeries,
  coverageGaps,
  GAP_LABELS,
  gapRuns,
  intervalsFromRollups,
} from "./calendar-series.ts";

const at = (iso: string) => Date.parse(iso);
const HOUR = 3600;

describe("calendarSeries", () => {
  it("splits a 23:00–02:00 session at midnight: 1 hour on the first day, 2 on the next", () => {
    const days = calendarSeries({
      from: "2026-11-20",
      to: "2026-11-22",
      timeZone: "UTC",
      keys: ["1"],
      intervals: [{ start: at("2026-11-20T23:00:00Z"), end: at("2026-11-21T02:00:00Z"), key: "1" }],
    });
    expect(days.map((d) => [d.date, d.seconds["1"], d.totalSeconds])).toEqual([
      ["2026-11-20", HOUR, HOUR],
      ["2026-11-21", 2 * HOUR, 2 * HOUR],
      // Offline days are present, as zero.
      ["2026-11-22", 0, 0],
    ]);
  });

  it("places the same session on the viewer's own days: Los Angeles, Tokyo and UTC", () => {
    const session = { start: at("2026-11-20T23:00:00Z"), end: at("2026-11-21T02:00:00Z"), key: "1" };
    const run = (timeZone: string) =>
      calendarSeries({
        from: "2026-11-20",
        to: "2026-11-21",
        timeZone,
        keys: ["1"],
        intervals: [session],
      }).map((d) => d.totalSeconds);
    // 15:00–18:00 on Nov 20 in Los Angeles (UTC−8): all on the first day.
    expect(run("America/Los_Angeles")).toEqual([3 * HOUR, 0]);
    // 08:00–11:00 on Nov 21 in Tokyo (UTC+9): all on the second day.
    expect(run("Asia/Tokyo")).toEqual([0, 3 * HOUR]);
    expect(run("UTC")).toEqual([HOUR, 2 * HOUR]);
  });

  it("gives a DST change day its 23 or 25 hours and splits at the zone's real midnight", () => {
    // Los Angeles: clocks go back on Nov 1, 2026 (25 hours) and forward on Mar 8, 2026 (23 hours).
    const autumn = calendarSeries({
      from: "2026-10-31",
      to: "2026-11-02",
      timeZone: "America/Los_Angeles",
      keys: ["1"],
      // 07:30–08:30 UTC on Nov 2 is 23:30 Nov 1 to 00:30 Nov 2 in PST (UTC−8).
      intervals: [{ start: at("2026-11-02T07:30:00Z"), end: at("2026-11-02T08:30:00Z"), key: "1" }],
    });
    expect(autumn.map((d) => d.lengthSeconds)).toEqual([24 * HOUR, 25 * HOUR, 24 * HOUR]);
    expect(autumn.map((d) => d.totalSeconds)).toEqual([0, HOUR / 2, HOUR / 2]);
    const spring = calendarSeries({
      from: "2026-03-08",
      to: "2026-03-08",
      timeZone: "America/Los_Angeles",
      keys: ["1"],
      intervals: [],
    });
    expect(spring[0]?.lengthSeconds).toBe(23 * HOUR);
    expect(zonedMidnight("2026-03-09", "America/Los_Angeles")).toBe(at("2026-03-09T07:00:00Z"));
    expect(zonedMidnight("2026-03-08", "America/Los_Angeles")).toBe(at("2026-03-08T08:00:00Z"));
  });

  it("stacks show types per day in the keys' order, every key present", () => {
    const days = calendarSeries({
      from: "2026-11-20",
      to: "2026-11-20",
      timeZone: "UTC",
      keys: ["1", "2", "3"],
      intervals: [
        { start: at("2026-11-20T10:00:00Z"), end: at("2026-11-20T11:00:00Z"), key: "1" },
        { start: at("2026-11-20T11:00:00Z"), end: at("2026-11-20T11:30:00Z"), key: "2" },
      ],
    });
    expect(days[0]?.seconds).toEqual({ "1": HOUR, "2": HOUR / 2, "3": 0 });
  });

  it("marks unobserved time per day with the label of its largest stretch, and runs of such days", () => {
    const days = calendarSeries({
      from: "2026-11-18",
      to: "2026-11-22",
      timeZone: "UTC",
      keys: ["1"],
      intervals: [],
      gaps: [
        { start: -Infinity, end: at("2026-11-19T06:00:00Z"), label: GAP_LABELS.notTracked },
        { start: at("2026-11-21T20:00:00Z"), end: Infinity, label: GAP_LABELS.future },
      ],
    });
    expect(days.map((d) => [d.unobservedSeconds, d.gapLabel])).toEqual([
      [24 * HOUR, GAP_LABELS.notTracked],
      [6 * HOUR, GAP_LABELS.notTracked],
      [0, null],
      [4 * HOUR, GAP_LABELS.future],
      [24 * HOUR, GAP_LABELS.future],
    ]);
    expect(gapRuns(days)).toEqual([
      { first: 0, last: 1, label: GAP_LABELS.notTracked },
      { first: 3, last: 4, label: GAP_LABELS.future },
    ]);
  });
});

describe("calendarSeries with a silence inside the tracked period", () => {
  const noPolls = (start: string, end: string) => ({
    start: at(start),
    end: at(end),
    label: GAP_LABELS.noPolls,
  });

  it("splits a silence across the viewer's midnight: 2 hours on one day, 3 on the next", () => {
    const days = calendarSeries({
      from: "2026-11-10",
      to: "2026-11-12",
      timeZone: "UTC",
      keys: ["1"],
      intervals: [{ start: at("2026-11-10T20:00:00Z"), end: at("2026-11-10T22:00:00Z"), key: "1" }],
      gaps: [noPolls("2026-11-10T22:00:00Z", "2026-11-11T03:00:00Z")],
    });
    expect(days.map((d) => [d.date, d.totalSeconds, d.unobservedSeconds, d.gapLabel])).toEqual([
      ["2026-11-10", 2 * HOUR, 2 * HOUR, GAP_LABELS.noPolls],
      ["2026-11-11", 0, 3 * HOUR, GAP_LABELS.noPolls],
      ["2026-11-12", 0, 0, null],
    ]);
    expect(gapRuns(days)).toEqual([{ first: 0, last: 1, label: GAP_LABELS.noPolls }]);
  });

  it("places the same silence on the viewer's own days: all of it on Nov 11 in Tokyo", () => {
    const days = calendarSeries({
      from: "2026-11-10",
      to: "2026-11-11",
      timeZone: "Asia/Tokyo",
      keys: ["1"],
      intervals: [],
      // 07:00–12:00 on Nov 11 in Tokyo (UTC+9).
      gaps: [noPolls("2026-11-10T22:00:00Z", "2026-11-11T03:00:00Z")],
    });
    expect(days.map((d) => [d.unobservedSeconds, d.gapLabel])).toEqual([
      [0, null],
      [5 * HOUR, GAP_LABELS.noPolls],
    ]);
  });

  it("counts a silence over a DST change day against its 25 hours, whole days as wholly unobserved", () => {
    // Los Angeles falls back on Nov 1, 2026: from midnight Oct 31 (07:00Z) to midnight Nov 2 (08:00Z) in PST.
    const days = calendarSeries({
      from: "2026-10-31",
      to: "2026-11-02",
      timeZone: "America/Los_Angeles",
      keys: ["1"],
      intervals: [],
      gaps: [noPolls("2026-10-31T07:00:00Z", "2026-11-02T08:00:00Z")],
    });
    expect(days.map((d) => [d.lengthSeconds, d.unobservedSeconds, d.gapLabel])).toEqual([
      [24 * HOUR, 24 * HOUR, GAP_LABELS.noPolls],
      [25 * HOUR, 25 * HOUR, GAP_LABELS.noPolls],
      [24 * HOUR, 0, null],
    ]);
  });

  it("names a day by its largest unobserved stretch when a silence and the edge of tracking share it", () => {
    const days = calendarSeries({
      from: "2026-11-10",
      to: "2026-11-10",
      timeZone: "UTC",
      keys: ["1"],
      intervals: [],
      gaps: [
        { start: -Infinity, end: at("2026-11-10T02:00:00Z"), label: GAP_LABELS.notTracked },
        noPolls("2026-11-10T05:00:00Z", "2026-11-10T11:00:00Z"),
      ],
    });
    expect(days[0]).toMatchObject({ unobservedSeconds: 8 * HOUR, gapLabel: GAP_LABELS.noPolls });
  });
});

describe("coverageGaps", () => {
  const coverage: StatsCoverage = {
    tracked_since: "2026-11-01T00:00:00Z",
    first_seen_at: null,
    last_poll_at: "2026-11-25T11:59:00Z",
    poll_interval_seconds: 60,
    max_gap_seconds: 300,
    history: null,
    from_date: null,
    to_date: null,
    gaps: [],
    gaps_recorded_since: "2026-11-01T00:00:00Z",
  };
  const now = at("2026-11-25T12:00:00Z");

  it("is before the first poll and what is still to come while polls arrive", () => {
    expect(coverageGaps(coverage, now).map((g) => g.label)).toEqual([
      GAP_LABELS.notTracked,
      GAP_LABELS.future,
    ]);
  });

  it("adds the time since the last poll once the allowed gap has passed", () => {
    const stale = coverageGaps({ ...coverage, last_poll_at: "2026-11-24T12:00:00Z" }, now);
    expect(stale.find((g) => g.label === GAP_LABELS.noPolls)).toEqual({
      start: at("2026-11-24T12:00:00Z"),
      end: now,
      label: GAP_LABELS.noPolls,
    });
  });

  it("labels the camsite's silences inside the tracked period, cut to it and to now", () => {
    const gaps = coverageGaps(
      {
        ...coverage,
        gaps: [
          { start: "2026-11-10T22:00:00Z", end: "2026-11-11T03:00:00Z" },
          { start: "2026-11-25T11:00:00Z", end: "2026-11-25T13:00:00Z" },
        ],
      },
      now,
    );
    expect(gaps.filter((g) => g.label === GAP_LABELS.noPolls)).toEqual([
      { start: at("2026-11-10T22:00:00Z"), end: at("2026-11-11T03:00:00Z"), label: GAP_LABELS.noPolls },
      { start: at("2026-11-25T11:00:00Z"), end: now, label: GAP_LABELS.noPolls },
    ]);
  });

  it("is the whole past for a camsite never polled", () => {
    const gaps = coverageGaps({ ...coverage, tracked_since: null, last_poll_at: null }, now);
    expect(gaps[0]?.label).toBe(GAP_LABELS.notTracked);
    expect(gaps[0]?.end).toBe(now);
  });
});

describe("intervalsFromRollups", () => {
  it("lays each hour's seconds from the hour's start, split by the day's show-type shares", () => {
    const hours = Array.from({ length: 24 }, (_, h) => (h === 23 ? 1800 : 0));
    const intervals = intervalsFromRollups([
      {
        date: "2026-11-20",
        seconds_by_status: { "1": 1200, "2": 600 },
        hours_utc: hours,
      },
    ]);
    expect(intervals).toEqual([
      { start: at("2026-11-20T23:00:00Z"), end: at("2026-11-20T23:20:00Z"), key: "1" },
      { start: at("2026-11-20T23:20:00Z"), end: at("2026-11-20T23:30:00Z"), key: "2" },
    ]);
    // In Tokyo that evening hour is the next morning.
    const days = calendarSeries({
      from: "2026-11-20",
      to: "2026-11-21",
      timeZone: "Asia/Tokyo",
      keys: ["1", "2"],
      intervals,
    });
    expect(days.map((d) => d.seconds)).toEqual([
      { "1": 0, "2": 0 },
      { "1": 1200, "2": 600 },
    ]);
  });
});

describe("localDay", () => {
  it("is the viewer's date, not UTC's", () => {
    const now = at("2026-11-25T20:00:00Z");
    expect(localDay(now, "Asia/Tokyo")).toBe("2026-11-26");
    expect(localDay(now, "America/Los_Angeles")).toBe("2026-11-25");
  });
});
