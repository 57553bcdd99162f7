import { issuesToFieldErrors, MESSAGES } from "@camatlas/shared";
import type { z } from "zod";
import { ApiError } from "./http-errors.ts";

/** Turns zod issues into the 422 body's `errors: {field: [text]}`; issues on the whole body go under "body". */
export function zodIssuesToErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  return issuesToFieldErrors(issues, "body");
}

/** defaultHook for OpenAPIHono: every invalid request answers 422 in one shape. */
export function validationHook(result: { success: boolean; error?: z.ZodError }): void {
  if (!result.success && result.error) {
    throw new ApiError(422, MESSAGES.api.validationFailed, zodIssuesToErrors(result.error.issues));
  }
}
