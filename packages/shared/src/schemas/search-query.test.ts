import { describe, expect, it } from "vitest";
import { TEXT_LIMITS } from "../limits.ts";
import { normalizeSearchText, SEARCH_TEXT_MAX, searchQuery, searchQuerySchema } from "./search-query.ts";

describe("normalizeSearchText", () => {
  it("trims and lowercases, keeping blanks and punctuation inside", () => {
    expect(normalizeSearchText("  Mia StonE \t")).toBe("mia stone");
    expect(normalizeSearchText("Cleo100%")).toBe("cleo100%");
    expect(normalizeSearchText("sweet_l")).toBe("sweet_l");
    expect(normalizeSearchText("   ")).toBe("");
  });

  it("keeps the first SEARCH_TEXT_MAX characters, counted after trimming", () => {
    const long = `  ${"A".repeat(SEARCH_TEXT_MAX + 20)}`;
    expect(normalizeSearchText(long)).toBe("a".repeat(SEARCH_TEXT_MAX));
  });

  it("leaves normalised text as it is", () => {
    for (const text of ["trixiehayes", "mia stone", "a".repeat(SEARCH_TEXT_MAX), ""])
      expect(normalizeSearchText(normalizeSearchText(text))).toBe(normalizeSearchText(text));
  });
});

describe("searchQuerySchema", () => {
  it("normalises the model list's query", () => {
    expect(searchQuerySchema.parse(" Anna ")).toBe("anna");
    expect(searchQuerySchema.parse("   ")).toBe("");
    expect(searchQuerySchema.parse("b".repeat(150))).toBe("b".repeat(SEARCH_TEXT_MAX));
  });

  it("refuses a query longer than the limit once trimmed", () => {
    expect(searchQuerySchema.safeParse("x".repeat(TEXT_LIMITS.query + 1)).success).toBe(false);
    expect(searchQuerySchema.safeParse(` ${"x".repeat(TEXT_LIMITS.query)} `).success).toBe(true);
    expect(searchQuery(SEARCH_TEXT_MAX).safeParse("x".repeat(SEARCH_TEXT_MAX + 1)).success).toBe(false);
    expect(searchQuerySchema.safeParse(3).success).toBe(false);
  });
});
