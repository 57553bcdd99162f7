import { describe, expect, it } from "vitest";
import { countWords, videoDurationLimit, videoDurationLimitForText } from "./video-duration-limit.ts";

describe("videoDurationLimit", () => {
  it.each([
    [0, null],
    [499, null],
    [500, 60],
    [749, 60],
    [750, 90],
    [999, 90],
    [1000, 120],
    [1499, 120],
    [1500, 180],
    [10_000, 180],
  ])("%i words → %s", (words, limit) => {
    expect(videoDurationLimit(words)).toBe(limit);
  });
});

describe("countWords", () => {
  it("counts whitespace-separated words", () => {
    expect(countWords("  one two\nthree\tfour  ")).toBe(4);
  });

  it("is zero for empty input", () => {
    expect(countWords("")).toBe(0);
    expect(countWords("   ")).toBe(0);
    expect(countWords(null)).toBe(0);
  });

  it("ignores HTML tags and lone punctuation", () => {
    expect(countWords("<p>Hello <b>big</b> world</p> - !")).toBe(3);
    expect(countWords("one<br>two&nbsp;three")).toBe(3);
  });

  it("counts non-Latin words", () => {
    expect(countWords("Привет мир ñandú")).toBe(3);
  });

  it("feeds the limit", () => {
    expect(videoDurationLimitForText("word ".repeat(750))).toBe(90);
  });
});
