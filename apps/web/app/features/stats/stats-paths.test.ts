import { endpointPath, statsEndpoints } from "@camatlas/shared/api-contract";
import { describe, expect, it } from "vitest";
import { coverageText } from "./coverage-note.tsx";
import { dayParam, parseStatsTab, rangeParams, statsPath } from "./stats-paths.ts";

describe("stats paths", () => {
  it("builds page and API addresses", () => {
    expect(statsPath("myfreecams", "Alice B")).toBe("/stats/myfreecams/Alice%20B");
    expect(statsPath("chaturbate", "x", { tab: "statistics", from_date: undefined })).toBe(
      "/stats/chaturbate/x?tab=statistics",
    );
    expect(endpointPath(statsEndpoints.chatStats.path, { camSiteSlug: "myfreecams", nickname: "a" })).toBe(
      "/stats/nicknames/myfreecams/a/chat-stats",
    );
  });
  it("reads tabs and days from the query string", () => {
    expect(parseStatsTab("badges")).toBe("badges");
    expect(parseStatsTab("nope")).toBe("stats");
    expect(dayParam("2026-11-01")).toBe("2026-11-01");
    expect(dayParam("yesterday")).toBeUndefined();
  });
  it("swaps a reversed range and drops malformed days", () => {
    expect(rangeParams(new URLSearchParams("from_date=2026-11-20&to_date=2026-11-01"))).toEqual({
      from_date: "2026-11-01",
      to_date: "2026-11-20",
    });
    expect(rangeParams(new URLSearchParams("from_date=nope&to_date=2026-11-01"))).toEqual({
      to_date: "2026-11-01",
    });
  });
});

describe("coverage note", () => {
  it("says the range, since when and how often the camsite is polled", () => {
    expect(
      coverageText({
        tracked_since: "2026-08-24T10:00:00.000Z",
        first_seen_at: null,
        last_poll_at: null,
        poll_interval_seconds: 60,
        max_gap_seconds: 300,
        history: null,
        from_date: "2026-10-24",
        to_date: "2026-11-22",
        gaps: [],
        gaps_recorded_since: null,
      }),
    ).toBe(
      "Coverage: Oct 24, 2026 – Nov 22, 2026 (UTC days) · tracked since Aug 24, 2026 · polled every 1m · gaps over 5m are not counted.",
    );
  });

  it("says apart a history imported with coarser polls, while the range reaches back into it", () => {
    const coverage = {
      tracked_since: "2026-08-24T10:00:00.000Z",
      first_seen_at: null,
      last_poll_at: "2026-11-22T14:00:00.000Z",
      poll_interval_seconds: 60,
      max_gap_seconds: 300,
      history: { until: "2026-11-22T12:00:00.000Z", poll_interval_seconds: 900, max_gap_seconds: 900 },
      from_date: "2026-10-24",
      to_date: "2026-11-22",
      gaps: [],
      gaps_recorded_since: null,
    };
    expect(coverageText(coverage)).toBe(
      "Coverage: Oct 24, 2026 – Nov 22, 2026 (UTC days) · tracked since Aug 24, 2026 · polled every 15m until Nov 22, 2026 (gaps over 15m not counted), every 1m since (gaps over 5m not counted).",
    );
    // No live poll yet: only the history is said.
    expect(coverageText({ ...coverage, last_poll_at: "2026-11-22T12:00:00.000Z" })).toContain(
      "polled every 15m until Nov 22, 2026 (gaps over 15m not counted).",
    );
    // A range after the history: the live polling alone.
    expect(coverageText({ ...coverage, from_date: "2026-11-23", to_date: "2026-11-23" })).toContain(
      "polled every 1m · gaps over 5m are not counted.",
    );
  });
});
