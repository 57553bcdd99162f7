import { describe, expect, it } from "vitest";
import { formatDuration } from "./duration-format.ts";

describe("formatDuration", () => {
  it.each([
    [0, "0m"],
    [59, "0m"],
    [60, "1m"],
    [45 * 60 + 30, "45m"],
    [3599, "59m"],
    [3600, "1h"],
    [3 * 3600 + 20 * 60, "3h 20m"],
    [86_399, "23h 59m"],
    [86_400, "1d"],
    [2 * 86_400 + 4 * 3600 + 59 * 60, "2d 4h"],
    [40 * 86_400, "40d"],
  ])("%i s → %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it("treats missing, negative and non-finite input as zero", () => {
    expect(formatDuration(null)).toBe("0m");
    expect(formatDuration(-5)).toBe("0m");
    expect(formatDuration(Number.NaN)).toBe("0m");
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe("0m");
  });
});
