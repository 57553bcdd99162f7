import { describe, expect, it } from "vitest";
import { BLOCK_PLACES, findPlace, placeLabel, searchPlaces } from "./block-places.ts";

describe("block places", () => {
  it("lists every country and region once, regions with their country's name", () => {
    const codes = BLOCK_PLACES.map((p) => p.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(placeLabel(findPlace("US-CA")!)).toBe("California, United States");
    expect(placeLabel(findPlace("de")!)).toBe("Germany");
  });

  it("finds places by the start of their name first, accents and case aside", () => {
    const names = searchPlaces("germ").map((p) => p.code);
    expect(names[0]).toBe("DE");
    expect(searchPlaces("bogota").map((p) => p.code)).toContain("CO-DC");
    expect(searchPlaces("CALIF").map(placeLabel)).toEqual(["California, United States"]);
    expect(searchPlaces("zzzz")).toEqual([]);
  });

  it("finds regions by their country's name too, and a code typed as such", () => {
    expect(searchPlaces("united states", 100).filter((p) => p.type === "state").length).toBeGreaterThan(40);
    expect(searchPlaces("US-WA")[0]?.name).toBe("Washington");
  });

  it("reads an exact name or code back to its place, a country before a same-named region", () => {
    expect(findPlace("Germany")?.code).toBe("DE");
    expect(findPlace("washington, united states")?.code).toBe("US-WA");
    expect(findPlace("Georgia")?.code).toBe("GE");
    expect(findPlace("Georgia, United States")?.code).toBe("US-GA");
    expect(findPlace("Atlantis")).toBeUndefined();
    expect(findPlace("")).toBeUndefined();
  });
});
