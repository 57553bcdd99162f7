import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import type { AlertEventKind, AlertJobState } from "../schema/follows.ts";

// The alert job queue (decision 0033): status changes ingest saw for followed models, fanned out by the worker.
// The same lease pattern as media_jobs (decision 0022): claim with FOR UPDATE SKIP LOCKED and a lease, finish as
// complete, retry after a back-off, or error once the attempts are spent.

export const ALERT_JOB_LEASE_SECONDS = 60;
const RETRY_BASE_SECONDS = 15;
const RETRY_MAX_SECONDS = 15 * 60;

export interface ClaimedAlertJob {
  id: number;
  kind: AlertEventKind;
  modelId: number;
  nicknameId: number;
  statusId: number;
  previousStatusId: number;
  occurredAt: Date;
  attempts: number;
  maxAttempts: number;
  lease: string;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function claimAlertJob(
  db: Database,
  leaseSeconds = ALERT_JOB_LEASE_SECONDS,
): Promise<ClaimedAlertJob | null> {
  const [row] = rowsOf<{
    id: number;
    kind: AlertEventKind;
    model_id: number;
    nickname_id: number;
    status_id: number;
    previous_status_id: number;
    occurred_at: string | Date;
    attempts: number;
    max_attempts: number;
    lease: string;
  }>(
    await db.execute(sql`
      update alert_jobs set state = 'running', attempts = attempts + 1, updated_at = now(),
        locked_until = clock_timestamp() + make_interval(secs => ${leaseSeconds})
      where id = (
        select id from alert_jobs
        where state in ('queued', 'running') and run_at <= now() and attempts < max_attempts
          and (locked_until is null or locked_until < clock_timestamp())
        order by run_at, id limit 1 for update skip locked)
      returning id, kind, model_id, nickname_id, status_id, previous_status_id, occurred_at, attempts, max_attempts,
        extract(epoch from locked_until)::text as lease`),
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    kind: row.kind,
    modelId: Number(row.model_id),
    nicknameId: Number(row.nickname_id),
    statusId: Number(row.status_id),
    previousStatusId: Number(row.previous_status_id),
    occurredAt: new Date(row.occurred_at),
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    lease: row.lease,
  };
}

/** Ends an attempt; a failure is retried after a back-off while attempts remain. Null when the lease was lost. */
export async function finishAlertJob(
  db: Database,
  job: ClaimedAlertJob,
  outcome: { ok: true } | { ok: false; error: string },
): Promise<AlertJobState | null> {
  const retry = !outcome.ok && job.attempts < job.maxAttempts;
  const state: AlertJobState = outcome.ok ? "complete" : retry ? "queued" : "error";
  const runAfter = retry ? Math.min(RETRY_MAX_SECONDS, RETRY_BASE_SECONDS * 2 ** (job.attempts - 1)) : 0;
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      update alert_jobs set state = ${state}, locked_until = null, updated_at = now(),
        last_error = ${outcome.ok ? null : outcome.error.slice(0, 2000)},
        run_at = now() + make_interval(secs => ${runAfter})
      where id = ${job.id} and state = 'running' and extract(epoch from locked_until)::text = ${job.lease}
      returning id`),
  );
  return rows.length > 0 ? state : null;
}

/** Jobs by state (tests, health). */
export async function countAlertJobs(db: Database, state: AlertJobState): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from alert_jobs where state = ${state}`),
  );
  return Number(row?.n ?? 0);
}

/** Finished jobs older than `days` go, with their deliveries (an alert is never repeated that late); not while a digest waits. */
export async function pruneAlertJobs(db: Database, days = 14): Promise<void> {
  await db.execute(sql`
    delete from alert_jobs where state in ('complete', 'error') and updated_at < now() - make_interval(days => ${days})
      and not exists (select 1 from alert_deliveries d where d.alert_job_id = alert_jobs.id and d.digest_pending)`);
}
