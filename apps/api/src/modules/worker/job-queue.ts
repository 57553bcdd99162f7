import type { Database } from "@camatlas/db";
import { sql } from "drizzle-orm";

// Recurring jobs queued in PostgreSQL (stats_jobs). Any number of workers may run: a due job is claimed with
// FOR UPDATE SKIP LOCKED and a lease, so exactly one runs it; a worker that dies loses its lease after lockSeconds.
// pg-boss needs several real connections and cannot run on the embedded PGlite; this table works on both.

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

/** Claims one due job for `lockSeconds`, or null when none is due. */
export async function claimDueJob(db: Database, lockSeconds = 600): Promise<string | null> {
  const [row] = rowsOf<{ name: string }>(
    await db.execute(sql`
      update stats_jobs set locked_until = now() + make_interval(secs => ${lockSeconds})
      where name = (
        select name from stats_jobs
        where run_at <= now() and (locked_until is null or locked_until < now())
        order by run_at limit 1 for update skip locked)
      returning name`),
  );
  return row?.name ?? null;
}

/** Releases a claimed job and schedules its next run. */
export async function finishJob(db: Database, name: string, error: string | null): Promise<void> {
  await db.execute(sql`
    update stats_jobs set locked_until = null, last_run_at = now(), runs = runs + 1, last_error = ${error},
      run_at = now() + make_interval(secs => interval_seconds)
    where name = ${name}`);
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
