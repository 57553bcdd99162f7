import { describe, expect, it } from "vitest";
import { axisOf } from "./timeline-axis.ts";

describe("the merged timeline's axis", () => {
  it("has a tick at each of the viewer's midnights, a week fitting any width", () => {
    const axis = axisOf({ from: "2026-11-18T05:00:00.000Z", days: 7, time_zone: "America/New_York" });
    expect(axis.ticks.map((t) => t.label)).toEqual([
      "Wed 18",
      "Thu 19",
      "Fri 20",
      "Sat 21",
      "Sun 22",
      "Mon 23",
      "Tue 24",
    ]);
    expect(new Date(axis.end).toISOString()).toBe("2026-11-25T05:00:00.000Z");
    expect(axis.minWidthPx).toBe(0);
    expect(axis.share(Date.parse("2026-11-21T17:00:00Z"))).toBeCloseTo(0.5);
  });

  it("keeps midnights across a DST change (a 23-hour day)", () => {
    const axis = axisOf({ from: "2026-03-05T05:00:00.000Z", days: 7, time_zone: "America/New_York" });
    expect(new Date(axis.ticks[4]!.at).toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(new Date(axis.end).toISOString()).toBe("2026-03-12T04:00:00.000Z");
  });

  it("labels a month by day number with the month at its start, and scrolls on a phone", () => {
    const axis = axisOf({ from: "2026-10-27T00:00:00.000Z", days: 30, time_zone: "UTC" });
    expect(axis.ticks[0]!.label).toBe("Oct 27");
    expect(axis.ticks[1]!.label).toBe("28");
    expect(axis.ticks[5]!.label).toBe("Nov 1");
    expect(axis.minWidthPx).toBeGreaterThan(390);
  });

  it("shows one day in 3-hour steps", () => {
    const axis = axisOf({ from: "2026-11-24T15:00:00.000Z", days: 1, time_zone: "Asia/Tokyo" });
    expect(axis.ticks.map((t) => t.label)).toEqual([
      "00:00",
      "03:00",
      "06:00",
      "09:00",
      "12:00",
      "15:00",
      "18:00",
      "21:00",
    ]);
  });
});
