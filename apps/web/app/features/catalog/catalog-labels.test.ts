import { describe, expect, it } from "vitest";
import { formatDate, groupLinks, liveStatusOf, ratingText } from "./catalog-labels.ts";

describe("liveStatusOf", () => {
  it("is offline when nothing is known", () => {
    expect(liveStatusOf(null)).toEqual({ streaming: false, label: "Offline" });
  });
  it("counts every status but on break, away and offline as streaming", () => {
    expect(liveStatusOf(1).streaming).toBe(true);
    expect(liveStatusOf(2).streaming).toBe(true);
    expect(liveStatusOf(5).streaming).toBe(false);
    expect(liveStatusOf(6).streaming).toBe(false);
    expect(liveStatusOf(100).streaming).toBe(false);
  });
  it("uses the camsite's own wording", () => {
    expect(liveStatusOf(4, 12).label).toBe("Club Show");
  });
});

describe("groupLinks", () => {
  it("groups by category in the spec's order and drops empty groups", () => {
    const groups = groupLinks([
      { id: 1, category: "other" as const },
      { id: 2, category: "official_site" as const },
      { id: 3, category: "other" as const },
    ]);
    expect(groups.map((g) => [g.category, g.links.map((l) => l.id)])).toEqual([
      ["official_site", [2]],
      ["other", [1, 3]],
    ]);
  });
});

describe("formatting", () => {
  it("shows ratings with one decimal, a dash before any vote", () => {
    expect(ratingText(4.456, 3)).toBe("4.5");
    expect(ratingText(0, 0)).toBe("–");
  });
  it("formats dates as MMM dd, yyyy in UTC", () => {
    expect(formatDate("2024-03-05")).toBe("Mar 05, 2024");
    expect(formatDate(null)).toBe("");
  });
});
