import { describe, expect, it } from "vitest";
import { coveredSpans } from "./coverage.ts";

describe("coveredSpans", () => {
  it("keeps polls no further apart than the gap in one span, and opens a span after a longer silence", () => {
    expect(coveredSpans([0, 60, 120, 420, 721, 780], 300)).toEqual([
      { start: 0, end: 420 },
      { start: 721, end: 780 },
    ]);
  });

  it("takes the polls in any order, a lone poll being a span of no length", () => {
    expect(coveredSpans([5000, 60, 0], 300)).toEqual([
      { start: 0, end: 60 },
      { start: 5000, end: 5000 },
    ]);
    expect(coveredSpans([], 300)).toEqual([]);
  });
});
