import { z } from "zod";
import { API_MESSAGES } from "../messages.ts";
import type { FieldErrors } from "./field-errors.ts";

// Error bodies (architecture rule 3): 422 is { message, errors: { field: [text] } }, everything else { message }.
// The helpers that need no zod live in field-errors.ts (the browser uses them without loading zod).
export { type FieldErrors, firstValidationError, issuesToFieldErrors } from "./field-errors.ts";

export const errorSchema = z.object({ message: z.string() });
export type ErrorBody = z.output<typeof errorSchema>;

export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.output<typeof validationErrorSchema>;

export function validationErrorBody(errors: FieldErrors): ValidationErrorBody {
  return { message: API_MESSAGES.validationFailed, errors };
}
