import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { RangePicker } from "./range-picker.tsx";
import { statsPath } from "./stats-paths.ts";
import { TimeZoneSync } from "./viewer-time-zone.tsx";

function render(range: Record<string, string>, preset: "7" | "30" | "custom") {
  const Stub = createRoutesStub([
    {
      id: "stats",
      path: "/stats/:camsite/:nickname",
      Component: () => (
        <>
          <TimeZoneSync rendered="America/Los_Angeles" fromAddress={false} />
          <RangePicker
            tab="stats"
            viewer={{ preset, from: "2026-11-19", to: "2026-11-25" }}
            timeZone="America/Los_Angeles"
            range={range}
            hrefOf={(next) => statsPath("myfreecams", "mia", { ...range, tab: "stats", ...next })}
          />
        </>
      ),
    },
  ]);
  return renderToStaticMarkup(
    <Stub initialEntries={["/stats/myfreecams/mia"]} hydrationData={{ loaderData: { stats: null } }} />,
  );
}

describe("RangePicker (server markup)", () => {
  it("links every preset, marks the current one, and says the days are the viewer's", () => {
    const html = render({ range: "7" }, "7");
    expect(html).toContain('href="/stats/myfreecams/mia?tab=stats"');
    expect(html).toContain('href="/stats/myfreecams/mia?range=90&amp;tab=stats"');
    expect(html).toContain('href="/stats/myfreecams/mia?range=all&amp;tab=stats"');
    expect(html).toMatch(/aria-current="page"[^>]*>7 days</);
    expect(html).toContain("Nov 19, 2026 – Nov 25, 2026, days in your time zone (America/Los Angeles).");
  });

  it("keeps a time zone fixed in the address, and a custom range drops back to a preset by its link", () => {
    const html = render({ from_date: "2026-01-01", to_date: "2026-01-10", tz: "Asia/Tokyo" }, "custom");
    expect(html).toContain('<input type="hidden" name="tz" value="Asia/Tokyo"/>');
    expect(html).toContain('href="/stats/myfreecams/mia?tz=Asia%2FTokyo&amp;tab=stats&amp;range=7"');
    expect(html).not.toContain('aria-current="page"');
    expect(html).toContain('name="from_date"');
    expect(html).toContain('value="2026-11-19"');
  });
});
