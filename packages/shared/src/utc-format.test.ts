import { describe, expect, it } from "vitest";
import {
  formatCount,
  utcDate,
  utcDateOf,
  utcDateShortDay,
  utcDateTime,
  utcMonthDay,
  utcTime,
  utcWeekdayDate,
} from "./utc-format.ts";

const intl = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });

// Every hour of two years (leap day, both halves of the day, midnight and noon), and some far dates.
const HOUR = 3_600_000;
const start = Date.UTC(2027, 11, 30, 0, 7);
const dates = [
  ...Array.from({ length: 2 * 366 * 24 }, (_, i) => new Date(start + i * HOUR)),
  new Date(Date.UTC(2000, 0, 1)),
  new Date(Date.UTC(1999, 11, 31, 23, 59, 59)),
  new Date(Date.UTC(2099, 6, 4, 12, 0)),
];

describe("UTC formats without Intl", () => {
  it("write what Intl en-US writes in UTC", () => {
    const formats: [(date: Date) => string, Intl.DateTimeFormat][] = [
      [utcMonthDay, intl({ month: "short", day: "numeric" })],
      [utcDate, intl({ month: "short", day: "2-digit", year: "numeric" })],
      [utcDateShortDay, intl({ month: "short", day: "numeric", year: "numeric" })],
      [utcWeekdayDate, intl({ weekday: "short", month: "short", day: "2-digit", year: "numeric" })],
      [utcTime, intl({ hour: "2-digit", minute: "2-digit", hour12: true })],
      [
        utcDateTime,
        intl({ month: "short", day: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" }),
      ],
    ];
    for (const [ours, theirs] of formats) {
      for (const date of dates) expect(ours(date)).toBe(theirs.format(date));
    }
  });

  it("show the spec's formats", () => {
    const date = new Date("2026-11-07T21:05:00Z");
    expect(utcDate(date)).toBe("Nov 07, 2026");
    expect(utcTime(date)).toBe("09:05 PM");
    expect(utcTime(new Date("2026-11-07T00:30:00Z"))).toBe("12:30 AM");
  });

  it("read a day as that day in UTC, and refuse what is not a date", () => {
    expect(utcDate(utcDateOf("2026-03-01") as Date)).toBe("Mar 01, 2026");
    expect(utcDateOf("2026-03-01T23:30:00-05:00")?.toISOString()).toBe("2026-03-02T04:30:00.000Z");
    expect(utcDateOf("not a date")).toBeNull();
    expect(utcDateOf(Number.NaN)).toBeNull();
  });
});

describe("formatCount", () => {
  it("writes what Intl en-US writes", () => {
    const numbers = [
      0,
      -0,
      7,
      999,
      1000,
      -1000,
      12_345,
      999_999,
      1_000_000,
      -98_765_432,
      2 ** 53 - 1,
      1.5,
      -0.25,
    ];
    const format = new Intl.NumberFormat("en-US");
    for (let i = 0; i < 2000; i++) numbers.push(Math.floor((Math.random() - 0.5) * 10 ** (i % 14)));
    for (const value of numbers) expect(formatCount(value)).toBe(format.format(value));
  });
});
