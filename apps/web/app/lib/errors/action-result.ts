import { CATALOG_MESSAGES, ERROR_TEXT, type FieldErrors } from "@camatlas/shared";
import { data, redirect } from "react-router";
import { ApiResponseError } from "../api-client.ts";
import { errorText, resolveError } from "./error-contract.ts";
import type { SnackbarNote } from "./snackbar.tsx";

// Actions return their outcome in one shape; the page shows it with useSnackbarNote(actionData) and, for forms that
// speak for themselves (sign-in, account), with `message` above the form and each field's first error under it.

export interface ActionResult {
  ok: boolean;
  snackbar?: SnackbarNote;
  /**
   * What the form says above its fields: the success text, or a failure no field explains (wrong state, server
   * trouble, `_` errors). Absent when the field errors say it all.
   */
  message?: string;
  /** 422 field errors, for inline messages next to the inputs. */
  errors?: FieldErrors;
  /** What the user typed (never passwords), to refill the form after a failure without JavaScript. */
  values?: Record<string, string>;
}

export interface FailureOptions {
  /** What the user typed, to refill the form (leave passwords out). */
  values?: Record<string, string>;
  /** The form shows the failure itself (`message`, field errors): no snackbar. */
  inline?: boolean;
}

function noteId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A success reply with one of the spec's success messages (for the snackbar and the form alike). */
export function actionSuccess<T extends object>(text: string, extra?: T): ActionResult & T {
  return { ok: true, message: text, snackbar: { text, tone: "success", id: noteId() }, ...(extra as T) };
}

/** A failure found before calling the API (a required field left empty): 422 with its field errors. */
export function actionInvalid(errors: FieldErrors, options: FailureOptions = {}) {
  const result: ActionResult = {
    ok: false,
    errors,
    ...(options.values ? { values: options.values } : {}),
  };
  return data(result, { status: 422 });
}

function bodyMessage(body: unknown): string | undefined {
  if (typeof body === "string" && body) return body;
  if (typeof body !== "object" || body === null) return undefined;
  const message = (body as { message?: unknown }).message;
  return typeof message === "string" && message ? message : undefined;
}

/** A 422 whose every error is "Nothing to change.". */
function onlyNothingToChange(body: unknown): boolean {
  if (typeof body !== "object" || body === null || !("errors" in body)) return false;
  const texts = Object.values((body as { errors: FieldErrors }).errors ?? {}).flat();
  return texts.length > 0 && texts.every((text) => text === CATALOG_MESSAGES.nothingToChange);
}

const hasFieldError = (errors: FieldErrors | undefined) =>
  Object.values(errors ?? {}).some((list) => Boolean(list?.[0]));

/**
 * Turns a failed API call inside an action into the contract: a redirect reply redirects, everything else (404
 * included: the page stays) is returned with its status, the snackbar text, any 422 field errors and the form's own
 * message when no field explains the failure.
 */
export function actionFailure(error: unknown, options: FailureOptions = {}) {
  const outcome = resolveError(error);
  if (outcome.kind === "redirect") throw redirect(outcome.url);
  const status = error instanceof ApiResponseError ? error.status : 500;
  const body = error instanceof ApiResponseError ? error.body : undefined;
  // Saving a form without changing anything is harmless: said as information, not as an error.
  if (status === 422 && onlyNothingToChange(body)) {
    const text = CATALOG_MESSAGES.nothingToChange;
    return data<ActionResult>({ ok: false, message: text, snackbar: { text, tone: "info", id: noteId() } });
  }
  const errors =
    status === 422 && typeof body === "object" && body !== null && "errors" in body
      ? ((body as { errors: FieldErrors }).errors ?? undefined)
      : undefined;
  const message =
    errors?._?.[0] ??
    (hasFieldError(errors)
      ? undefined
      : status >= 500
        ? ERROR_TEXT.serverBroken
        : (bodyMessage(body) ?? errorText(error)));
  const result: ActionResult = {
    ok: false,
    ...(options.inline ? {} : { snackbar: { text: errorText(error), tone: "error", id: noteId() } }),
    ...(message ? { message } : {}),
    ...(errors ? { errors } : {}),
    ...(options.values ? { values: options.values } : {}),
  };
  return data(result, { status: status >= 400 ? status : 500 });
}

/** The text of a form's alert: its message, else the first error of its first field. */
export function resultText(result: ActionResult | undefined): string | undefined {
  if (!result) return undefined;
  if (result.message) return result.message;
  for (const list of Object.values(result.errors ?? {})) if (list?.[0]) return list[0];
  return undefined;
}
