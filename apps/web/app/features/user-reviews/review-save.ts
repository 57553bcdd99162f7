import { data, redirect } from "react-router";
import { ApiResponseError } from "../../lib/api-client.ts";
import { actionSuccess } from "../../lib/errors/index.ts";
import { intentFailure } from "../../lib/errors/intent-result.ts";
import { loginPath } from "../../lib/session/return-to.ts";
import { reviewValues } from "./review-form-values.ts";

// What the write and edit actions answer: the saved review's id with the API's message, or the failure with what
// the fan typed (to refill the form without JavaScript).

export async function saveReview(
  request: Request,
  form: FormData,
  save: () => Promise<{ message: string; review: { id: number } }>,
) {
  try {
    const reply = await save();
    return actionSuccess(reply.message, { intent: "save", id: reply.review.id });
  } catch (error) {
    if (error instanceof ApiResponseError && error.status === 401)
      throw redirect(loginPath(new URL(request.url).pathname));
    if (!(error instanceof ApiResponseError)) throw error;
    return intentFailure("save", error, { values: reviewValues(form) });
  }
}

/** The form's starting values after a failed post (no JavaScript), else the given ones. */
export function refilled<T extends { title: string; body: string; rating: string; nicknameIds: number[] }>(
  initial: T,
  result: unknown,
): T {
  const values = (result as { values?: Record<string, string> } | undefined)?.values;
  if (!values) return initial;
  return {
    ...initial,
    title: values.title ?? initial.title,
    body: values.body ?? initial.body,
    rating: values.rating ?? initial.rating,
    nicknameIds: values.nickname_ids ? values.nickname_ids.split(",").map(Number) : [],
  };
}

export const unknownIntent = () => data("Unknown action", { status: 400 });
