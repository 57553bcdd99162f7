// Spec §3 "Nickname activity" arithmetic, shared by the ingestion path (incrementally) and the tests (as an oracle).
// Times are whole epoch seconds: ingest truncates observed_at to the second, so every sum is an exact integer.
import { OFFLINE_STATUS_ID } from "../activity-statuses.ts";

/** Default STATS_MAX_GAP: a status counts up to the next poll only when that poll came within this many seconds. */
export const DEFAULT_STATS_MAX_GAP_SECONDS = 300;

/** One counted stretch of a nickname's activity: [start, end) in one status. */
export interface CountedInterval {
  start: number;
  end: number;
  status: number;
}

export interface StatusPoint {
  at: number;
  status: number;
}

export interface PollInput {
  at: number;
  complete: boolean;
  observations: ReadonlyArray<{ nickname: string; status: number }>;
}

/** A nickname absent from a complete poll is offline (OFFLINE_STATUS_ID); every other status counts as online. */
export function isOnlineStatus(status: number): boolean {
  return status !== OFFLINE_STATUS_ID;
}

/**
 * The end of a status observed at `at`: the nickname's next covering poll (the next poll listing it, or the
 * camsite's next complete poll, whichever comes first). Undefined while no such poll is known yet.
 */
export function nextCoveringAt(
  nextPointAt: number | undefined,
  nextCompletePollAt: number | undefined,
): number | undefined {
  if (nextPointAt === undefined) return nextCompletePollAt;
  if (nextCompletePollAt === undefined) return nextPointAt;
  return Math.min(nextPointAt, nextCompletePollAt);
}

/** Seconds a status observed at `at` counts for: to the next covering poll, nothing across a longer gap or offline. */
export function countedSeconds(
  at: number,
  status: number,
  coveringAt: number | undefined,
  maxGapSeconds: number,
): number {
  if (coveringAt === undefined || !isOnlineStatus(status)) return 0;
  const gap = coveringAt - at;
  return gap > 0 && gap <= maxGapSeconds ? gap : 0;
}

/** First element of a sorted list strictly greater than `value` (binary search). */
export function firstAfter(sorted: readonly number[], value: number): number | undefined {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return sorted[lo];
}

/** A nickname's counted intervals from its own points and the camsite's complete poll times. */
export function nicknameIntervals(
  points: readonly StatusPoint[],
  completePollTimes: readonly number[],
  maxGapSeconds: number,
): CountedInterval[] {
  const sorted = [...points].sort((a, b) => a.at - b.at);
  const complete = [...completePollTimes].sort((a, b) => a - b);
  const intervals: CountedInterval[] = [];
  sorted.forEach((point, i) => {
    const covering = nextCoveringAt(sorted[i + 1]?.at, firstAfter(complete, point.at));
    const seconds = countedSeconds(point.at, point.status, covering, maxGapSeconds);
    if (seconds > 0) intervals.push({ start: point.at, end: point.at + seconds, status: point.status });
  });
  return intervals;
}

/**
 * Reference derivation for a whole camsite from its polls, in any order: a poll seen twice (same time) counts once,
 * the first arrival wins, and a nickname listed twice in one poll keeps its first entry. Nicknames are case-insensitive.
 */
export function deriveIntervals(
  polls: readonly PollInput[],
  maxGapSeconds: number,
): Map<string, CountedInterval[]> {
  const byTime = new Map<number, PollInput>();
  for (const poll of polls) if (!byTime.has(poll.at)) byTime.set(poll.at, poll);
  const ordered = [...byTime.values()].sort((a, b) => a.at - b.at);
  const completeTimes = ordered.filter((p) => p.complete).map((p) => p.at);
  const pointsByNickname = new Map<string, StatusPoint[]>();
  for (const poll of ordered) {
    const seen = new Set<string>();
    for (const observation of poll.observations) {
      const key = observation.nickname.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      const list = pointsByNickname.get(key) ?? [];
      list.push({ at: poll.at, status: observation.status });
      pointsByNickname.set(key, list);
    }
  }
  const result = new Map<string, CountedInterval[]>();
  for (const [key, points] of pointsByNickname) {
    const intervals = nicknameIntervals(points, completeTimes, maxGapSeconds);
    if (intervals.length > 0) result.set(key, intervals);
  }
  return result;
}
