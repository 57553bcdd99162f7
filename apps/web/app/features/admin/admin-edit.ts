import type { RouterContextProvider } from "react-router";
import { ApiResponseError } from "../../lib/api-client.ts";
import { intentFailure } from "../../lib/errors/intent-result.ts";
import { apiContext } from "../../lib/load-context.ts";
import { requireAdmin } from "../../lib/session/guards.ts";

// What the admin's edit pages of one item (a camsite, a model) share in their loader and action: the guard and the
// item's id, the posted form and intent, a failed call answered under the form that made it. Their header is
// admin-edit-header.tsx, their slug field slug-field.tsx, the lists' Edit link edit-column.tsx.

interface EditArgs {
  params: { id?: string };
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** Admins only: the API and the id of the item edited (`/admin/…/{id}`). */
export function adminEdit({ params, request, context }: EditArgs) {
  requireAdmin(request);
  return { api: context.get(apiContext), id: Number(params.id) };
}

/** An edit page's action: the API, the id, the posted form and which of the page's forms sent it. */
export async function adminEditAction(args: EditArgs) {
  const { api, id } = adminEdit(args);
  const form = await args.request.formData();
  return { api, id, form, intent: String(form.get("intent") ?? "") };
}

/** A failed API call, shown under the form that made it; anything else is the error page's. */
export function editFailure(intent: string, error: unknown) {
  if (!(error instanceof ApiResponseError)) throw error;
  return intentFailure(intent, error);
}
