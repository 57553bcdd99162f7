import { describe, expect, it } from "vitest";
import { postNameFromTitle, postPath, postState } from "./post-state.ts";

describe("postState", () => {
  const now = new Date("2026-05-01T12:00:00Z");
  it("is a draft while not published, whatever its time", () => {
    expect(postState({ status: "draft", publishedAt: "2026-04-01T00:00:00Z" }, now)).toBe("draft");
    expect(postState({ status: "published", publishedAt: null }, now)).toBe("draft");
  });
  it("is scheduled until its time, published from then on", () => {
    expect(postState({ status: "published", publishedAt: "2026-05-01T12:00:01Z" }, now)).toBe("scheduled");
    expect(postState({ status: "published", publishedAt: new Date(now) }, now)).toBe("published");
    expect(postState({ status: "published", publishedAt: "2026-04-30T00:00:00Z" }, now)).toBe("published");
  });
});

describe("post addresses", () => {
  it("live under their kind's list", () => {
    expect(postPath("review", "jasmin-review")).toBe("/reviews/jasmin-review");
    expect(postPath("blog", "a")).toBe("/blog/a");
    expect(postPath("news", "b")).toBe("/news/b");
  });
  it("are made from titles: lowercase words joined by single dashes", () => {
    expect(postNameFromTitle("Jasmin's 5 best shows!")).toBe("jasmins-5-best-shows");
    expect(postNameFromTitle("  Crème brûlée -- night  ")).toBe("creme-brulee-night");
    expect(postNameFromTitle("!!!")).toBe("");
  });
});
