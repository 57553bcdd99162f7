import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../client.ts";

/** Multi-row inserts of at most `size` rows: one round trip per batch, far below PostgreSQL's 65,535 parameters. */
export async function insertInBatches<T extends PgTable>(
  db: Database,
  table: T,
  rows: readonly T["$inferInsert"][],
  size = 1_000,
): Promise<void> {
  for (let start = 0; start < rows.length; start += size) {
    await db.insert(table).values(rows.slice(start, start + size) as T["$inferInsert"][]);
  }
}

/** Like insertInBatches, returning the generated ids in input order (PostgreSQL returns VALUES rows in order). */
export async function insertReturningIds<T extends PgTable>(
  db: Database,
  table: T,
  idColumn: AnyPgColumn,
  rows: readonly T["$inferInsert"][],
  size = 1_000,
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += size) {
    const inserted = await db
      .insert(table)
      .values(rows.slice(start, start + size) as T["$inferInsert"][])
      .returning({ id: idColumn });
    for (const row of inserted) ids.push(row.id as number);
  }
  return ids;
}
