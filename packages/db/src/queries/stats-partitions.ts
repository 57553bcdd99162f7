import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";

// nickname_activities is partitioned by month (range on started_at). A row needs its month's partition to exist:
// ingest makes sure of it before writing, and the worker's partition job creates the coming months ahead.
// fillfactor 50: each row is updated once (its seconds, when the next poll comes), and a poll's rows fill whole pages
// that the next poll updates all together. Half a page free keeps every such update in place (HOT: no second index
// entry); at 90 only 1 in 9 fitted, and the others' new versions took as much heap anyway, plus index entries and
// dead tuples for vacuum (measured: same heap size, PK index 14 -> 8.8 MB, PostgreSQL CPU per poll -15 %).
export const ACTIVITY_PARTITION_FILLFACTOR = 50;

const PARTITION_LOCK = 727_301;
const known = new WeakMap<Database, Set<string>>();

/** Partition name of the month holding an epoch second, e.g. nickname_activities_p2026_03. */
export function activityPartitionName(at: number): string {
  const date = new Date(at * 1000);
  const month = String(date.getUTCMonth() + 1).padStart(2, "0");
  return `nickname_activities_p${date.getUTCFullYear()}_${month}`;
}

function monthBounds(at: number): { from: string; to: string } {
  const date = new Date(at * 1000);
  const from = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
  const to = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
  return { from: from.toISOString(), to: to.toISOString() };
}

/** Creates the month partitions covering the given epoch seconds when missing (cached per process). */
export async function ensureActivityPartitions(db: Database, times: readonly number[]): Promise<void> {
  const cache = known.get(db) ?? new Set<string>();
  known.set(db, cache);
  const missing = new Map<string, number>();
  for (const at of times) {
    const name = activityPartitionName(at);
    if (!cache.has(name)) missing.set(name, at);
  }
  if (missing.size === 0) return;
  await db.transaction(async (tx) => {
    // Two instances creating the same partition at once would collide on the catalog: take turns.
    await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`);
    for (const [name, at] of missing) {
      const { from, to } = monthBounds(at);
      await tx.execute(
        sql`create table if not exists ${sql.identifier(name)} partition of nickname_activities for values from (${sql.raw(`'${from}'`)}) to (${sql.raw(`'${to}'`)}) with (fillfactor = ${sql.raw(String(ACTIVITY_PARTITION_FILLFACTOR))})`,
      );
    }
  });
  for (const name of missing.keys()) cache.add(name);
}

/** Partitions of the current month and the next `monthsAhead` months (worker job). */
export async function createUpcomingActivityPartitions(
  db: Database,
  now = Date.now(),
  monthsAhead = 2,
): Promise<string[]> {
  const date = new Date(now);
  const times = Array.from(
    { length: monthsAhead + 1 },
    (_, i) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + i, 1) / 1000,
  );
  await ensureActivityPartitions(db, times);
  return times.map(activityPartitionName);
}

/** Names of the existing month partitions, oldest first. */
export async function listActivityPartitions(db: Database): Promise<string[]> {
  const result = (await db.execute(sql`
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    join pg_class p on p.oid = i.inhparent
    where p.relname = 'nickname_activities' order by c.relname`)) as unknown as {
    rows: Array<{ name: string }>;
  };
  return result.rows.map((r) => r.name);
}
