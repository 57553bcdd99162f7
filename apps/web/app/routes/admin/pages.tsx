import { API_MESSAGES, PAGE_NAV_PLACEMENT_LABELS } from "@camatlas/shared";
import { pageEndpoints } from "@camatlas/shared/api-contract";
import { Link, useFetcher } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { type Column, DataTable } from "../../components/ui/data-table.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
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

type AdminPage = Route.ComponentProps["loaderData"]["pages"][number];

const COLUMNS: Column<AdminPage>[] = [
  {
    header: "Title",
    className: "font-medium",
    cell: (page) => (
      <Link to={`/admin/pages/${page.id}`} className="hover:text-accent">
        {page.title}
      </Link>
    ),
  },
  {
    header: "Address",
    cell: (page) => (
      <a href={`/${page.slug}`} className="text-ink-muted hover:underline">
        /{page.slug}
      </a>
    ),
  },
  { header: "Status", cell: (page) => (page.is_published ? "Published" : "Draft") },
  {
    header: "Linked from",
    cell: (page) =>
      page.nav_placement === "none"
        ? PAGE_NAV_PLACEMENT_LABELS.none
        : `${PAGE_NAV_PLACEMENT_LABELS[page.nav_placement]} (order ${page.nav_position})`,
  },
  {
    header: "Actions",
    hideHeader: true,
    cell: (page) => (
      <div className="flex justify-end gap-1">
        <Button to={`/admin/pages/${page.id}`} variant="ghost" size="xs">
          Edit
        </Button>
        <DeleteButton id={page.id} title={page.title} />
      </div>
    ),
  },
];

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
      <DataTable
        phone="cards"
        columns={COLUMNS}
        rows={pages}
        rowKey={(page) => page.id}
        cellPadding="py-3"
        empty={<EmptyState title="No pages yet" />}
      />
    </div>
  );
}
