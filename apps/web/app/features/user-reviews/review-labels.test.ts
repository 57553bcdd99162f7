import { describe, expect, it } from "vitest";
import { nextVideoStep, wordCountText } from "./review-labels.ts";

describe("wordCountText", () => {
  it("counts down to 500 words, then names the video length they unlock", () => {
    expect(wordCountText(0)).toBe("0 words · 500 more to publish");
    expect(wordCountText(499)).toBe("499 words · 1 more to publish");
    expect(wordCountText(500)).toBe("500 words · a video of up to 60 seconds");
    expect(wordCountText(1000)).toBe("1000 words · a video of up to 120 seconds");
    expect(wordCountText(2000)).toBe("2000 words · a video of up to 180 seconds");
  });
});

describe("nextVideoStep", () => {
  it("names the next length step, none past 1,500 words", () => {
    expect(nextVideoStep(600)).toEqual({ words: 750, seconds: 90 });
    expect(nextVideoStep(1499)).toEqual({ words: 1500, seconds: 180 });
    expect(nextVideoStep(1500)).toBeNull();
  });
});
