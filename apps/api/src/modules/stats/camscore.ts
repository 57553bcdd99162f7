import type { DailyStatsRow } from "@camatlas/db";
import type { CamScoreStats } from "@camatlas/shared/schemas/stats";

// CamScore stats (spec §3, MyFreeCams) from daily rollups; neighbours (average, next rank) come from the caller.

const round1 = (v: number) => Math.round(v * 10) / 10;

export interface CamScoreContext {
  camsiteAverage: number | null;
  nextRankScore: number | null;
}

export function buildCamScoreStats(
  rows: readonly DailyStatsRow[],
  context: CamScoreContext,
): Omit<CamScoreStats, "coverage"> {
  const scored = rows.filter(
    (r) => r.camscoreMin !== null && r.camscoreMax !== null && r.camscoreAvg !== null,
  );
  const scores = scored.map((r) => ({
    date: r.day,
    min: round1(r.camscoreMin ?? 0),
    max: round1(r.camscoreMax ?? 0),
    avg: round1(r.camscoreAvg ?? 0),
    last: r.camscoreLast === null ? null : round1(r.camscoreLast),
  }));
  const first = scored[0];
  const last = scored[scored.length - 1];
  const current = last ? (last.camscoreLast ?? last.camscoreAvg) : null;
  const start = first ? (first.camscoreLast ?? first.camscoreAvg) : null;
  let highest: number | null = null;
  let highestDate: string | null = null;
  for (const r of scored)
    if (highest === null || (r.camscoreMax ?? 0) > highest) {
      highest = r.camscoreMax;
      highestDate = r.day;
    }
  const rankRows = rows.filter((r) => r.rankLast !== null && r.rankLast > 0);
  const rank = last?.rankLast ?? null;
  const dynamic = current !== null && start !== null && scored.length > 1 ? round1(current - start) : null;
  return {
    current: current === null ? null : round1(current),
    highest: highest === null ? null : round1(highest),
    highest_date: highestDate,
    camsite_average: context.camsiteAverage === null ? null : round1(context.camsiteAverage),
    compared_to_average:
      current !== null && context.camsiteAverage !== null ? round1(current - context.camsiteAverage) : null,
    dynamic,
    dynamic_percent:
      dynamic !== null && start !== null && start !== 0 ? round1((dynamic / start) * 100) : null,
    rank: rank && rank > 0 ? rank : null,
    cam_scores_to_next_rank:
      current !== null && context.nextRankScore !== null
        ? round1(Math.max(0, context.nextRankScore - current))
        : null,
    scores,
    min: scores.length ? Math.min(...scores.map((s) => s.min)) : null,
    max: scores.length ? Math.max(...scores.map((s) => s.max)) : null,
    avg: scores.length ? round1(scores.reduce((sum, s) => sum + s.avg, 0) / scores.length) : null,
    rank_history: rankRows.map((r) => ({ date: r.day, rank: r.rankLast as number })),
  };
}
