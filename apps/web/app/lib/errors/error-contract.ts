import { clientErrorText } from "@camatlas/shared";
import { ApiResponseError } from "../api-client.ts";

// The client's error contract (spec §8), decided in one place for loaders, actions and browser calls:
// 404 → the not-found page, a redirect reply → that address, anything else → the snackbar.

export type ErrorOutcome =
  | { kind: "not-found" }
  | { kind: "redirect"; url: string }
  | { kind: "snackbar"; status: number; text: string };

/** A reply that says the resource moved: `{ is_redirect: true, redirect_url }` (spec §7). */
export interface RedirectReply {
  is_redirect: true;
  redirect_url: string;
}

export function isRedirectReply(body: unknown): body is RedirectReply {
  if (typeof body !== "object" || body === null) return false;
  const record = body as { is_redirect?: unknown; redirect_url?: unknown };
  return (
    (record.is_redirect === true || record.is_redirect === 1) &&
    typeof record.redirect_url === "string" &&
    record.redirect_url !== ""
  );
}

/** Status and body of anything that failed: our ApiResponseError, a fetch Response-like value, or a thrown Error. */
function failureOf(error: unknown): { status: number; body: unknown } {
  if (error instanceof ApiResponseError) return { status: error.status, body: error.body };
  if (typeof error === "object" && error !== null && "status" in error) {
    const record = error as { status: unknown; body?: unknown; data?: unknown };
    if (typeof record.status === "number") return { status: record.status, body: record.body ?? record.data };
  }
  // Network failures and programming errors: no status, the message is the detail.
  if (error instanceof Error) return { status: 0, body: { message: error.message } };
  return { status: 0, body: error };
}

/** What the client does with a failed call. */
export function resolveError(error: unknown): ErrorOutcome {
  const { status, body } = failureOf(error);
  if (isRedirectReply(body)) return { kind: "redirect", url: body.redirect_url };
  if (status === 404) return { kind: "not-found" };
  return { kind: "snackbar", status, text: clientErrorText({ status, body }) };
}

/** The snackbar text for any failure (404s and redirects included, for callers that only show text). */
export function errorText(error: unknown): string {
  const { status, body } = failureOf(error);
  return clientErrorText({ status, body });
}
