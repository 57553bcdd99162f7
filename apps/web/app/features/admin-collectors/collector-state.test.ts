import { describe, expect, it } from "vitest";
import { formatAge, secondsBetween } from "./collector-state.ts";

describe("collector ages", () => {
  it("reads seconds, minutes, hours and days", () => {
    expect([0, 45, 89, 90, 600, 5339, 5400, 7500, 86_400 * 3].map(formatAge)).toEqual([
      "0 s",
      "45 s",
      "89 s",
      "2 min",
      "10 min",
      "89 min",
      "1 h 30 min",
      "2 h 5 min",
      "3 days",
    ]);
    expect(secondsBetween("2026-11-25T10:00:00Z", "2026-11-25T10:02:30Z")).toBe(150);
  });
});
