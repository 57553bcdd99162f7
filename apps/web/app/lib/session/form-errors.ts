import { ERROR_TEXT, firstValidationError } from "@camatlas/shared";
import { data } from "react-router";

// Form outcomes for progressive-enhanced forms: the first error of each field under that field (spec §5), and
// a form-level message for everything else.

export interface FormFailure {
  ok: false;
  /** field → its first error. */
  fieldErrors: Record<string, string>;
  /** A message for the whole form (wrong credentials, blocked account, server trouble). */
  formError?: string;
  /** What the user typed (never passwords), to refill the form without JavaScript. */
  values?: Record<string, string>;
}

export interface FormSuccess {
  ok: true;
  message?: string;
}

export type FormResult = FormFailure | FormSuccess;

export function firstErrors(body: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (typeof body !== "object" || body === null) return result;
  const errors = (body as { errors?: unknown }).errors;
  if (typeof errors !== "object" || errors === null) return result;
  for (const [field, list] of Object.entries(errors)) {
    const first = Array.isArray(list) ? list[0] : list;
    if (typeof first === "string" && first !== "") result[field] = first;
  }
  return result;
}

function messageOf(body: unknown): string | undefined {
  if (typeof body === "object" && body !== null && "message" in body) {
    const message = (body as { message?: unknown }).message;
    if (typeof message === "string" && message) return message;
  }
  return typeof body === "string" && body ? body : undefined;
}

/** A failed API reply (an ApiResponseError: status and body) as a form result, with the reply's status. */
export function formFailure(reply: { status: number; body: unknown }, values?: Record<string, string>) {
  const fieldErrors = firstErrors(reply.body);
  const failure: FormFailure = { ok: false, fieldErrors, values };
  if (Object.keys(fieldErrors).length === 0 || fieldErrors._) {
    failure.formError =
      fieldErrors._ ??
      (reply.status >= 500
        ? ERROR_TEXT.serverBroken
        : (messageOf(reply.body) ?? firstValidationError(reply.body)));
  }
  return data(failure, { status: reply.status >= 400 ? reply.status : 500 });
}

/** Form fields as strings, without the secret ones (to refill a form after an error). */
export function formValues(form: FormData, secret: readonly string[] = []): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && !secret.includes(key)) values[key] = value;
  }
  return values;
}

/** A trimmed string field, or undefined when empty. */
export function textField(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}
