import { collectorEndpoints } from "@camatlas/shared/api-contract";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { CollectorHealthTable } from "../../features/admin-collectors/collector-health-table.tsx";
import { COLLECTOR_STATE_VIEW } from "../../features/admin-collectors/collector-state.ts";
import { CollectorsSummary } from "../../features/admin-collectors/collectors-summary.tsx";
import { apiLoad } from "../../lib/errors/loader-errors.ts";
import { apiContext } from "../../lib/load-context.ts";
import { requireAdmin } from "../../lib/session/guards.ts";
import type { Route } from "./+types/collectors";

export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";

/** The camsite collectors' health: last poll, complete or not, online count, errors, lag. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request);
  return apiLoad(context.get(apiContext).call(collectorEndpoints.adminList, {}));
}

export function meta() {
  return [{ title: "Collectors | Admin" }, { name: "robots", content: "noindex" }];
}

export default function AdminCollectors({ loaderData }: Route.ComponentProps) {
  const { collectors, checked_at } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader
        size="md"
        title="Collectors"
        lead="The camsite feeds the statistics worker reads: when each last stored a poll, whether it listed every online model, and what went wrong."
      />
      <CollectorsSummary collectors={collectors} />
      <CollectorHealthTable collectors={collectors} now={checked_at} />
      <details className="rounded-card border border-line-soft bg-surface p-4 text-sm text-ink-soft">
        <summary className="cursor-pointer font-semibold text-ink">What the states mean</summary>
        <dl className="mt-3 space-y-2">
          {Object.values(COLLECTOR_STATE_VIEW).map((view) => (
            <div key={view.label} className="flex flex-wrap gap-2">
              <dt className={`rounded-full px-2 py-0.5 text-xs font-semibold ${view.className}`}>
                {view.label}
              </dt>
              <dd>{view.meaning}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}
