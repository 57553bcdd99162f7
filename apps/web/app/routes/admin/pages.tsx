import { API_MESSAGES } from "@camatlas/shared";
import { Link, useFetcher } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { listAdminPages } from "../../features/static-pages/admin-pages-api.ts";
import { type ActionResult, actionFailure, actionSuccess } from "../../lib/errors/action-result.ts";
import { apiLoad } from "../../lib/errors/loader-errors.ts";
import { useSnackbarNote } from "../../lib/errors/snackbar.tsx";
import { apiContext } from "../../lib/load-context.ts";
import { requireAdmin } from "../../lib/session/guards.ts";
import type { Route } from "./+types/pages";

export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request);
  return { pages: await apiLoad(listAdminPages(context.get(apiContext))) };
}

/** Deletes one page (the list's Delete buttons). */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request);
  const id = Number((await request.formData()).get("id"));
  try {
    await context.get(apiContext).request("DELETE", `/admin/pages/${id}`);
    return actionSuccess(API_MESSAGES.deleted);
  } catch (error) {
    return actionFailure(error);
  }
}

export function meta() {
  return [{ title: "Pages | Admin" }, { name: "robots", content: "noindex" }];
}

function DeleteButton({ id, title }: { id: number; title: string }) {
  const fetcher = useFetcher<ActionResult>();
  useSnackbarNote(fetcher.data);
  return (
    <fetcher.Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm(`Delete the page "${title}"?`)) event.preventDefault();
      }}
    >
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
        aria-label={`Delete ${title}`}
      >
        Delete
      </button>
    </fetcher.Form>
  );
}

export default function AdminPages({ loaderData }: Route.ComponentProps) {
  const { pages } = loaderData;
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-neutral-900">Pages</h1>
          <p className="mt-1 text-sm text-neutral-600">Static pages served at their own address.</p>
        </div>
        <Link
          to="/admin/pages/new"
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          New page
        </Link>
      </header>
      {pages.length === 0 ? (
        <EmptyState title="No pages yet" />
      ) : (
        <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-neutral-200">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-neutral-200 text-xs uppercase tracking-wide text-neutral-500">
              <tr>
                <th className="px-4 py-3">Title</th>
                <th className="px-4 py-3">Address</th>
                <th className="px-4 py-3">Status</th>
                <th className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100">
              {pages.map((page) => (
                <tr key={page.id}>
                  <td className="px-4 py-3 font-medium">
                    <Link to={`/admin/pages/${page.id}`} className="hover:text-brand-600">
                      {page.title}
                    </Link>
                  </td>
                  <td className="px-4 py-3">
                    <a href={`/${page.slug}`} className="text-neutral-600 hover:underline">
                      /{page.slug}
                    </a>
                  </td>
                  <td className="px-4 py-3">{page.is_published ? "Published" : "Draft"}</td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-1">
                      <Link
                        to={`/admin/pages/${page.id}`}
                        className="rounded-md px-2 py-1 text-sm font-medium text-neutral-700 hover:bg-neutral-100"
                      >
                        Edit
                      </Link>
                      <DeleteButton id={page.id} title={page.title} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
