import { data } from "react-router";
import { type ActionResult, actionFailure, actionSuccess, type FailureOptions } from "./action-result.ts";

// Pages with several forms posting to one action tell the replies apart by `intent`, so field errors land under
// the right form. The snackbar note follows the error contract (lib/errors).

export type IntentResult = ActionResult & { intent: string };

export function intentSuccess(intent: string, message: string): IntentResult {
  return actionSuccess(message, { intent });
}

export function intentFailure(intent: string, error: unknown, options?: FailureOptions) {
  const failed = actionFailure(error, options);
  return data<IntentResult>({ ...failed.data, intent }, failed.init ?? undefined);
}

/** The first error of a field for one form (422 replies), or undefined. */
export function fieldError(result: unknown, intent: string, ...fields: string[]): string | undefined {
  if (typeof result !== "object" || result === null) return undefined;
  const record = result as Partial<IntentResult>;
  if (record.intent !== intent || !record.errors) return undefined;
  for (const field of fields) {
    const match = Object.entries(record.errors).find(([key]) => key === field || key.endsWith(`.${field}`));
    const first = match?.[1]?.[0];
    if (first) return first;
  }
  return undefined;
}

/** Every field's first error of one reply (all replies when no intent is given). */
export function fieldErrors(result: unknown, intent?: string): Record<string, string> {
  if (typeof result !== "object" || result === null) return {};
  const record = result as Partial<IntentResult>;
  if ((intent !== undefined && record.intent !== intent) || !record.errors) return {};
  const out: Record<string, string> = {};
  for (const [key, list] of Object.entries(record.errors)) {
    const first = list?.[0];
    // "nicknames.0.nickname" is shown under the first row's input as well as under "nickname_0".
    if (first) out[key.replace(/^nicknames\.(\d+)\.(\w+)$/, "$2_$1")] = first;
  }
  return out;
}
