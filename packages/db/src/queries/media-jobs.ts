import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { type MediaJobState, mediaJobs } from "../schema/media-jobs.ts";

// The media job queue (decision 0022): one table on both engines. A worker claims a due job with FOR UPDATE SKIP
// LOCKED and a lease, renews the lease while it works (heartbeat), and finishes it as complete, as a retry after a
// back-off, or as error once its attempts are spent. A worker that dies stops renewing: its job is claimed again when
// the lease lapses, which counts as an attempt.

/** Seconds a claim holds without a heartbeat: a crashed worker's transcode is taken over this soon. */
export const MEDIA_JOB_LEASE_SECONDS = 60;
/** How often a running job's lease is renewed. */
export const MEDIA_JOB_HEARTBEAT_SECONDS = 15;
/** Back-off before attempt n+1: BASE × 2^(n-1) seconds, at most MAX. */
export const MEDIA_JOB_RETRY_BASE_SECONDS = 30;
export const MEDIA_JOB_RETRY_MAX_SECONDS = 30 * 60;

export type MediaJobKind = "transcode";

/** A job this worker holds: `lease` is the claim's end as stored, so later writes check the worker still owns it. */
export interface ClaimedMediaJob {
  id: number;
  mediaId: number;
  kind: MediaJobKind;
  attempts: number;
  maxAttempts: number;
  lease: string;
}

export interface MediaJobRow {
  id: number;
  mediaId: number;
  state: MediaJobState;
  attempts: number;
  runAt: Date;
  lastError: string | null;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Queues a job for a media row; call it in the transaction that writes the row, so neither exists alone. */
export async function enqueueMediaJob(
  db: Database,
  mediaId: number,
  kind: MediaJobKind = "transcode",
  maxAttempts = 5,
): Promise<number> {
  const [row] = await db
    .insert(mediaJobs)
    .values({ mediaId, kind, maxAttempts })
    .returning({ id: mediaJobs.id });
  return row!.id;
}

/**
 * Claims the oldest due job for `leaseSeconds` and counts the attempt, or null when none is due. A job whose
 * attempts are spent (its last worker died mid-attempt) is never claimed: closeExhaustedMediaJobs ends it.
 */
export async function claimMediaJob(
  db: Database,
  leaseSeconds = MEDIA_JOB_LEASE_SECONDS,
): Promise<ClaimedMediaJob | null> {
  const [row] = rowsOf<{
    id: number;
    media_id: number;
    kind: MediaJobKind;
    attempts: number;
    max_attempts: number;
    lease: string;
  }>(
    await db.execute(sql`
      update media_jobs set state = 'running', attempts = attempts + 1, updated_at = now(),
        locked_until = clock_timestamp() + make_interval(secs => ${leaseSeconds})
      where id = (
        select id from media_jobs
        where state in ('queued', 'running') and run_at <= now() and attempts < max_attempts
          and (locked_until is null or locked_until < clock_timestamp())
        order by run_at, id limit 1 for update skip locked)
      returning id, media_id, kind, attempts, max_attempts, extract(epoch from locked_until)::text as lease`),
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    mediaId: Number(row.media_id),
    kind: row.kind,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    lease: row.lease,
  };
}

/** Heartbeat: extends the lease of a job this worker still holds; false once another worker took it over. */
export async function renewMediaJobLease(
  db: Database,
  job: ClaimedMediaJob,
  leaseSeconds = MEDIA_JOB_LEASE_SECONDS,
): Promise<boolean> {
  const [row] = rowsOf<{ lease: string }>(
    await db.execute(sql`
      update media_jobs set locked_until = clock_timestamp() + make_interval(secs => ${leaseSeconds})
      where id = ${job.id} and state = 'running' and extract(epoch from locked_until)::text = ${job.lease}
      returning extract(epoch from locked_until)::text as lease`),
  );
  if (!row) return false;
  job.lease = row.lease;
  return true;
}

/** Seconds to wait before the next attempt after `attempts` failed ones. */
export function mediaJobBackoffSeconds(attempts: number): number {
  return Math.min(MEDIA_JOB_RETRY_MAX_SECONDS, MEDIA_JOB_RETRY_BASE_SECONDS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Ends an attempt: `complete`, or a failure that is retried after the back-off while attempts remain (`retry`
 * false ends it at once: the input can never work) and otherwise ends as `error`. Returns the job's new state, or
 * null when the worker no longer holds the job (another one took it over; nothing is written).
 */
export async function finishMediaJob(
  db: Database,
  job: ClaimedMediaJob,
  outcome: { ok: true } | { ok: false; error: string; retry: boolean },
): Promise<MediaJobState | null> {
  let state: MediaJobState = "complete";
  let runAfter = 0;
  if (!outcome.ok) {
    const retry = outcome.retry && job.attempts < job.maxAttempts;
    state = retry ? "queued" : "error";
    runAfter = retry ? mediaJobBackoffSeconds(job.attempts) : 0;
  }
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      update media_jobs set state = ${state}, locked_until = null, updated_at = now(),
        last_error = ${outcome.ok ? null : outcome.error.slice(0, 2000)},
        run_at = now() + make_interval(secs => ${runAfter})
      where id = ${job.id} and state = 'running' and extract(epoch from locked_until)::text = ${job.lease}
      returning id`),
  );
  return rows.length > 0 ? state : null;
}

/** Hands a job back at once when its worker stops (shutdown): queued again, the attempt not counted. */
export async function releaseMediaJob(db: Database, job: ClaimedMediaJob): Promise<void> {
  await db.execute(sql`
    update media_jobs set state = 'queued', locked_until = null, attempts = greatest(attempts - 1, 0), updated_at = now()
    where id = ${job.id} and state = 'running' and extract(epoch from locked_until)::text = ${job.lease}`);
}

/** Closes jobs whose attempts ran out while their worker died (claimed again with nothing left); their media ids. */
export async function closeExhaustedMediaJobs(db: Database): Promise<number[]> {
  const rows = rowsOf<{ media_id: number }>(
    await db.execute(sql`
      update media_jobs set state = 'error', locked_until = null, updated_at = now(),
        last_error = coalesce(last_error, 'the worker stopped during every attempt')
      where state = 'running' and attempts >= max_attempts and locked_until < clock_timestamp()
      returning media_id`),
  );
  return rows.map((r) => Number(r.media_id));
}

/** The newest job of a media row (tests, the admin's view). */
export async function latestMediaJob(db: Database, mediaId: number): Promise<MediaJobRow | null> {
  const [row] = rowsOf<{
    id: number;
    media_id: number;
    state: MediaJobState;
    attempts: number;
    run_at: string | Date;
    last_error: string | null;
  }>(
    await db.execute(sql`
      select id, media_id, state, attempts, run_at, last_error from media_jobs
      where media_id = ${mediaId} order by id desc limit 1`),
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    mediaId: Number(row.media_id),
    state: row.state,
    attempts: Number(row.attempts),
    runAt: new Date(row.run_at),
    lastError: row.last_error,
  };
}

/** A job as the admins' queue view shows it: with its media and uploader. */
export interface MediaJobListRow {
  id: number;
  state: MediaJobState;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  runAt: Date;
  updatedAt: Date;
  mediaId: number;
  mediaName: string;
  mediaKind: string;
  processingStatus: string | null;
  duration: number | null;
  size: number;
  uploaderId: number | null;
  uploaderNick: string | null;
}

/** The queue newest first, optionally in one state, with the count of each state (the admins' view). */
export async function listMediaJobs(
  db: Database,
  options: { state?: MediaJobState | undefined; limit: number; offset: number },
): Promise<{ rows: MediaJobListRow[]; total: number; counts: Record<MediaJobState, number> }> {
  const where = options.state ? sql`where j.state = ${options.state}` : sql``;
  const rows = rowsOf<{
    id: number;
    state: MediaJobState;
    attempts: number;
    max_attempts: number;
    last_error: string | null;
    run_at: string | Date;
    updated_at: string | Date;
    media_id: number;
    name: string;
    kind: string;
    processing_status: string | null;
    duration: string | null;
    size: number;
    user_id: number | null;
    nick_name: string | null;
  }>(
    await db.execute(sql`
      select j.id, j.state, j.attempts, j.max_attempts, j.last_error, j.run_at, j.updated_at, j.media_id,
        m.name, m.kind, m.processing_status, m.meta->>'duration' as duration, m.size, u.id as user_id, u.nick_name
      from media_jobs j
      join media m on m.id = j.media_id
      left join users u on u.id = m.user_id
      ${where}
      order by j.id desc
      limit ${options.limit} offset ${options.offset}`),
  );
  const counted = rowsOf<{ state: MediaJobState; n: number }>(
    await db.execute(sql`select state, count(*)::int as n from media_jobs group by state`),
  );
  const counts: Record<MediaJobState, number> = { queued: 0, running: 0, complete: 0, error: 0 };
  for (const { state, n } of counted) counts[state] = Number(n);
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      state: r.state,
      attempts: Number(r.attempts),
      maxAttempts: Number(r.max_attempts),
      lastError: r.last_error,
      runAt: new Date(r.run_at),
      updatedAt: new Date(r.updated_at),
      mediaId: Number(r.media_id),
      mediaName: r.name,
      mediaKind: r.kind,
      processingStatus: r.processing_status,
      duration: r.duration === null ? null : Number(r.duration),
      size: Number(r.size),
      uploaderId: r.user_id === null ? null : Number(r.user_id),
      uploaderNick: r.nick_name,
    })),
    total: options.state ? counts[options.state] : Object.values(counts).reduce((a, b) => a + b, 0),
    counts,
  };
}

/** Queues a job that ended in error again, attempts from zero; its media id, or null when it is not in error. */
export async function requeueFailedMediaJob(db: Database, id: number): Promise<number | null> {
  const [row] = rowsOf<{ media_id: number }>(
    await db.execute(sql`
      update media_jobs set state = 'queued', attempts = 0, run_at = now(), locked_until = null, updated_at = now()
      where id = ${id} and state = 'error'
      returning media_id`),
  );
  return row ? Number(row.media_id) : null;
}

/** Whether a job with this id exists (404 against 422 for a retry). */
export async function mediaJobExists(db: Database, id: number): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(await db.execute(sql`select id from media_jobs where id = ${id}`));
  return rows.length > 0;
}
