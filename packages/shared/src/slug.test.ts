import { describe, expect, it } from "vitest";
import { forumSlugOf } from "./forum/paths.ts";
import { slugOf } from "./slug.ts";

describe("slugOf", () => {
  it("keeps lowercase ASCII words joined by single dashes", () => {
    expect(slugOf("  Crème Brûlée & Co!! ", 50)).toBe("creme-brulee-co");
  });

  it("cuts at the length without leaving a dash at the end", () => {
    expect(slugOf("abc def", 4)).toBe("abc");
  });

  it("gives the forum a fallback when nothing is left", () => {
    expect(forumSlugOf("!!!")).toBe("topic");
  });
});
