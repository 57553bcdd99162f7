import type { ReactNode } from "react";
import { Link, type RouterContextProvider } from "react-router";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { ApiResponseError } from "../../lib/api-client.ts";
import { intentFailure } from "../../lib/errors/intent-result.ts";
import { apiContext } from "../../lib/load-context.ts";
import { requireAdmin } from "../../lib/session/guards.ts";

// What the admin's edit pages of one item (a camsite, a model) share: the guard and the item's id in loader and
// action, the posted intent, a failed call answered under its form, the header with the way back, the slug field.

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

/** The lists whose items have an edit page: `/admin/{area}` lists them, `/{area}/{slug}` shows one. */
const AREAS = {
  camsites: { label: "Camsites", view: "View page" },
  models: { label: "Models", view: "View profile" },
} as const;

/** "Camsites / Chaturbate" above "Edit Chaturbate  View page". */
export function AdminEditHeader({
  area,
  item,
  icon,
}: {
  area: keyof typeof AREAS;
  item: { name: string; slug: string };
  /** A logo before the title (lays the title out as a row). */
  icon?: ReactNode;
}) {
  const { label, view } = AREAS[area];
  const viewLink = (
    <Link to={`/${area}/${item.slug}`} className="text-sm font-normal text-accent underline">
      {view}
    </Link>
  );
  return (
    <PageHeader
      size="md"
      crumbs={
        <>
          <Link to={`/admin/${area}`} className="hover:underline">
            {label}
          </Link>{" "}
          / {item.name}
        </>
      }
      title={
        icon ? (
          <span className="flex items-center gap-3">
            {icon}
            Edit {item.name}
            {viewLink}
          </span>
        ) : (
          <>
            Edit {item.name} {viewLink}
          </>
        )
      }
    />
  );
}

/** The item's address: renaming it keeps the old one working (the API answers it with a redirect). */
export function SlugField({
  defaultValue,
  error,
  maxLength,
}: {
  defaultValue: string;
  error?: string;
  maxLength?: number;
}) {
  return (
    <TextField
      label="Address (slug)"
      name="slug"
      required
      maxLength={maxLength}
      defaultValue={defaultValue}
      hint="The old address redirects here."
      error={error}
    />
  );
}
