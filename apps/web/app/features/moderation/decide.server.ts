import type {
  MessageReply,
  ModerationDecisionEndpoint,
  moderationEndpoints,
} from "@camatlas/shared/api-contract";
import { data, type RouterContextProvider } from "react-router";
import { ApiResponseError } from "../../lib/api-client.ts";
import { actionFailure, actionSuccess } from "../../lib/errors/index.ts";
import { apiContext } from "../../lib/load-context.ts";
import { requireAdmin } from "../../lib/session/guards.ts";

/**
 * A queue's decision endpoints: approve and reject with an optional note, or (reports) the one resolve endpoint,
 * whose status is the intent.
 */
export type QueueDecisions =
  | { approve: ModerationDecisionEndpoint; reject: ModerationDecisionEndpoint }
  | typeof moderationEndpoints.resolveModelReport;

/**
 * The action of a moderation queue: POST the intent's endpoint for the item with `{note}` (reports: `{status}`);
 * the API's reply message goes to the snackbar.
 */
export async function decide(
  request: Request,
  context: Readonly<RouterContextProvider>,
  decisions: QueueDecisions,
) {
  requireAdmin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const id = Number(form.get("id"));
  if ((intent !== "approve" && intent !== "reject") || !Number.isInteger(id) || id <= 0)
    throw data("Unknown action", { status: 400 });
  const note = String(form.get("note") ?? "").trim();
  const api = context.get(apiContext);
  try {
    const reply: MessageReply =
      "approve" in decisions
        ? await api.call(decisions[intent], { params: { id }, body: { note: note || null } })
        : await api.call(decisions, {
            params: { id },
            body: { status: intent === "approve" ? "approved" : "rejected" },
          });
    return actionSuccess(reply.message);
  } catch (error) {
    if (!(error instanceof ApiResponseError)) throw error;
    return actionFailure(error);
  }
}
