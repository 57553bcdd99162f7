import type { DailyStatsRow } from "@camatlas/db";
import { activityStatusName, OFFLINE_STATUS_ID } from "@camatlas/shared";
import type { ChatStats, StatsGraphDetails } from "@camatlas/shared/schemas/stats";

// Chat stats (spec §3) from daily rollups: pure, so the arithmetic and the model's graph setting are unit tested.

const minutes = (seconds: number) => Math.round(seconds / 60);
/** secondsByStatus is keyed by status id as text; time offline is never shown. */
const OFFLINE_KEY = String(OFFLINE_STATUS_ID);

/** Monday = 0 … Sunday = 6 of a UTC day. */
export function weekdayOf(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

export interface ChatStatsInput {
  rows: readonly DailyStatsRow[];
  camSiteId: number;
  graph: StatsGraphDetails;
  longestSessions: ChatStats["longest_sessions"];
  longestSessionsHidden: boolean;
}

export function buildChatStats(input: ChatStatsInput): Omit<ChatStats, "coverage"> {
  const { rows, graph } = input;
  const totalByStatus: Record<string, number> = {};
  const hours = Array.from({ length: 24 }, () => 0);
  const weekdays = Array.from({ length: 7 }, () => 0);
  const matrix = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  let online = 0;
  let sessions = 0;
  let daysOnline = 0;
  let viewerSum = 0;
  let viewerDays = 0;
  const viewerRows: ChatStats["viewers"]["days"] = [];
  const days: ChatStats["days"] = [];
  for (const row of rows) {
    online += row.onlineSeconds;
    sessions += row.sessions;
    if (row.onlineSeconds > 0) daysOnline += 1;
    for (const [status, seconds] of Object.entries(row.secondsByStatus)) {
      if (status === OFFLINE_KEY) continue;
      totalByStatus[status] = (totalByStatus[status] ?? 0) + seconds;
    }
    const wd = weekdayOf(row.day);
    const cells = matrix[wd] as number[];
    row.hourHistogram.forEach((seconds, hour) => {
      if (hour >= 24) return;
      hours[hour] = (hours[hour] ?? 0) + seconds;
      cells[hour] = (cells[hour] ?? 0) + seconds;
    });
    weekdays[wd] = (weekdays[wd] ?? 0) + row.onlineSeconds;
    if (row.viewersAvg !== null) {
      viewerRows.push({ date: row.day, average: round1(row.viewersAvg), max: row.viewersMax });
      viewerSum += row.viewersAvg;
      viewerDays += 1;
    }
    if (row.onlineSeconds > 0 || row.sessions > 0) {
      const byStatus =
        graph === "show_all_data"
          ? Object.fromEntries(
              Object.entries(row.secondsByStatus).filter(([s, v]) => s !== OFFLINE_KEY && v > 0),
            )
          : { total: row.onlineSeconds };
      days.push({
        date: row.day,
        seconds_online: row.onlineSeconds,
        seconds_by_status: byStatus,
        minutes_by_status: Object.fromEntries(Object.entries(byStatus).map(([s, v]) => [s, minutes(v)])),
        sessions: row.sessions,
        // Per UTC hour: what places her time on the viewer's own calendar days (a time zone shifts hours, not days).
        hours_utc: Array.from({ length: 24 }, (_, hour) => row.hourHistogram[hour] ?? 0),
      });
    }
  }
  const statusIds = Object.keys(totalByStatus)
    .map(Number)
    .filter((id) => (totalByStatus[String(id)] ?? 0) > 0)
    .sort((a, b) => a - b);
  const hideGraph = graph === "hide_graph";
  const allData = graph === "show_all_data";
  return {
    graph,
    days: hideGraph ? [] : days,
    statuses: allData ? statusIds.map((id) => ({ id, name: activityStatusName(id, input.camSiteId) })) : [],
    summary: {
      seconds_online: online,
      minutes_by_status: allData
        ? Object.fromEntries(statusIds.map((id) => [String(id), minutes(totalByStatus[String(id)] ?? 0)]))
        : { total: minutes(online) },
      sessions,
      days_online: daysOnline,
    },
    longest_sessions: input.longestSessionsHidden ? [] : input.longestSessions,
    longest_sessions_hidden: input.longestSessionsHidden,
    hours_utc: hideGraph ? [] : hours,
    weekdays_utc: hideGraph ? [] : weekdays,
    weekday_hours_utc: hideGraph ? [] : matrix,
    viewers: {
      days: viewerRows,
      average: viewerDays > 0 ? round1(viewerSum / viewerDays) : null,
    },
  };
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
