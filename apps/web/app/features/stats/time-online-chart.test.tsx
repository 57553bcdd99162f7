import type { ChatStats } from "@camatlas/shared/schemas/stats";
import { calendarSeries } from "@camatlas/shared/stats";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TimeOnlineChart } from "./stats-sections.tsx";
import TimeOnlineCalendar from "./time-online-calendar.tsx";

const hours = (busy: Record<number, number>) => Array.from({ length: 24 }, (_, h) => busy[h] ?? 0);

const chat: ChatStats = {
  graph: "show_all_data",
  days: [
    {
      date: "2026-11-20",
      seconds_online: 5400,
      seconds_by_status: { "1": 3600, "2": 1800 },
      minutes_by_status: { "1": 60, "2": 30 },
      sessions: 1,
      hours_utc: hours({ 22: 1800, 23: 3600 }),
    },
  ],
  statuses: [
    { id: 1, name: "Free chat" },
    { id: 2, name: "Private" },
  ],
  summary: { seconds_online: 5400, minutes_by_status: { "1": 60, "2": 30 }, sessions: 1, days_online: 1 },
  longest_sessions: [],
  longest_sessions_hidden: false,
  hours_utc: hours({ 22: 1800, 23: 3600 }),
  weekdays_utc: [0, 0, 0, 0, 5400, 0, 0],
  weekday_hours_utc: [],
  viewers: { days: [], average: null },
  coverage: {
    tracked_since: "2026-11-19T12:00:00Z",
    first_seen_at: null,
    last_poll_at: "2026-11-22T11:59:00Z",
    poll_interval_seconds: 60,
    max_gap_seconds: 300,
    history: null,
    from_date: null,
    to_date: null,
    gaps: [],
    gaps_recorded_since: null,
  },
};
const now = Date.parse("2026-11-22T12:00:00Z");

describe("TimeOnlineChart (server markup)", () => {
  it("lists every day of the range in its table, in hours, with the days not observed", () => {
    const html = renderToStaticMarkup(
      <TimeOnlineChart chat={chat} from="2026-11-18" to="2026-11-22" timeZone="UTC" now={now} />,
    );
    expect(html).toContain("1h 30m online on 1 of 5 days (UTC): Free chat 1h, Private 30m.");
    expect(html.match(/<tr class="odd:bg-surface-muted">/g)).toHaveLength(5);
    expect(html).toContain("<td>Not tracked yet</td>");
    expect(html).toContain("Not tracked yet (12h)");
    expect(html).toContain("Not yet (12h)");
    expect(html).toContain("Free chat (h)");
  });

  it("moves her evening to the next morning for a viewer in Tokyo", () => {
    const html = renderToStaticMarkup(
      <TimeOnlineChart chat={chat} from="2026-11-20" to="2026-11-21" timeZone="Asia/Tokyo" now={now} />,
    );
    expect(html).toContain("1h 30m online on 1 of 2 days (Asia/Tokyo)");
    expect(html).toMatch(/Sat, Nov 21, 2026<\/td><td>1\.0<\/td><td>0\.5<\/td><td>1\.5<\/td>/);
  });

  it("labels a silence of the camsite inside the tracked period as 'No polls', in the table too", () => {
    const html = renderToStaticMarkup(
      <TimeOnlineChart
        chat={{
          ...chat,
          coverage: {
            ...chat.coverage,
            gaps: [{ start: "2026-11-20T23:30:00Z", end: "2026-11-21T06:00:00Z" }],
          },
        }}
        from="2026-11-20"
        to="2026-11-21"
        timeZone="UTC"
        now={now}
      />,
    );
    expect(html).toMatch(/Fri, Nov 20, 2026<\/td>(<td>[\d.]+<\/td>){3}<td>No polls \(30m\)<\/td>/);
    expect(html).toMatch(/Sat, Nov 21, 2026<\/td>(<td>[\d.]+<\/td>){3}<td>No polls \(6h\)<\/td>/);
    expect(html).toContain("2 of the days were not fully observed (hatched).");
  });

  it("says when the model hides her graph", () => {
    const html = renderToStaticMarkup(
      <TimeOnlineChart
        chat={{ ...chat, graph: "hide_graph" }}
        from="2026-11-20"
        to="2026-11-21"
        timeZone="UTC"
        now={now}
      />,
    );
    expect(html).toContain("The model has hidden her activity graph.");
  });
});

describe("TimeOnlineCalendar", () => {
  it("draws a bar slot per day at its natural size with 11 px text, and hatches the runs not observed", () => {
    const days = calendarSeries({
      from: "2026-11-18",
      to: "2026-11-22",
      timeZone: "UTC",
      keys: ["1"],
      intervals: [{ start: now - 7_200_000, end: now - 3_600_000, key: "1" }],
      gaps: [{ start: -Infinity, end: Date.parse("2026-11-19T00:00:00Z"), label: "Not tracked yet" }],
    });
    const html = renderToStaticMarkup(
      <TimeOnlineCalendar days={days} keys={[{ key: "1", label: "Free chat" }]} />,
    );
    expect(html.match(/data-bar="/g)).toHaveLength(5);
    expect(html).toContain('data-gap="Not tracked yet"');
    expect(html).toContain('font-size="11"');
    expect(html).toMatch(/<svg width="\d+" height="240"/);
    expect(html).toContain("Nov 22: Free chat 1h");
  });
});
