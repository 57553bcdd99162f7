import { describe, expect, it } from "vitest";
import { pgSimilarity, pgSimilarityMatcher, pgTrigrams } from "./pg-trigrams.ts";

describe("pg_trgm in the process", () => {
  it("lists a word's trigrams as show_trgm does: two spaces before, one after, letters and digits only", () => {
    expect([...pgTrigrams("Cat")].sort()).toEqual(["  c", " ca", "at ", "cat"]);
    expect([...pgTrigrams("a-b")].sort()).toEqual(["  a", "  b", " a ", " b "]);
    expect(pgTrigrams("__").size).toBe(0);
  });

  it("gives the figures PostgreSQL's similarity() gives", () => {
    // Read from PostgreSQL 15 with pg_trgm (real, so 7 digits).
    expect(pgSimilarity("anna_bell", "anna bell")).toBe(1);
    expect(pgSimilarity("ÄNNA", "änna")).toBe(1);
    expect(pgSimilarity("a-b-c", "abc")).toBeCloseTo(0.11111111, 6);
    expect(pgSimilarity("müller_99", "muller99")).toBeCloseTo(0.26666668, 6);
    expect(pgSimilarity("ab12cd", "ab 12 cd")).toBeCloseTo(0.23076923, 6);
    expect(pgSimilarity("__", "__")).toBe(0);
  });

  it("matches many candidates to one query as pgSimilarity does, ASCII or not, and counts shared trigrams", () => {
    const names = ["trixiehayes", "trixie_hayes", "hayes", "trïxie", "mia stone", "x", "", "TRIXIEHAYES"];
    for (const query of ["trixiehayes", "trïxie hayes", "x"]) {
      const matcher = pgSimilarityMatcher(query);
      for (const name of names) {
        expect(matcher(name), `${query} ~ ${name}`).toBeCloseTo(pgSimilarity(query, name), 12);
        const own = pgTrigrams(name);
        expect(matcher.shared).toBe([...pgTrigrams(query)].filter((t) => own.has(t)).length);
      }
      expect(matcher.size).toBe(pgTrigrams(query).size);
    }
  });
});
