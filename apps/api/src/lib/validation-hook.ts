import { MESSAGES } from "@camatlas/shared";
import type { z } from "zod";
import { ApiError } from "./http-errors.ts";

/** Turns zod issues into the 422 body's `errors: {field: [text]}`. */
export function zodIssuesToErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join(".") : "body";
    const list = errors[field] ?? [];
    list.push(issue.message);
    errors[field] = list;
  }
  return errors;
}

/** defaultHook for OpenAPIHono: every invalid request answers 422 in one shape. */
export function validationHook(result: { success: boolean; error?: z.ZodError }): void {
  if (!result.success && result.error) {
    throw new ApiError(422, MESSAGES.api.validationFailed, zodIssuesToErrors(result.error.issues));
  }
}
