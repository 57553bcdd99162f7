import { activityStatusName } from "@camatlas/shared";
import type { StatsSession } from "@camatlas/shared/schemas/stats";

// A nickname's sessions as CSV (RFC 4180): times in UTC ISO 8601, one row per session.

const cell = (value: string | number | null) => {
  const text = value === null ? "" : String(value);
  // Quoted when needed; a leading = + - @ is prefixed so a spreadsheet never reads a formula.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function sessionsCsv(sessions: readonly StatsSession[], camSiteId: number): string {
  const header = [
    "start_utc",
    "end_utc",
    "length_seconds",
    "shows",
    "peak_viewers",
    "avg_viewers",
    "max_camscore",
    "best_rank",
  ];
  const rows = sessions.map((s) =>
    [
      s.started_at,
      s.ended_at,
      s.seconds,
      s.status_ids.map((id) => activityStatusName(id, camSiteId)).join("; "),
      s.peak_viewers,
      s.avg_viewers,
      s.max_camscore === null ? null : Math.round(s.max_camscore),
      s.best_rank,
    ]
      .map(cell)
      .join(","),
  );
  return `${[header.join(","), ...rows].join("\r\n")}\r\n`;
}
