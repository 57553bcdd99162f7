import { describe, expect, it } from "vitest";
import { COUNTRIES, findCountry, isCountryCode } from "./countries.ts";
import { findRegion, REGION_COUNTRY_CODES, REGIONS, regionsOf } from "./regions.ts";

describe("countries", () => {
  it("lists all 249 ISO 3166-1 alpha-2 codes once", () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRIES.map((country) => country.code)).size).toBe(249);
    for (const country of COUNTRIES) expect(country.code).toMatch(/^[A-Z]{2}$/);
  });

  it("finds by code, case-insensitively", () => {
    expect(findCountry("us")?.name).toBe("United States");
    expect(findCountry("RO")?.name).toBe("Romania");
    expect(findCountry("XX")).toBeUndefined();
    expect(findCountry(null)).toBeUndefined();
    expect(isCountryCode("DE")).toBe(true);
  });
});

describe("regions", () => {
  it("have unique ISO 3166-2 codes of listed countries", () => {
    expect(new Set(REGIONS.map((region) => region.code)).size).toBe(REGIONS.length);
    for (const region of REGIONS) {
      expect(region.code.startsWith(`${region.countryCode}-`)).toBe(true);
      expect(findCountry(region.countryCode)).toBeDefined();
      expect((REGION_COUNTRY_CODES as readonly string[]).includes(region.countryCode)).toBe(true);
    }
  });

  it("cover the expected subdivisions", () => {
    expect(regionsOf("US")).toHaveLength(51);
    expect(regionsOf("ca")).toHaveLength(13);
    expect(regionsOf("GB")).toHaveLength(4);
    expect(regionsOf("DE")).toHaveLength(16);
    expect(regionsOf("AU")).toHaveLength(8);
    expect(regionsOf("CO")).toHaveLength(33);
    expect(regionsOf("RO")).toHaveLength(42);
    expect(regionsOf("FR")).toEqual([]);
    expect(findRegion("us-ca")?.name).toBe("California");
  });
});
