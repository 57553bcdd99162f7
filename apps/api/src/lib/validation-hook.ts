import { issuesToFieldErrors, MESSAGES } from "@camatlas/shared";
import type { z } from "zod";
import { ApiError, notFound } from "./http-errors.ts";
import { findUnsafeText } from "./unsafe-text.ts";

/** Turns zod issues into the 422 body's `errors: {field: [text]}`; issues on the whole body go under "body". */
export function zodIssuesToErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  return issuesToFieldErrors(issues, "body");
}

export interface ValidationResult {
  success: boolean;
  error?: z.ZodError;
  /** The parsed value on success. */
  data?: unknown;
  /** What was validated: "param", "query", "json", "form", … */
  target?: string;
}

/**
 * defaultHook for OpenAPIHono, the one check every request passes:
 * - a path that names nothing (an id that is not decimal digits within the column's range, a bad slug) is 404;
 * - an invalid query or body is 422 in one shape;
 * - a valid one is refused (422 on the field) when a string in it holds NUL or a lone surrogate, which no text or
 *   jsonb column can store. Only the parsed value is checked: fields the schema drops never reach a query.
 */
export function validationHook(result: ValidationResult): void {
  if (!result.success) {
    if (result.target === "param") throw notFound();
    if (result.error) {
      throw new ApiError(422, MESSAGES.api.validationFailed, zodIssuesToErrors(result.error.issues));
    }
    return;
  }
  const unsafe = findUnsafeText(result.data);
  if (!unsafe) return;
  if (result.target === "param") throw notFound();
  const field = unsafe.length === 0 ? "body" : unsafe.join(".");
  throw new ApiError(422, MESSAGES.api.validationFailed, {
    [field]: [MESSAGES.validation.invalidCharacters],
  });
}
