import { PAGE_SIZE } from "@camatlas/shared";
import { modelEndpoints } from "@camatlas/shared/api-contract";
import { Form, Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { type Column, DataTable } from "../../components/ui/data-table.tsx";
import { controlClass } from "../../components/ui/field-frame.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { editColumn } from "../../features/admin/edit-column.tsx";
import { apiLoad } from "../../lib/errors/index.ts";
import { apiContext } from "../../lib/load-context.ts";
import { seo } from "../../lib/seo/page-meta.ts";
import { requireAdmin } from "../../lib/session/guards.ts";
import type { Route } from "./+types/models";

export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";

// Find a model to edit as an admin (profile, SEO fields, content, binding).
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request);
  const url = new URL(request.url);
  const query = url.searchParams.get("query")?.trim() ?? "";
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const result = await apiLoad(
    context.get(apiContext).call(modelEndpoints.list, {
      query: {
        query: query || undefined,
        order_by: query ? undefined : "newest",
        page,
        per_page: PAGE_SIZE.revisions,
      },
    }),
  );
  return { query, result };
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "Models | Admin", noindex: true });
}

type Model = Route.ComponentProps["loaderData"]["result"]["data"][number];

const COLUMNS: Column<Model>[] = [
  {
    header: "Name",
    rowHeader: true,
    className: "font-medium",
    cell: (model) => (
      <>
        <Link to={`/models/${model.slug}`} className="hover:text-accent hover:underline">
          {model.name}
        </Link>
        <span className="block text-xs font-normal text-ink-faint">/{model.slug}</span>
      </>
    ),
  },
  {
    header: "Nicknames",
    className: "text-ink-soft",
    cell: (model) => model.nicknames.map((n) => `${n.nickname} (${n.cam_site.name})`).join(", ") || "—",
  },
  { header: "Verified", cell: (model) => (model.is_verified ? "✓" : "") },
  editColumn((model) => `/admin/models/${model.id}`),
];

export default function AdminModels({ loaderData }: Route.ComponentProps) {
  const { query, result } = loaderData;
  const href = (page: number) =>
    `/admin/models?${new URLSearchParams({ ...(query ? { query } : {}), page: String(page) })}`;
  return (
    <div className="space-y-5">
      <PageHeader
        size="md"
        title="Models"
        actions={
          <Form method="get" role="search" className="flex gap-2">
            <label htmlFor="admin-models-query" className="sr-only">
              Name or nickname
            </label>
            <input
              id="admin-models-query"
              name="query"
              type="search"
              defaultValue={query}
              placeholder="Name or nickname"
              className={controlClass({ size: "sm", className: "w-auto" })}
            />
            <Button type="submit" size="sm">
              Search
            </Button>
          </Form>
        }
      />
      <DataTable
        phone="cards"
        caption="Models"
        columns={COLUMNS}
        rows={result.data}
        rowKey={(model) => model.id}
      />
      <Pagination current={result.current_page} last={result.last_page} href={href} label="Model pages" />
    </div>
  );
}
