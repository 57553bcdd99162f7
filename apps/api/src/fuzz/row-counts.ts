import type { Database } from "@camatlas/db";
import { sql } from "drizzle-orm";

// Row counts of every table of the public schema: a refused request must leave them all as they were (no partial
// write). Counting ~60 tables after every request took ~190 ms on PGlite, so the count is kept instead: a row
// trigger on every table (partitions through their parent) adds +1 per inserted and −1 per deleted row to a
// per-table tally, in the writing transaction (a rolled-back write counts nothing). Reading it is one small query.

export type RowCounts = Record<string, number>;

const TALLY = "fuzz_row_count_changes";

async function rows<T>(db: Database, query: string): Promise<T[]> {
  const result = (await db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Installs the tally on every table (test databases only) and returns a function that reads it: each table's row
 * count change since the install.
 */
export async function createRowCounter(db: Database): Promise<() => Promise<RowCounts>> {
  const tables = await rows<{ name: string }>(
    db,
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
  );
  await db.execute(sql.raw(`create table ${TALLY} (name text primary key, n bigint not null)`));
  await db.execute(
    sql.raw(`create function ${TALLY}_add() returns trigger language plpgsql as $$
      begin
        insert into ${TALLY} values (TG_TABLE_NAME, case when TG_OP = 'INSERT' then 1 else -1 end)
        on conflict (name) do update set n = ${TALLY}.n + excluded.n;
        return null;
      end $$`),
  );
  for (const { name } of tables) {
    if (!/^[a-z0-9_]+$/.test(name)) continue;
    await db.execute(
      sql.raw(
        `create trigger ${TALLY} after insert or delete on "${name}" for each row execute function ${TALLY}_add()`,
      ),
    );
  }
  return async () => {
    const counted = await rows<{ name: string; n: string | number }>(db, `select name, n from ${TALLY}`);
    return Object.fromEntries(counted.map((row) => [row.name, Number(row.n)]));
  };
}

/** Tables whose count changed: `{table: [before, after]}`. */
export function changedTables(before: RowCounts, after: RowCounts): Record<string, [number, number]> {
  const changed: Record<string, [number, number]> = {};
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = Number(before[name] ?? 0);
    const b = Number(after[name] ?? 0);
    if (a !== b) changed[name] = [a, b];
  }
  return changed;
}
