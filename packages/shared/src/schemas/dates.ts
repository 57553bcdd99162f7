import { z } from "zod";
import { VALIDATION_MESSAGES } from "../messages.ts";

// Dates a request may send. PostgreSQL's date and timestamp columns have no year 0 (ISO 8601's 0000 is 1 BC), so
// `0000-01-01` passes the ISO format yet fails in the database: it is refused here, with the field's text.

const notYearZero = (value: string) => !value.startsWith("0000");

/** yyyy-mm-dd that a date column can hold. */
export function isoDate(error: string = VALIDATION_MESSAGES.invalidDate) {
  return z.iso.date({ error }).refine(notYearZero, { error });
}

/** An ISO-8601 timestamp (offset allowed) that a timestamptz column can hold. */
export function isoDateTime(error: string = VALIDATION_MESSAGES.invalidDate) {
  return z.iso.datetime({ offset: true, error }).refine(notYearZero, { error });
}
