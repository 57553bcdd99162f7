import { z } from "zod";
import { ROW_ID_MAX } from "../limits.ts";
import { VALIDATION_MESSAGES } from "../messages.ts";

// Row ids, read strictly: decimal digits within the integer column's range. Anything else names no row, so it must
// be refused before a query sees it (2³¹ overflows the column; `0x1F` or `1e3` must not be read as 31 or 1000).

const DECIMAL_ID = /^[1-9][0-9]{0,9}$/;

/** The row id a path segment or a number names, or null: `"31"` → 31; `"0x1F"`, `"1e3"`, `"0"`, `"2147483648"` → null. */
export function parseRowId(value: unknown): number | null {
  if (typeof value === "number")
    return Number.isInteger(value) && value >= 1 && value <= ROW_ID_MAX ? value : null;
  if (typeof value !== "string" || !DECIMAL_ID.test(value)) return null;
  const id = Number(value);
  return id <= ROW_ID_MAX ? id : null;
}

/**
 * A row id in a path (`/models/{id}`): the API answers 404 when it is not one (validation hook). Callers may pass the
 * number or the path segment; documented as an integer in range.
 */
export const pathId = z
  .union([z.string(), z.number()])
  .transform((value, ctx) => {
    const id = parseRowId(value);
    if (id === null) {
      ctx.addIssue({ code: "custom", message: VALIDATION_MESSAGES.invalidId });
      return z.NEVER;
    }
    return id;
  })
  .meta({ type: "integer", minimum: 1, maximum: ROW_ID_MAX });

/** A row id in a JSON body (`model_id`, `tags_id_list[]`, …): 422 on the field when it is not one. */
export const bodyId = z
  .number({ error: VALIDATION_MESSAGES.invalidId })
  .int({ error: VALIDATION_MESSAGES.invalidId })
  .min(1, { error: VALIDATION_MESSAGES.invalidId })
  .max(ROW_ID_MAX, { error: VALIDATION_MESSAGES.invalidId });

/**
 * A set of row ids in a JSON body (`tags_id_list`, `models_ids`): each a `bodyId`, a repeated one counted once, so
 * `[3, 3]` is tag 3 rather than a second row that breaks a unique key.
 */
export function bodyIdSet(limits: { min?: number; max: number }) {
  return z
    .array(bodyId)
    .min(limits.min ?? 0)
    .max(limits.max)
    .transform((ids) => [...new Set(ids)]);
}
