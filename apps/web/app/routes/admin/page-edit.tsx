import { ADMIN_SUCCESS_MESSAGES } from "@camatlas/shared";
import { pageEndpoints } from "@camatlas/shared/api-contract";
import { useEffect } from "react";
import { Link, redirect, useSearchParams } from "react-router";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { listAdminPages, pageRequestFromForm } from "../../features/static-pages/admin-pages-api.ts";
import { PageEditor } from "../../features/static-pages/page-editor.tsx";
import { actionFailure, actionSuccess } from "../../lib/errors/action-result.ts";
import { apiLoad, notFound } from "../../lib/errors/loader-errors.ts";
import { useSnackbarNote } from "../../lib/errors/snackbar.tsx";
import { showSuccess } from "../../lib/errors/snackbar-store.ts";
import { apiContext } from "../../lib/load-context.ts";
import { requireAdmin } from "../../lib/session/guards.ts";
import type { Route } from "./+types/page-edit";

export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";

// /admin/pages/new and /admin/pages/{id}: create or edit a static page.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request);
  if (!params.id) return { page: null };
  const pages = await apiLoad(listAdminPages(context.get(apiContext)));
  const page = pages.find((candidate) => String(candidate.id) === params.id);
  if (!page) notFound();
  return { page };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireAdmin(request);
  const api = context.get(apiContext);
  const body = pageRequestFromForm(await request.formData());
  try {
    if (!params.id) {
      const created = await api.call(pageEndpoints.create, { body });
      return redirect(`/admin/pages/${created.id}?saved=1`);
    }
    await api.call(pageEndpoints.update, { params: { id: params.id }, body });
    return actionSuccess(ADMIN_SUCCESS_MESSAGES.pageSaved);
  } catch (error) {
    return actionFailure(error);
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.page ? `Edit ${loaderData.page.title}` : "New page"} | Admin` },
    { name: "robots", content: "noindex" },
  ];
}

export default function AdminPageEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  useSnackbarNote(actionData);
  const [search, setSearch] = useSearchParams();
  useEffect(() => {
    // A new page lands here after its redirect: confirm once, then drop the flag from the address.
    if (search.get("saved") !== "1") return;
    showSuccess(ADMIN_SUCCESS_MESSAGES.pageSaved);
    setSearch({}, { replace: true, preventScrollReset: true });
  }, [search, setSearch]);
  const errors = actionData && "errors" in actionData ? actionData.errors : undefined;
  return (
    <div className="space-y-6">
      <PageHeader
        size="md"
        crumbs={
          <Link to="/admin/pages" className="text-ink-muted hover:text-accent">
            ← Pages
          </Link>
        }
        title={page ? `Edit ${page.title}` : "New page"}
        actions={
          page && (
            <a href={`/${page.slug}`} className="text-sm font-medium text-accent hover:underline">
              View /{page.slug}
            </a>
          )
        }
      />
      <PageEditor key={page?.id ?? "new"} page={page} errors={errors} />
    </div>
  );
}
