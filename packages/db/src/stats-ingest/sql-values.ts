import { type SQL, sql } from "drizzle-orm";

// How the ingestion statements pass values: arrays as one literal text each, timestamps as epoch seconds.

/** Both drivers answer `execute` with `{ rows }`; the shared Database type does not say so. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export const ts = (at: number) => sql`to_timestamp(${at}::float8)`;
/** A numeric (or date) array as one literal text: a single join instead of the driver's per-element conversion,
 * which took about a quarter of the ingest process's CPU on 5,000-row polls. */
export function numArray(values: readonly (number | string | null | undefined)[], type: string): SQL {
  const items =
    values.includes(null) || values.includes(undefined)
      ? values.map((v) => (v == null ? "NULL" : String(v))).join(",")
      : values.join(",");
  return sql`${sql.param(`{${items}}`)}::${sql.raw(type)}`;
}
export const intArray = (values: readonly (number | null)[]) => numArray(values, "int[]");

/** A tid[] literal: each (page,item) quoted, as it holds a comma. */
export const tidArray = (tids: readonly string[]) =>
  sql`${sql.param(`{${tids.map((t) => `"${t}"`).join(",")}}`)}::tid[]`;
