import { COVERAGE_BLIND_SPOT, formatDuration } from "@camatlas/shared";
import type { StatsCoverage } from "@camatlas/shared/schemas/stats";
import { longDay } from "./chart-math.ts";

const every = (seconds: number) => (seconds < 60 ? `${seconds}s` : formatDuration(seconds));

/**
 * What a figure covers: since when the camsite is polled, how often, which gaps count, and the days counted. A
 * history imported with coarser polls (the demo's) is said apart, with its own interval and gap, when the range
 * reaches back into it.
 */
export function coverageText(coverage: StatsCoverage, days = "UTC days"): string {
  const parts: string[] = [];
  if (coverage.from_date && coverage.to_date)
    parts.push(`${longDay(coverage.from_date)} – ${longDay(coverage.to_date)} (${days})`);
  if (coverage.tracked_since) parts.push(`tracked since ${longDay(coverage.tracked_since)}`);
  else parts.push("not tracked yet");
  const history = coverage.history;
  const live = coverage.last_poll_at !== null && history !== null && coverage.last_poll_at > history.until;
  const inRange =
    history !== null && (!coverage.from_date || coverage.from_date <= history.until.slice(0, 10));
  if (history && inRange) {
    const past = `polled every ${every(history.poll_interval_seconds)} until ${longDay(history.until)} (gaps over ${formatDuration(history.max_gap_seconds)} not counted)`;
    parts.push(
      live && coverage.poll_interval_seconds
        ? `${past}, every ${every(coverage.poll_interval_seconds)} since (gaps over ${formatDuration(coverage.max_gap_seconds)} not counted)`
        : past,
    );
    return `Coverage: ${parts.join(" · ")}.`;
  }
  if (coverage.poll_interval_seconds) parts.push(`polled every ${every(coverage.poll_interval_seconds)}`);
  parts.push(`gaps over ${formatDuration(coverage.max_gap_seconds)} are not counted`);
  return `Coverage: ${parts.join(" · ")}.`;
}

/** `days` names whose days the range counts ("UTC days" unless the figures were counted in the viewer's zone). */
export function CoverageNote({ coverage, days }: { coverage: StatsCoverage; days?: string }) {
  return (
    <>
      <p className="text-xs text-ink-faint" data-testid="coverage">
        {coverageText(coverage, days)}
      </p>
      <p className="text-xs text-ink-faint">{COVERAGE_BLIND_SPOT}</p>
    </>
  );
}
