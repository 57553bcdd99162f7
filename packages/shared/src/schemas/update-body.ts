import type { z } from "zod";
import { CATALOG_MESSAGES } from "../messages.ts";

/**
 * A partial update must change something: `{}` (or only undefined fields) is a 422 on `body`, "Nothing to change.",
 * before a handler builds an UPDATE with no column to set.
 */
export function requireSomeField<T extends z.ZodObject>(schema: T): T {
  return schema.refine((value) => Object.values(value).some((field) => field !== undefined), {
    error: CATALOG_MESSAGES.nothingToChange,
  });
}
