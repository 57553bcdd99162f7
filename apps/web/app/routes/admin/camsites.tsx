import { camsiteEndpoints } from "@camatlas/shared/api-contract";
import { type Column, DataTable } from "../../components/ui/data-table.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { editColumn } from "../../features/admin/edit-column.tsx";
import { CamsiteLogo } from "../../features/catalog/camsite-logo.tsx";
import { formatCount } from "../../features/catalog/catalog-labels.ts";
import { apiLoad } from "../../lib/errors/index.ts";
import { apiContext } from "../../lib/load-context.ts";
import { seo } from "../../lib/seo/page-meta.ts";
import { requireAdmin } from "../../lib/session/guards.ts";
import type { Route } from "./+types/camsites";

export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request);
  const reply = await apiLoad(context.get(apiContext).call(camsiteEndpoints.list, {}));
  return { camsites: reply.data };
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "Camsites | Admin", noindex: true });
}

type Camsite = Route.ComponentProps["loaderData"]["camsites"][number];

const COLUMNS: Column<Camsite>[] = [
  {
    header: "Camsite",
    rowHeader: true,
    className: "font-medium",
    cell: (c) => (
      <span className="flex items-center gap-2">
        <CamsiteLogo camsite={c} size={24} />
        {c.name}
      </span>
    ),
  },
  { header: "Headline", className: "max-w-md truncate text-ink-muted", cell: (c) => c.headline ?? "—" },
  {
    header: "Models",
    align: "right",
    className: "tabular-nums",
    cell: (c) => formatCount(c.models_registered_count),
  },
  { header: "Indexed", cell: (c) => (c.is_indexed ? "yes" : "no") },
  editColumn((c) => `/admin/camsites/${c.id}`),
];

export default function AdminCamsites({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-5">
      <PageHeader size="md" title="Camsites" />
      <DataTable
        phone="cards"
        caption="Camsites"
        columns={COLUMNS}
        rows={loaderData.camsites}
        rowKey={(c) => c.id}
      />
    </div>
  );
}
