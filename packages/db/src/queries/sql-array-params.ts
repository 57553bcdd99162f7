import { type SQL, sql } from "drizzle-orm";

// Lists sent as ONE array parameter (`= any($1::text[])`, `unnest($1::text[], $2::float8[])`) instead of one parameter per element:
// drizzle builds, and the driver sends, a parameter per element, which for a search's hundreds of ids cost more
// process time than the query itself (a search sends up to 200 names). The literal is PostgreSQL's array input syntax.

/** An array of whole numbers as one `int[]` parameter. */
export function intArrayParam(values: readonly number[]): SQL {
  for (const v of values) if (!Number.isInteger(v)) throw new TypeError(`Not a whole number: ${v}`);
  return sql`${sql.param(`{${values.join(",")}}`)}::int[]`;
}

/** An array of finite numbers as one `float8[]` parameter. */
export function floatArrayParam(values: readonly number[]): SQL {
  for (const v of values) if (!Number.isFinite(v)) throw new TypeError(`Not a finite number: ${v}`);
  return sql`${sql.param(`{${values.join(",")}}`)}::float8[]`;
}

/** An array of strings as one `text[]` parameter: every element quoted, with `"` and `\` escaped. */
export function textArrayParam(values: readonly string[]): SQL {
  return sql`${sql.param(textArrayLiteral(values))}::text[]`;
}

export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;
}
