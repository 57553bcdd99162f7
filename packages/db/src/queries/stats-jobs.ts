import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";

// Worker state in the database. Recurring jobs are queued in PostgreSQL (stats_jobs). Any number of workers may run: a
// due job is claimed with FOR UPDATE SKIP LOCKED and a short lease, which the worker renews while the job runs
// (heartbeat); a worker that dies stops renewing, and its job is claimed again once the lease runs out.
// pg-boss needs several real connections and cannot run on the embedded PGlite; this table works on both.

/** Seconds a claim holds without a heartbeat: a crashed worker's job is taken over this soon. */
export const JOB_LEASE_SECONDS = 30;
/** How often a running job's lease is renewed: a few renewals may fail (a slow database) before it lapses. */
export const JOB_HEARTBEAT_SECONDS = 10;

/** A job this worker holds: `lease` is the claim's end as the database stored it, so a renewal checks it still owns it. */
export interface ClaimedJob {
  name: string;
  lease: string;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Adds a recurring job unless it exists; `firstRunAt` (epoch seconds) defaults to now. */
export async function scheduleJob(
  db: Database,
  name: string,
  intervalSeconds: number,
  firstRunAt = Date.now() / 1000,
): Promise<void> {
  await db.execute(sql`
    insert into stats_jobs (name, run_at, interval_seconds) values (${name}, to_timestamp(${firstRunAt}::float8), ${intervalSeconds})
    on conflict (name) do update set interval_seconds = excluded.interval_seconds`);
}

/** Claims one due job for `leaseSeconds`, or null when none is due. */
export async function claimDueJob(
  db: Database,
  leaseSeconds = JOB_LEASE_SECONDS,
): Promise<ClaimedJob | null> {
  const [row] = rowsOf<{ name: string; lease: string }>(
    await db.execute(sql`
      update stats_jobs set locked_until = clock_timestamp() + make_interval(secs => ${leaseSeconds})
      where name = (
        select name from stats_jobs
        where run_at <= now() and (locked_until is null or locked_until < clock_timestamp())
        order by run_at limit 1 for update skip locked)
      returning name, extract(epoch from locked_until)::text as lease`),
  );
  return row ? { name: row.name, lease: row.lease } : null;
}

/**
 * Heartbeat: extends the lease of a job this worker still holds. False when another worker has taken it over
 * (this one was presumed dead): the caller should stop, or at least not record the run.
 */
export async function renewJobLease(
  db: Database,
  job: ClaimedJob,
  leaseSeconds = JOB_LEASE_SECONDS,
): Promise<boolean> {
  const [row] = rowsOf<{ lease: string }>(
    await db.execute(sql`
      update stats_jobs set locked_until = clock_timestamp() + make_interval(secs => ${leaseSeconds})
      where name = ${job.name} and extract(epoch from locked_until)::text = ${job.lease}
      returning extract(epoch from locked_until)::text as lease`),
  );
  if (!row) return false;
  job.lease = row.lease;
  return true;
}

/** Releases a claimed job and schedules its next run; does nothing when another worker took the job over. */
export async function finishJob(db: Database, job: ClaimedJob, error: string | null): Promise<boolean> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
      update stats_jobs set locked_until = null, last_run_at = now(), runs = runs + 1, last_error = ${error},
        run_at = now() + make_interval(secs => interval_seconds)
      where name = ${job.name} and extract(epoch from locked_until)::text = ${job.lease}
      returning name`),
  );
  return rows.length > 0;
}

export async function jobState(
  db: Database,
  name: string,
): Promise<{ runs: number; lastError: string | null; runAt: Date } | null> {
  const [row] = rowsOf<{ runs: number; last_error: string | null; run_at: string | Date }>(
    await db.execute(sql`select runs, last_error, run_at from stats_jobs where name = ${name}`),
  );
  return row ? { runs: Number(row.runs), lastError: row.last_error, runAt: new Date(row.run_at) } : null;
}

/** True once any poll was ingested: the demo history is written only into an empty statistics store. */
export async function hasIngestedPolls(db: Database): Promise<boolean> {
  const [row] = rowsOf<{ any: boolean }>(
    await db.execute(sql`select exists (select 1 from ingest_polls) as any`),
  );
  return Boolean(row?.any);
}

/** Marks a camsite's collector as failing, with the error, for the admin's view of collectors. */
export async function markCollectorFailing(db: Database, camSiteId: number, error: string): Promise<void> {
  await db.execute(sql`
    insert into cam_site_collectors (cam_site_id, status, last_error) values (${camSiteId}, 'failing', ${error})
    on conflict (cam_site_id) do update set status = 'failing', last_error = excluded.last_error`);
}

/** The nicknames bound to a model, optionally only on some camsites and only the first few of each. */
export async function listModelNicknamesPerCamsite(
  db: Database,
  options: { camSiteIds?: readonly number[] | undefined; limitPerCamsite?: number | undefined } = {},
): Promise<Array<{ camSiteId: number; nickname: string; modelSlug: string }>> {
  const rows = rowsOf<{ cam_site_id: number; nickname: string; slug: string }>(
    await db.execute(sql`
      select ranked.cam_site_id, ranked.nickname, m.slug from (
        select cam_site_id, nickname, model_id, row_number() over (partition by cam_site_id order by id) as n
        from nicknames where model_id is not null and deleted_at is null
          ${options.camSiteIds ? sql`and cam_site_id = any(${sql.param([...options.camSiteIds])}::int[])` : sql``}
      ) ranked
      join models m on m.id = ranked.model_id
      where ranked.n <= ${options.limitPerCamsite ?? 1_000_000}
      order by ranked.cam_site_id, ranked.nickname`),
  );
  // The model's slug seeds her demo portraits (the simulator's snapshots show her face).
  return rows.map((r) => ({ camSiteId: Number(r.cam_site_id), nickname: r.nickname, modelSlug: r.slug }));
}
