import { ERROR_TEXT } from "../messages.ts";
import { firstValidationError } from "./field-errors.ts";

// The snackbar text for a failed call (spec §8).

export interface FailedResponse {
  readonly status: number;
  /** Parsed JSON body, or the raw text when it was not JSON. */
  readonly body?: unknown;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** 500 → 'Server is broken.'; 422 → first error of the first field; otherwise message, error or the body. */
export function clientErrorDetail(response: FailedResponse): string {
  if (response.status === 500) return ERROR_TEXT.serverBroken;
  const { body } = response;
  if (response.status === 422) {
    const first = firstValidationError(body);
    if (first) return first;
  }
  if (typeof body === "object" && body !== null) {
    const record = body as { message?: unknown; error?: unknown };
    const text = nonEmptyString(record.message) ?? nonEmptyString(record.error);
    if (text) return text;
    return JSON.stringify(body);
  }
  return body == null ? "" : String(body);
}

/** 'Oops! Something went wrong: ' plus the detail. */
export function clientErrorText(response: FailedResponse): string {
  return ERROR_TEXT.snackbarPrefix + clientErrorDetail(response);
}
