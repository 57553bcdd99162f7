import { camsiteEndpoints } from "@camatlas/shared/api-contract";
import { Link } from "react-router";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Table, TableBody, TableHead } from "../../components/ui/table.tsx";
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

export default function AdminCamsites({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-5">
      <PageHeader size="md" title="Camsites" />
      <Table caption="Camsites">
        <TableHead>
          <tr>
            <th scope="col" className="px-4 py-2">
              Camsite
            </th>
            <th scope="col" className="px-4 py-2">
              Headline
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              Models
            </th>
            <th scope="col" className="px-4 py-2">
              Indexed
            </th>
            <th scope="col" className="px-4 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </TableHead>
        <TableBody>
          {loaderData.camsites.map((c) => (
            <tr key={c.id}>
              <th scope="row" className="px-4 py-2 font-medium">
                <span className="flex items-center gap-2">
                  <CamsiteLogo camsite={c} size={24} />
                  {c.name}
                </span>
              </th>
              <td className="max-w-md truncate px-4 py-2 text-neutral-600">{c.headline ?? "—"}</td>
              <td className="px-4 py-2 text-right tabular-nums">{formatCount(c.models_registered_count)}</td>
              <td className="px-4 py-2">{c.is_indexed ? "yes" : "no"}</td>
              <td className="px-4 py-2 text-right">
                <Link to={`/admin/camsites/${c.id}`} className="font-semibold text-accent hover:underline">
                  Edit
                </Link>
              </td>
            </tr>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
