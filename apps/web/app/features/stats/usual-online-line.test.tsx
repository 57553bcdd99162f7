import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UsualOnlineLine } from "./usual-online-line.tsx";

const hours = (busy: Record<number, number>) => Array.from({ length: 24 }, (_, h) => busy[h] ?? 0);
/** The busy hours on the given UTC weekdays (Monday = 0). */
const week = (days: number[], busy: Record<number, number>) =>
  Array.from({ length: 7 }, (_, d) => hours(days.includes(d) ? busy : {}));

describe("UsualOnlineLine (server markup, before the browser says its time zone)", () => {
  it("names her busiest stretch in UTC, across midnight", () => {
    const html = renderToStaticMarkup(
      <UsualOnlineLine usual={{ hoursUtc: hours({ 22: 3000, 23: 3600, 0: 3600, 1: 2000, 5: 300 }) }} />,
    );
    expect(html).toContain("Usually online");
    expect(html).toContain("22:00–02:00");
    expect(html).toContain("UTC");
  });

  it("names her days too, a stretch past midnight counting for the evening it began", () => {
    // Monday, Wednesday and Friday 22:00–24:00, then 00:00–02:00 of the next day.
    const evenings = week([0, 2, 4], { 22: 3600, 23: 3600 });
    const nights = week([1, 3, 5], { 0: 3600, 1: 3600 });
    const weekUtc = evenings.map((row, d) => row.map((s, h) => s + (nights[d]?.[h] ?? 0)));
    const html = renderToStaticMarkup(
      <UsualOnlineLine usual={{ hoursUtc: hours({ 22: 10800, 23: 10800, 0: 10800, 1: 10800 }), weekUtc }} />,
    );
    expect(html).toMatch(/Usually online <span[^>]*>Mon, Wed, Fri, 22:00–02:00<\/span>/);
  });

  it("says nothing for a nickname never seen online", () => {
    expect(
      renderToStaticMarkup(<UsualOnlineLine usual={{ hoursUtc: hours({}), weekUtc: week([], {}) }} />),
    ).toBe("");
  });
});
