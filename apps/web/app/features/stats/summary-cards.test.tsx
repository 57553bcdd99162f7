import type { StatsNickname } from "@camatlas/shared/schemas/stats";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SummaryCards } from "./stats-sections.tsx";

const nickname = {
  time_summary: {
    seconds_online: 5400,
    sessions: 2,
    days_online: 1,
    longest_session_seconds: 3600,
    time_zone: "Asia/Kolkata",
  },
  viewer_summary: { average: 12.5, max: 40, days: 2 },
  camscore_summary: null,
  coverage: {
    tracked_since: "2026-11-01T00:00:00Z",
    first_seen_at: null,
    last_poll_at: "2026-11-22T11:59:00Z",
    poll_interval_seconds: 60,
    max_gap_seconds: 300,
    history: null,
    from_date: "2026-11-16",
    to_date: "2026-11-22",
    gaps: [],
    gaps_recorded_since: "2026-11-01T00:00:00Z",
  },
} as unknown as StatsNickname;

describe("SummaryCards", () => {
  it("counts the viewer's days and says so; viewers stay by UTC day", () => {
    const html = renderToStaticMarkup(<SummaryCards nickname={nickname} />);
    expect(html).toContain("Nov 16, 2026 – Nov 22, 2026 (your days, Asia/Kolkata)");
    expect(html).toContain("Viewers are kept per UTC day, so they count the same dates in UTC.");
    expect(html).toContain("1h 30m");
  });

  it("says UTC days for a viewer in UTC, with no second note", () => {
    const html = renderToStaticMarkup(
      <SummaryCards
        nickname={{ ...nickname, time_summary: { ...nickname.time_summary, time_zone: "UTC" } }}
      />,
    );
    expect(html).toContain("(UTC days)");
    expect(html).not.toContain("kept per UTC day");
  });
});
