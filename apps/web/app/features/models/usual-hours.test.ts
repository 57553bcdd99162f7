import { describe, expect, it } from "vitest";
import {
  formatUsualDays,
  formatUsualHours,
  shiftHours,
  shiftWeek,
  sumHours,
  sumWeeks,
  usualDays,
  usualHours,
  usualOnlineText,
} from "./usual-hours.ts";

const day = (busy: Record<number, number>) => Array.from({ length: 24 }, (_, h) => busy[h] ?? 0);

describe("usual streaming hours", () => {
  it("is the busiest stretch around the peak hour, keeping hours at least half as busy", () => {
    const hours = day({ 19: 3000, 20: 3600, 21: 3400, 22: 1900, 23: 600, 3: 300 });
    expect(usualHours(hours)).toEqual({ start: 19, end: 23 });
    expect(formatUsualHours({ start: 19, end: 23 })).toBe("19:00–23:00");
  });

  it("runs across midnight", () => {
    expect(usualHours(day({ 22: 2000, 23: 3600, 0: 3600, 1: 2500, 2: 100 }))).toEqual({ start: 22, end: 2 });
  });

  it("stops at 8 hours and says nothing without any online time", () => {
    const flat = usualHours(day(Object.fromEntries(Array.from({ length: 24 }, (_, h) => [h, 100]))));
    expect(flat && (flat.end - flat.start + 24) % 24).toBe(8);
    expect(usualHours(day({}))).toBeNull();
    expect(usualHours([1, 2, 3])).toBeNull();
  });

  it("adds nicknames' hours and moves a stretch into the visitor's time zone", () => {
    expect(sumHours([day({ 1: 10 }), day({ 1: 5, 2: 7 })]).slice(0, 3)).toEqual([0, 15, 7]);
    expect(shiftHours({ start: 22, end: 2 }, 3)).toEqual({ start: 1, end: 5 });
    expect(shiftHours({ start: 1, end: 5 }, -2)).toEqual({ start: 23, end: 3 });
  });
});

/** A UTC week (Monday first) with the same busy hours on the given days. */
const week = (days: readonly number[], busy: Record<number, number>) =>
  Array.from({ length: 7 }, (_, d) => (days.includes(d) ? day(busy) : day({})));
const hoursOf = (w: number[][]) =>
  Array.from({ length: 24 }, (_, h) => w.reduce((s, row) => s + (row[h] ?? 0), 0));
const MON = 0;
const TUE = 1;
const WED = 2;
const THU = 3;
const FRI = 4;
const SAT = 5;
const SUN = 6;

describe("usual streaming days", () => {
  it("names a run of days as a span, round the end of the week too", () => {
    expect(formatUsualDays([TUE, WED, THU, FRI, SAT])).toBe("Tue–Sat");
    expect(formatUsualDays([MON, FRI, SAT, SUN])).toBe("Fri–Mon");
    expect(formatUsualDays([SAT, SUN, MON])).toBe("Sat–Mon");
  });

  it("lists scattered days and short runs one by one, Monday first", () => {
    expect(formatUsualDays([FRI, MON, WED])).toBe("Mon, Wed, Fri");
    expect(formatUsualDays([SAT, SUN])).toBe("Sat, Sun");
    expect(formatUsualDays([MON, TUE, WED, SAT])).toBe("Mon–Wed, Sat");
    expect(formatUsualDays([THU])).toBe("Thu");
  });

  it("says every day for all seven, and nothing for none", () => {
    expect(formatUsualDays([0, 1, 2, 3, 4, 5, 6])).toBe("Every day");
    expect(formatUsualDays([])).toBeNull();
  });

  it("moves the 168-hour week by whole hours, across midnight and the end of the week", () => {
    const utc = week([SUN], { 23: 3600 });
    // Sunday 23:00 UTC is Monday 08:00 in Tokyo (UTC+9), Sunday 18:00 in New York (UTC−5).
    expect(shiftWeek(utc, 9)[MON]?.[8]).toBe(3600);
    expect(shiftWeek(utc, -5)[SUN]?.[18]).toBe(3600);
    // Monday 01:00 UTC is Sunday 20:00 at UTC−5: back round the start of the week.
    expect(shiftWeek(week([MON], { 1: 60 }), -5)[SUN]?.[20]).toBe(60);
    expect(shiftWeek(utc, 0)).toEqual(utc);
    expect(
      shiftWeek([[1, 2]], 3)
        .flat()
        .every((s) => s === 0),
    ).toBe(true);
  });

  it("counts a day when her usual hours that day hold at least half the busiest day's time", () => {
    const w = week([TUE, WED, THU, FRI, SAT], { 20: 3600, 21: 3600, 22: 3600 });
    (w[MON] as number[])[21] = 1700; // under half of a 3-hour evening
    (w[SUN] as number[])[20] = 5400; // half of it
    expect(usualDays(w, { start: 20, end: 23 })).toEqual([TUE, WED, THU, FRI, SAT, SUN]);
    expect(usualDays(week([], {}), { start: 20, end: 23 })).toEqual([]);
  });

  it("gives a stretch past midnight to the evening it began", () => {
    // Tuesday to Saturday 22:00–04:00: most of the time falls on the next days' early hours.
    const w = week([], {});
    for (const d of [TUE, WED, THU, FRI, SAT])
      for (const h of [22, 23, 0, 1, 2, 3]) (w[(d + (h < 12 ? 1 : 0)) % 7] as number[])[h] = 3600;
    const hours = usualHours(hoursOf(w));
    expect(hours).toEqual({ start: 22, end: 4 });
    expect(usualOnlineText({ hoursUtc: hoursOf(w), weekUtc: w }, 0)).toBe("Tue–Sat, 22:00–04:00");
  });

  it("puts a Friday 23:00 UTC stream on Saturday in Tokyo, and on Friday in New York", () => {
    const w = week([MON, WED, FRI], { 23: 3600 });
    const series = { hoursUtc: hoursOf(w), weekUtc: w };
    expect(usualOnlineText(series, 0)).toBe("Mon, Wed, Fri, 23:00–00:00");
    expect(usualOnlineText(series, 9)).toBe("Tue, Thu, Sat, 08:00–09:00");
    expect(usualOnlineText(series, -5)).toBe("Mon, Wed, Fri, 18:00–19:00");
  });

  it("wraps the week in the viewer's zone: Friday to Sunday UTC evenings are Saturday to Monday mornings in Tokyo", () => {
    const w = week([FRI, SAT, SUN], { 20: 3600, 21: 3600 });
    expect(usualOnlineText({ hoursUtc: hoursOf(w), weekUtc: w }, 9)).toBe("Sat–Mon, 05:00–07:00");
  });

  it("says every day, or the hours alone when her week is unknown", () => {
    const w = week([0, 1, 2, 3, 4, 5, 6], { 19: 3600, 20: 3600 });
    expect(usualOnlineText({ hoursUtc: hoursOf(w), weekUtc: w }, 2)).toBe("Every day, 21:00–23:00");
    expect(usualOnlineText({ hoursUtc: hoursOf(w), weekUtc: null }, 0)).toBe("19:00–21:00");
    expect(usualOnlineText({ hoursUtc: hoursOf(w), weekUtc: [] }, 0)).toBe("19:00–21:00");
    expect(usualOnlineText({ hoursUtc: day({}), weekUtc: w }, 0)).toBeNull();
  });

  it("adds nicknames' weeks, skipping a hidden (empty) one", () => {
    const total = sumWeeks([week([MON], { 1: 10 }), [], null, week([MON, SUN], { 1: 5 })]);
    expect(total[MON]?.[1]).toBe(15);
    expect(total[SUN]?.[1]).toBe(5);
  });
});
