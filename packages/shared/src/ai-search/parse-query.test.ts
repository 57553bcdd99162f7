import { describe, expect, it } from "vitest";
import { canonicalFilters, emptyFilters } from "./ai-filters.ts";
import { queryOfChips } from "./chip-query.ts";
import { EVALUATION_NOW, EVALUATION_SET, EVALUATION_TAGS } from "./evaluation-set.ts";
import { filterChips } from "./filter-chips.ts";
import { parseAiQuery } from "./parse-query.ts";
import { buildVocabulary } from "./vocabulary.ts";

const vocabulary = buildVocabulary(EVALUATION_TAGS);
const context = { now: EVALUATION_NOW, timeZone: "UTC" };

describe("the AI search's evaluation set", () => {
  it("holds at least 100 queries", () => {
    expect(EVALUATION_SET.length).toBeGreaterThanOrEqual(100);
  });

  it.each(EVALUATION_SET.map((c) => [c.query, c] as const))("%s", (_query, entry) => {
    expect(parseAiQuery(entry.query, vocabulary, context)).toEqual(
      canonicalFilters({ ...emptyFilters(), ...entry.expect }),
    );
  });
});

describe("parseAiQuery", () => {
  it("reads hours and days in the visitor's time zone", () => {
    // 23:30 UTC on 30 November is already 1 December in Bucharest.
    const late = { now: new Date("2026-11-30T23:30:00Z"), timeZone: "Europe/Bucharest" };
    expect(parseAiQuery("new this month", vocabulary, late).new_since).toBe("2026-12-01");
    expect(parseAiQuery("new this month", vocabulary, { ...late, timeZone: "UTC" }).new_since).toBe(
      "2026-11-01",
    );
  });

  it("understands nothing in an empty or punctuation-only query", () => {
    expect(parseAiQuery("  ?! ", vocabulary, context)).toEqual(emptyFilters());
  });
});

describe("filter chips", () => {
  it.each(EVALUATION_SET.map((c) => [c.query] as const))(
    "%s: the chips' phrases parse back to the same filters",
    (query) => {
      const filters = parseAiQuery(query, vocabulary, context);
      const chips = filterChips(filters, EVALUATION_TAGS, vocabulary);
      const again = parseAiQuery(queryOfChips(chips.map((c) => c.phrase)), vocabulary, context);
      expect(again).toEqual(filters);
    },
  );

  it("drops a removed chip's filter and keeps the others", () => {
    const filters = parseAiQuery("blonde couple from Romania on Chaturbate", vocabulary, context);
    const chips = filterChips(filters, EVALUATION_TAGS, vocabulary).filter((c) => c.key !== "country:RO");
    const again = parseAiQuery(queryOfChips(chips.map((c) => c.phrase)), vocabulary, context);
    expect(again).toEqual({ ...filters, countries: [] });
  });
});

describe("usual hours in UTC", () => {
  it("turns the visitor's evening into UTC hours, past midnight too", async () => {
    const { utcOffsetHours, windowHoursUtc } = await import("./hour-window.ts");
    const now = new Date("2026-11-25T12:00:00Z");
    expect(utcOffsetHours("Europe/Bucharest", now)).toBe(2);
    expect(utcOffsetHours("America/New_York", now)).toBe(-5);
    expect(utcOffsetHours("Not/AZone", now)).toBe(0);
    expect(windowHoursUtc({ from: 18, to: 23 }, 2)).toEqual([16, 17, 18, 19, 20]);
    expect(windowHoursUtc({ from: 22, to: 3 }, -5)).toEqual([3, 4, 5, 6, 7]);
  });
});
