import type { FieldErrors } from "@camatlas/shared";
import { data, redirect } from "react-router";
import { ApiResponseError } from "../api-client.ts";
import { errorText, resolveError } from "./error-contract.ts";
import type { SnackbarNote } from "./snackbar.tsx";

// Actions return their outcome; the page shows it with useSnackbarNote(actionData).

export interface ActionResult {
  ok: boolean;
  snackbar?: SnackbarNote;
  /** 422 field errors, for inline messages next to the inputs. */
  errors?: FieldErrors;
}

function noteId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A success reply with one of the spec's success messages. */
export function actionSuccess<T extends object>(text: string, extra?: T): ActionResult & T {
  return { ok: true, snackbar: { text, tone: "success", id: noteId() }, ...(extra as T) };
}

/**
 * Turns a failed API call inside an action into the contract: a redirect reply redirects, everything else (404
 * included: the page stays) is returned with its status, the snackbar text and any 422 field errors.
 */
export function actionFailure(error: unknown) {
  const outcome = resolveError(error);
  if (outcome.kind === "redirect") throw redirect(outcome.url);
  const status = error instanceof ApiResponseError ? error.status : 500;
  const body = error instanceof ApiResponseError ? error.body : undefined;
  const errors =
    status === 422 && typeof body === "object" && body !== null && "errors" in body
      ? ((body as { errors: FieldErrors }).errors ?? undefined)
      : undefined;
  const result: ActionResult = {
    ok: false,
    snackbar: { text: errorText(error), tone: "error", id: noteId() },
    ...(errors ? { errors } : {}),
  };
  return data(result, { status: status >= 400 ? status : 500 });
}
