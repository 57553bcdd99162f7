import { data, type RouterContextProvider } from "react-router";
import { ApiResponseError } from "../../lib/api-client.ts";
import { actionFailure, actionSuccess } from "../../lib/errors/index.ts";
import { apiContext } from "../../lib/load-context.ts";
import { requireAdmin } from "../../lib/session/guards.ts";

/**
 * The action of a moderation queue: POST {base}/{id}/approve|reject {note}; the API's reply message goes to the
 * snackbar. `body` overrides the request body (reports are resolved with a status instead).
 */
export async function decide(
  request: Request,
  context: Readonly<RouterContextProvider>,
  base: string,
  paths: { approve: string; reject: string } = { approve: "approve", reject: "reject" },
  body?: (intent: "approve" | "reject") => Record<string, unknown>,
) {
  requireAdmin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const id = Number(form.get("id"));
  if ((intent !== "approve" && intent !== "reject") || !Number.isInteger(id) || id <= 0)
    throw data("Unknown action", { status: 400 });
  const note = String(form.get("note") ?? "").trim();
  try {
    const reply = await context
      .get(apiContext)
      .request<{ message: string }>(
        "POST",
        `${base}/${id}/${paths[intent]}`,
        undefined,
        body ? body(intent) : { note: note || null },
      );
    return actionSuccess(reply.message);
  } catch (error) {
    if (!(error instanceof ApiResponseError)) throw error;
    return actionFailure(error);
  }
}
