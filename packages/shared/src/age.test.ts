import { describe, expect, it } from "vitest";
import { ageFromBirthday, isAdult, parseBirthday } from "./age.ts";

const now = new Date("2025-06-15T12:00:00Z");

describe("ageFromBirthday", () => {
  it("counts whole years", () => {
    expect(ageFromBirthday("2000-06-15", now)).toBe(25);
    expect(ageFromBirthday("2000-06-16", now)).toBe(24);
    expect(ageFromBirthday("2000-05-31", now)).toBe(25);
    expect(ageFromBirthday("2000-07-01", now)).toBe(24);
  });

  it("accepts Date objects and ISO timestamps", () => {
    expect(ageFromBirthday(new Date("1990-01-01T00:00:00Z"), now)).toBe(35);
    expect(ageFromBirthday("1990-12-31T23:00:00Z", now)).toBe(34);
  });

  it("uses UTC at day boundaries", () => {
    expect(ageFromBirthday("2007-06-15", new Date("2025-06-15T00:00:00Z"))).toBe(18);
    expect(ageFromBirthday("2007-06-15", new Date("2025-06-14T23:59:59Z"))).toBe(17);
  });

  it("handles 29 February", () => {
    expect(ageFromBirthday("2004-02-29", new Date("2022-02-28T00:00:00Z"))).toBe(17);
    expect(ageFromBirthday("2004-02-29", new Date("2022-03-01T00:00:00Z"))).toBe(18);
  });

  it("returns null for missing, invalid or future birthdays", () => {
    expect(ageFromBirthday(null, now)).toBeNull();
    expect(ageFromBirthday("", now)).toBeNull();
    expect(ageFromBirthday("not a date", now)).toBeNull();
    expect(ageFromBirthday("2001-02-30", now)).toBeNull();
    expect(ageFromBirthday("2030-01-01", now)).toBeNull();
    expect(parseBirthday(new Date(Number.NaN))).toBeNull();
  });
});

describe("isAdult", () => {
  it("requires at least 18 years", () => {
    expect(isAdult("2007-06-15", now)).toBe(true);
    expect(isAdult("2007-06-16", now)).toBe(false);
    expect(isAdult(undefined, now)).toBe(false);
  });
});
