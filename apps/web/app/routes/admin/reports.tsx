import { moderationEndpoints } from "@camatlas/shared/api-contract";
import { Link, useActionData } from "react-router";
import { formatDate, REPORT_REASON_LABELS } from "../../features/catalog/catalog-labels.ts";
import { decide } from "../../features/moderation/decide.server.ts";
import { loadQueue } from "../../features/moderation/queue.ts";
import { DecisionForm, QueueFrame, QueueItem, StatusPill } from "../../features/moderation/queue-frame.tsx";
import { useSnackbarNote } from "../../lib/errors/index.ts";
import { apiContext } from "../../lib/load-context.ts";
import { seo } from "../../lib/seo/page-meta.ts";
import { requireAdmin } from "../../lib/session/guards.ts";
import type { Route } from "./+types/reports";

export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";

// Member reports about models (wrong data, fake, account closed). Resolve as acted on or dismissed.
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request);
  return loadQueue(request, (query) =>
    context.get(apiContext).call(moderationEndpoints.modelReports, { query }),
  );
}

export function action({ request, context }: Route.ActionArgs) {
  // Approve resolves the report as acted on, reject dismisses it.
  return decide(request, context, moderationEndpoints.resolveModelReport);
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "Reports | Admin", noindex: true });
}

const reasonLabel = (reason: string) =>
  REPORT_REASON_LABELS[reason as keyof typeof REPORT_REASON_LABELS] ?? reason;

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { status, result } = loaderData;
  useSnackbarNote(useActionData<typeof action>());
  return (
    <QueueFrame
      title="Reports"
      lead="Fix the profile (Edit) and mark the report as acted on, or dismiss it."
      base="/admin/reports"
      status={status}
      total={result.total}
      currentPage={result.current_page}
      lastPage={result.last_page}
      statusLabels={{ pending: "Open", approved: "Acted on", rejected: "Dismissed" }}
    >
      {result.data.map((item) => (
        <QueueItem key={item.id} label={`Report about ${item.model.name}`}>
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold">
              <Link to={`/models/${item.model.slug}`} className="text-accent hover:underline">
                {item.model.name}
              </Link>
            </h2>
            <span className="rounded bg-surface-muted px-2 py-0.5 text-xs font-semibold text-ink-soft">
              {reasonLabel(item.reason)}
            </span>
            <StatusPill status={item.status} />
            <Link to={`/admin/models/${item.model.id}`} className="ml-auto text-sm text-ink-muted underline">
              Edit model
            </Link>
          </div>
          <p className="mt-1 text-sm text-ink-muted">
            by {item.user ? `@${item.user.nick_name}` : "a guest"} · {formatDate(item.created_at)}
          </p>
          {item.text && <p className="mt-2 rounded bg-surface-muted px-3 py-2 text-sm">“{item.text}”</p>}
          <DecisionForm
            id={item.id}
            can={item.can}
            approveLabel="Acted on"
            rejectLabel="Dismiss"
            withNote={false}
          />
        </QueueItem>
      ))}
    </QueueFrame>
  );
}
