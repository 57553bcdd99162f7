import { formatDuration } from "@camatlas/shared";
import type { StatsCoverage } from "@camatlas/shared/schemas/stats";
import { longDay } from "./chart-math.ts";

/** What a figure covers: since when the camsite is polled, how often, and the days counted. */
export function coverageText(coverage: StatsCoverage): string {
  const parts: string[] = [];
  if (coverage.from_date && coverage.to_date)
    parts.push(`${longDay(coverage.from_date)} – ${longDay(coverage.to_date)} (UTC days)`);
  if (coverage.tracked_since) parts.push(`tracked since ${longDay(coverage.tracked_since)}`);
  else parts.push("not tracked yet");
  if (coverage.poll_interval_seconds)
    parts.push(
      `polled every ${coverage.poll_interval_seconds < 60 ? `${coverage.poll_interval_seconds}s` : formatDuration(coverage.poll_interval_seconds)}`,
    );
  parts.push(`gaps over ${formatDuration(coverage.max_gap_seconds)} are not counted`);
  return `Coverage: ${parts.join(" · ")}.`;
}

export function CoverageNote({ coverage }: { coverage: StatsCoverage }) {
  return (
    <p className="text-xs text-neutral-500" data-testid="coverage">
      {coverageText(coverage)}
    </p>
  );
}
