import { describe, expect, it } from "vitest";
import { VALIDATION_MESSAGES } from "../messages.ts";
import { isoDate, isoDateTime } from "./dates.ts";

describe("request dates", () => {
  it("take what a date or timestamptz column holds", () => {
    expect(isoDate().parse("2024-02-29")).toBe("2024-02-29");
    expect(isoDate().parse("0001-01-01")).toBe("0001-01-01");
    expect(isoDateTime().parse("2024-01-01T10:00:00+02:00")).toBe("2024-01-01T10:00:00+02:00");
  });

  it("refuse year 0, which PostgreSQL has not, and impossible days, with the date text", () => {
    for (const value of ["0000-01-01", "2023-02-29", "2024-13-01", "2024-02-30"]) {
      expect(isoDate().safeParse(value).error?.issues[0]?.message, value).toBe(
        VALIDATION_MESSAGES.invalidDate,
      );
    }
    for (const value of ["0000-01-01T00:00:00Z", "2024-01-01T25:00:00Z", "yesterday"]) {
      expect(isoDateTime().safeParse(value).success, value).toBe(false);
    }
  });
});
