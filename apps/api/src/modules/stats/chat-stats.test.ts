import type { DailyStatsRow } from "@camatlas/db";
import { describe, expect, it } from "vitest";
import { buildChatStats, weekdayOf } from "./chat-stats.ts";
import { daysBetween, resolveRange } from "./range.ts";

const row = (
  day: string,
  byStatus: Record<string, number>,
  extra: Partial<DailyStatsRow> = {},
): DailyStatsRow => {
  const online = Object.entries(byStatus).reduce((s, [k, v]) => (k === "100" ? s : s + v), 0);
  const hist = Array.from({ length: 24 }, () => 0);
  hist[20] = online;
  return {
    nicknameId: 1,
    day,
    camSiteId: 12,
    secondsByStatus: byStatus,
    onlineSeconds: online,
    sessions: 1,
    longestSessionSeconds: online,
    hourHistogram: hist,
    viewersAvg: null,
    viewersMax: null,
    camscoreMin: null,
    camscoreMax: null,
    camscoreAvg: null,
    camscoreLast: null,
    rankBest: null,
    rankLast: null,
    ...extra,
  };
};

describe("buildChatStats", () => {
  const rows = [row("2026-11-16", { "1": 3600, "4": 600 }), row("2026-11-17", { "1": 90 })];
  it("uses the camsite's status names and rounds minutes", () => {
    const s = buildChatStats({
      rows,
      camSiteId: 12,
      graph: "show_all_data",
      longestSessions: [],
      longestSessionsHidden: false,
    });
    expect(s.statuses).toEqual([
      { id: 1, name: "Free chat" },
      { id: 4, name: "Club Show" },
    ]);
    expect(s.summary.minutes_by_status).toEqual({ "1": 62, "4": 10 });
    expect(s.days[1]?.minutes_by_status).toEqual({ "1": 2 });
    // 2026-11-16 is a Monday.
    expect(s.weekdays_utc[0]).toBe(4200);
    expect(s.weekday_hours_utc[0]?.[20]).toBe(4200);
  });
  it("collapses statuses to a total when the model shows only total time online", () => {
    const s = buildChatStats({
      rows,
      camSiteId: 12,
      graph: "show_only_total_time_online",
      longestSessions: [],
      longestSessionsHidden: false,
    });
    expect(s.days.map((d) => d.seconds_by_status)).toEqual([{ total: 4200 }, { total: 90 }]);
    expect(s.summary.minutes_by_status).toEqual({ total: 72 });
  });
});

describe("ranges", () => {
  it("defaults to the last 30 days and lists every day", () => {
    const now = Date.parse("2026-11-22T12:00:00Z");
    expect(resolveRange({}, now)).toEqual({ from: "2026-10-24", to: "2026-11-22", days: 30 });
    expect(daysBetween("2026-02-27", "2026-03-01")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
    expect(weekdayOf("2026-11-22")).toBe(6);
  });
});
