import { API_MESSAGES } from "@camatlas/shared";
import { pageEndpoints } from "@camatlas/shared/api-contract";
import { Link, useFetcher } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Table, TableBody, TableHead } from "../../components/ui/table.tsx";
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
    await context.get(apiContext).call(pageEndpoints.delete, { params: { id } });
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
      <Button
        type="submit"
        disabled={fetcher.state !== "idle"}
        variant="danger"
        size="xs"
        aria-label={`Delete ${title}`}
      >
        Delete
      </Button>
    </fetcher.Form>
  );
}

export default function AdminPages({ loaderData }: Route.ComponentProps) {
  const { pages } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader
        size="md"
        title="Pages"
        lead="Static pages served at their own address."
        actions={<Button to="/admin/pages/new">New page</Button>}
      />
      {pages.length === 0 ? (
        <EmptyState title="No pages yet" />
      ) : (
        <Table>
          <TableHead>
            <tr>
              <th className="px-4 py-3">Title</th>
              <th className="px-4 py-3">Address</th>
              <th className="px-4 py-3">Status</th>
              <th className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </TableHead>
          <TableBody>
            {pages.map((page) => (
              <tr key={page.id}>
                <td className="px-4 py-3 font-medium">
                  <Link to={`/admin/pages/${page.id}`} className="hover:text-primary">
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
                    <Button to={`/admin/pages/${page.id}`} variant="ghost" size="xs">
                      Edit
                    </Button>
                    <DeleteButton id={page.id} title={page.title} />
                  </div>
                </td>
              </tr>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
