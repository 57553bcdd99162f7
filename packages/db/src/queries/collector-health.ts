import { ROLE } from "@camatlas/shared";
import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";

// The worker's record of each camsite collector's runs (cam_site_collectors), read by the admin's health table and
// /api/health. A stored poll resets the failure count and the stalled notice; a failed run counts up.

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const ts = (seconds: number) => new Date(seconds * 1000).toISOString();

export interface CollectorRun {
  camSiteId: number;
  name: string;
  intervalSeconds: number;
  /** Epoch seconds the run ended. */
  at: number;
  /** Epoch seconds of the next run. */
  nextPollAt: number;
}

/** A poll stored: its completeness, why not, and how many models it listed online. */
export async function recordCollectorPoll(
  db: Database,
  run: CollectorRun & { complete: boolean; incompleteReason: string | null; online: number },
): Promise<void> {
  await db.execute(sql`
    insert into cam_site_collectors (cam_site_id, status, collector_name, poll_interval_seconds, last_attempt_at,
      last_success_at, last_complete, last_incomplete_reason, online_count, consecutive_failures, next_poll_at,
      stalled_notified_at)
    values (${run.camSiteId}, 'ok', ${run.name}, ${run.intervalSeconds}, ${ts(run.at)}, ${ts(run.at)}, ${run.complete},
      ${run.incompleteReason}, ${run.online}, 0, ${ts(run.nextPollAt)}, null)
    on conflict (cam_site_id) do update set status = 'ok', collector_name = excluded.collector_name,
      poll_interval_seconds = excluded.poll_interval_seconds, last_attempt_at = excluded.last_attempt_at,
      last_success_at = excluded.last_success_at, last_complete = excluded.last_complete,
      last_incomplete_reason = excluded.last_incomplete_reason, online_count = excluded.online_count,
      consecutive_failures = 0, next_poll_at = excluded.next_poll_at, stalled_notified_at = null`);
}

/** A run with nothing to store yet (a socket still loading its list): attempted, not failed. */
export async function recordCollectorWaiting(db: Database, run: CollectorRun): Promise<void> {
  await db.execute(sql`
    insert into cam_site_collectors (cam_site_id, status, collector_name, poll_interval_seconds, last_attempt_at,
      next_poll_at)
    values (${run.camSiteId}, 'waiting', ${run.name}, ${run.intervalSeconds}, ${ts(run.at)}, ${ts(run.nextPollAt)})
    on conflict (cam_site_id) do update set collector_name = excluded.collector_name,
      poll_interval_seconds = excluded.poll_interval_seconds, last_attempt_at = excluded.last_attempt_at,
      next_poll_at = excluded.next_poll_at`);
}

/** A failed run (the poll or its storing): the error, counted. */
export async function recordCollectorFailure(
  db: Database,
  run: CollectorRun & { error: string },
): Promise<void> {
  await db.execute(sql`
    insert into cam_site_collectors (cam_site_id, status, collector_name, poll_interval_seconds, last_attempt_at,
      last_error, last_error_at, consecutive_failures, next_poll_at)
    values (${run.camSiteId}, 'failing', ${run.name}, ${run.intervalSeconds}, ${ts(run.at)}, ${run.error},
      ${ts(run.at)}, 1, ${ts(run.nextPollAt)})
    on conflict (cam_site_id) do update set status = 'failing', collector_name = excluded.collector_name,
      poll_interval_seconds = excluded.poll_interval_seconds, last_attempt_at = excluded.last_attempt_at,
      last_error = excluded.last_error, last_error_at = excluded.last_error_at,
      consecutive_failures = cam_site_collectors.consecutive_failures + 1, next_poll_at = excluded.next_poll_at`);
}

export interface CollectorHealthRow {
  camSiteId: number;
  camSiteName: string;
  camSiteSlug: string;
  name: string | null;
  status: string;
  intervalSeconds: number;
  lastPollAt: Date | null;
  lastAttemptAt: Date | null;
  lastSuccessAt: Date | null;
  lastComplete: boolean | null;
  lastIncompleteReason: string | null;
  onlineCount: number | null;
  consecutiveFailures: number;
  lastError: string | null;
  lastErrorAt: Date | null;
  nextPollAt: Date | null;
  stalledNotifiedAt: Date | null;
}

const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

/** Every camsite that has or had a collector, by name. */
export async function listCollectorHealth(db: Database): Promise<CollectorHealthRow[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select c.*, s.name as cam_site_name, s.slug as cam_site_slug
      from cam_site_collectors c join cam_sites s on s.id = c.cam_site_id
      where c.collector_name is not null
      order by s.name`),
  );
  return rows.map((r) => ({
    camSiteId: Number(r.cam_site_id),
    camSiteName: String(r.cam_site_name),
    camSiteSlug: String(r.cam_site_slug),
    name: (r.collector_name as string | null) ?? null,
    status: String(r.status),
    intervalSeconds: Number(r.poll_interval_seconds),
    lastPollAt: date(r.last_poll_at),
    lastAttemptAt: date(r.last_attempt_at),
    lastSuccessAt: date(r.last_success_at),
    lastComplete: (r.last_complete as boolean | null) ?? null,
    lastIncompleteReason: (r.last_incomplete_reason as string | null) ?? null,
    onlineCount: r.online_count === null || r.online_count === undefined ? null : Number(r.online_count),
    consecutiveFailures: Number(r.consecutive_failures ?? 0),
    lastError: (r.last_error as string | null) ?? null,
    lastErrorAt: date(r.last_error_at),
    nextPollAt: date(r.next_poll_at),
    stalledNotifiedAt: date(r.stalled_notified_at),
  }));
}

/**
 * Collectors that stored no poll for `stallFactor` intervals (at least `minimumSeconds`) and whose admins were not
 * told yet: they are marked told (one notice per stall) and returned. Only collectors that ran since `since` count:
 * a camsite whose collector was switched off is no stall.
 */
export async function claimStalledCollectors(
  db: Database,
  options: { now: number; since: number; stallFactor?: number; minimumSeconds?: number },
): Promise<Array<{ camSiteId: number; camSiteName: string; name: string; silentSeconds: number }>> {
  const factor = options.stallFactor ?? 5;
  const minimum = options.minimumSeconds ?? 600;
  const now = ts(options.now);
  const rows = rowsOf<{ cam_site_id: number; cam_site_name: string; collector_name: string; silent: number }>(
    await db.execute(sql`
      update cam_site_collectors c set stalled_notified_at = ${now}
      from cam_sites s
      where s.id = c.cam_site_id and c.collector_name is not null and c.stalled_notified_at is null
        and c.last_attempt_at >= ${ts(options.since)}
        and coalesce(c.last_success_at, ${ts(options.since)}) <
          ${now}::timestamptz - make_interval(secs => greatest(${minimum}, ${factor} * c.poll_interval_seconds))
      returning c.cam_site_id, s.name as cam_site_name, c.collector_name,
        extract(epoch from (${now}::timestamptz - coalesce(c.last_success_at, ${ts(options.since)})))::int as silent`),
  );
  return rows.map((r) => ({
    camSiteId: Number(r.cam_site_id),
    camSiteName: r.cam_site_name,
    name: r.collector_name,
    silentSeconds: Number(r.silent),
  }));
}

/** The ids of the admins (they are told about a stalled collector). */
export async function listAdminUserIds(db: Database): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(
      sql`select id from users where role_id = ${ROLE.admin} and blocked_at is null order by id`,
    ),
  );
  return rows.map((r) => Number(r.id));
}
