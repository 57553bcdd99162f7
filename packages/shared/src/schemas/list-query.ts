import { z } from "zod";
import { COMMENT_ZONES } from "../enums.ts";
import { ROW_ID_MAX, TEXT_LIMITS } from "../limits.ts";
import { VALIDATION_MESSAGES } from "../messages.ts";
import { MAX_PER_PAGE } from "../page-sizes.ts";
import { isoDate, isoDateTime } from "./dates.ts";

// Common list query parameters (spec §7). On the wire booleans are 1/0 and arrays are `name[]`; these schemas
// also take the parsed forms (true/false, numbers, arrays) so the same schema serves forms and the typed client.

type QueryValue = string | readonly string[];
export type RawQuery = Record<string, QueryValue | undefined>;

/**
 * Turns URL query parameters into a plain record for the schemas: `name[]` (and `name[0]`) keys lose their
 * brackets and always become arrays; a repeated plain key becomes an array too.
 */
export function normalizeQuery(input: URLSearchParams | RawQuery): Record<string, string | string[]> {
  const pairs: [string, string][] = [];
  if (input instanceof URLSearchParams) {
    for (const [key, value] of input) pairs.push([key, value]);
  } else {
    for (const [key, value] of Object.entries(input)) {
      if (value === undefined) continue;
      for (const item of typeof value === "string" ? [value] : value) pairs.push([key, item]);
    }
  }
  const out: Record<string, string | string[]> = {};
  for (const [rawKey, value] of pairs) {
    const bracket = /^(.+?)\[\d*\]$/.exec(rawKey);
    const key = bracket?.[1] ?? rawKey;
    const current = out[key];
    if (Array.isArray(current)) current.push(value);
    else if (current !== undefined) out[key] = [current, value];
    else out[key] = bracket ? [value] : value;
  }
  return out;
}

export type QueryParams = Record<
  string,
  string | number | boolean | readonly (string | number)[] | null | undefined
>;

/** The client side of the same convention: booleans as 1/0, arrays as repeated `name[]`; empty values are dropped. */
export function serializeQuery(params: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) search.append(`${key}[]`, String(item));
    } else if (typeof value === "boolean") {
      search.append(key, value ? "1" : "0");
    } else {
      search.append(key, String(value));
    }
  }
  return search.toString();
}

const TRUE_VALUES = ["1", "true"] as const;
const BOOLEAN_STRINGS = ["1", "0", "true", "false"] as const;

/** "1"/"0" (also "true"/"false", true/false, 1/0) → boolean. */
export function queryBoolean() {
  return z
    .union([z.boolean(), z.literal(1), z.literal(0), z.enum(BOOLEAN_STRINGS)], { error: "Must be 1 or 0." })
    .transform(
      (value) => value === true || value === 1 || (TRUE_VALUES as readonly unknown[]).includes(value),
    );
}

/**
 * A whole number given as digits or as a number, within the range of an integer column (-2³¹ … 2³¹−1): no query
 * parameter of ours needs more, and a bigger one would overflow the column it is compared with.
 */
export function queryInt() {
  return z
    .union(
      [
        z.number().int({ error: VALIDATION_MESSAGES.wholeNumber }),
        z.string().regex(/^-?\d+$/, { error: VALIDATION_MESSAGES.wholeNumber }),
      ],
      { error: VALIDATION_MESSAGES.wholeNumber },
    )
    .transform(Number)
    .pipe(
      z
        .number()
        .min(-ROW_ID_MAX - 1, { error: VALIDATION_MESSAGES.numberOutOfRange })
        .max(ROW_ID_MAX, { error: VALIDATION_MESSAGES.numberOutOfRange }),
    );
}

const asArray = <T>(value: T | readonly T[]): T[] => (Array.isArray(value) ? [...value] : [value as T]);

/** One value or repeated `name[]` values → string[]; empty strings are dropped. */
export function queryStringArray() {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((value) => asArray(value).filter((item) => item !== ""));
}

/** One value or repeated `name[]` values → whole numbers; empty strings are dropped. */
export function queryIntArray() {
  return z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
    .transform((value) => asArray<string | number>(value).filter((item) => item !== ""))
    .pipe(z.array(queryInt()));
}

/** "yyyy-mm-dd" or a full ISO-8601 timestamp. */
export function queryDate() {
  return z.union([isoDate(), isoDateTime()], {
    error: "Must be a date (yyyy-mm-dd) or an ISO-8601 timestamp.",
  });
}

/** Paging, search, sorting and relation loading: the parameters every list accepts. */
export const listQuerySchema = z.object({
  page: queryInt().pipe(z.number().min(1)).default(1),
  per_page: queryInt().pipe(z.number().min(1).max(MAX_PER_PAGE)).optional(),
  query: z.string().trim().max(TEXT_LIMITS.query).optional(),
  // Whitelisted per list by the API; the pattern only keeps obvious garbage out.
  order_by: z
    .string()
    .max(TEXT_LIMITS.orderBy)
    .regex(/^[A-Za-z0-9_.]+$/)
    .optional(),
  desc: queryBoolean().optional(),
  with: queryStringArray().optional(),
  with_count: queryStringArray().optional(),
});
export type ListQuery = z.output<typeof listQuerySchema>;
export type ListQueryInput = z.input<typeof listQuerySchema>;

/** The spec's shared filters; a list `.extend()`s `listQuerySchema` with the ones it supports. */
export const listFilterShape = {
  tags_id_list: queryIntArray().optional(),
  cam_site_ids: queryIntArray().optional(),
  statuses: queryStringArray().optional(),
  from_date: queryDate().optional(),
  to_date: queryDate().optional(),
  nickname_id: queryInt().optional(),
  cam_site_id: queryInt().optional(),
  user_id: queryInt().optional(),
  model_id: queryInt().optional(),
  commentable_id: queryInt().optional(),
  comment_zone: z.enum(COMMENT_ZONES).optional(),
  status: z.string().max(64).optional(),
  stats_ids: queryIntArray().optional(),
  cwsw_id: queryInt().optional(),
  only_earned: queryBoolean().optional(),
  exclude_earned: queryBoolean().optional(),
  show_unpublished: queryBoolean().optional(),
};

/** Every common parameter at once, for lists that take them all (and as documentation of the set). */
export const listQueryWithFiltersSchema = listQuerySchema.extend(listFilterShape);
export type ListQueryWithFilters = z.output<typeof listQueryWithFiltersSchema>;
