import type { CollectorHealthRow } from "@camatlas/db";
import type { CollectorHealthItem, CollectorState, CollectorsSummary } from "@camatlas/shared/api-contract";

/** A collector that stored nothing for this many intervals (and ten minutes at least) has stalled. */
export const STALL_INTERVALS = 5;
export const STALL_MINIMUM_SECONDS = 600;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Its state now, from its recorded runs (the worker writes them; a stall is also seen before its notice went). */
export function collectorState(row: CollectorHealthRow, nowMs: number): CollectorState {
  const stallMs = Math.max(STALL_MINIMUM_SECONDS, STALL_INTERVALS * row.intervalSeconds) * 1000;
  const since = row.lastSuccessAt ?? null;
  const attempted = row.lastAttemptAt ? nowMs - row.lastAttemptAt.getTime() < stallMs : false;
  if (row.stalledNotifiedAt || (attempted && since && nowMs - since.getTime() > stallMs)) return "stalled";
  if (row.consecutiveFailures > 0) return "failing";
  if (!since) return "waiting";
  return row.lastComplete === false ? "incomplete" : "ok";
}

export function presentCollectorHealth(row: CollectorHealthRow, nowMs: number): CollectorHealthItem {
  return {
    cam_site: { id: row.camSiteId, name: row.camSiteName, slug: row.camSiteSlug },
    collector: row.name ?? row.camSiteSlug,
    state: collectorState(row, nowMs),
    interval_seconds: row.intervalSeconds,
    last_poll_at: iso(row.lastPollAt),
    last_attempt_at: iso(row.lastAttemptAt),
    last_success_at: iso(row.lastSuccessAt),
    complete: row.lastComplete,
    incomplete_reason: row.lastIncompleteReason,
    online_count: row.onlineCount,
    consecutive_failures: row.consecutiveFailures,
    last_error: row.lastError,
    last_error_at: iso(row.lastErrorAt),
    next_poll_at: iso(row.nextPollAt),
    lag_seconds: row.lastSuccessAt
      ? Math.max(0, Math.round((nowMs - row.lastSuccessAt.getTime()) / 1000))
      : null,
  };
}

export function summarizeCollectors(items: readonly Pick<CollectorHealthItem, "state">[]): CollectorsSummary {
  const summary: CollectorsSummary = {
    total: items.length,
    ok: 0,
    incomplete: 0,
    waiting: 0,
    failing: 0,
    stalled: 0,
  };
  for (const item of items) summary[item.state]++;
  return summary;
}
