import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UsualOnlineLine } from "./usual-online-line.tsx";

const hours = (busy: Record<number, number>) => Array.from({ length: 24 }, (_, h) => busy[h] ?? 0);

describe("UsualOnlineLine (server markup, before the browser says its time zone)", () => {
  it("names her busiest stretch in UTC, across midnight", () => {
    const html = renderToStaticMarkup(
      <UsualOnlineLine hoursUtc={hours({ 22: 3000, 23: 3600, 0: 3600, 1: 2000, 5: 300 })} />,
    );
    expect(html).toContain("Usually online");
    expect(html).toContain("22:00–02:00");
    expect(html).toContain("UTC");
  });

  it("says nothing for a nickname never seen online", () => {
    expect(renderToStaticMarkup(<UsualOnlineLine hoursUtc={hours({})} />)).toBe("");
  });
});
