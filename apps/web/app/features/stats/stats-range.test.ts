import { describe, expect, it } from "vitest";
import { earliestDay, viewerRange, wantsAll } from "./stats-range.ts";

const now = Date.parse("2026-11-25T20:00:00Z");
const of = (query: string) => new URLSearchParams(query);

describe("viewerRange", () => {
  it("is the last 30 of the viewer's days by default, the API asked for a UTC day more each side", () => {
    expect(viewerRange(of(""), "UTC", now)).toEqual({
      preset: "30",
      from: "2026-10-27",
      to: "2026-11-25",
      api: { from_date: "2026-10-26", to_date: "2026-11-26" },
      query: {},
    });
  });

  it("ends on the viewer's today: already Nov 26 in Tokyo", () => {
    const range = viewerRange(of("range=7"), "Asia/Tokyo", now);
    expect([range.preset, range.from, range.to]).toEqual(["7", "2026-11-20", "2026-11-26"]);
    expect(range.query).toEqual({ range: "7" });
  });

  it("starts All at her first day, cut at what one request covers", () => {
    expect(viewerRange(of("range=all"), "UTC", now, "2026-06-01").from).toBe("2026-06-01");
    expect(viewerRange(of("range=all"), "UTC", now, "2020-01-01").from).toBe("2024-11-27");
    expect(wantsAll(of("range=all"))).toBe(true);
    expect(wantsAll(of("range=all&from_date=2026-01-01"))).toBe(false);
  });

  it("takes a custom pair over a preset, swapped when reversed, and keeps it in the address", () => {
    const range = viewerRange(of("range=7&from_date=2026-02-10&to_date=2026-02-01"), "UTC", now);
    expect([range.preset, range.from, range.to]).toEqual(["custom", "2026-02-01", "2026-02-10"]);
    expect(range.query).toEqual({ from_date: "2026-02-01", to_date: "2026-02-10" });
  });

  it("ignores an unknown preset and malformed days", () => {
    expect(viewerRange(of("range=12&from_date=yesterday"), "UTC", now).preset).toBe("30");
    expect(viewerRange(of("from_date=2026-13-45&to_date=2026-02-30"), "UTC", now).preset).toBe("30");
  });

  it("reaches back 731 UTC days at most", () => {
    expect(earliestDay("2026-11-25")).toBe("2024-11-25");
  });
});
