import { moderationEndpoints } from "@camatlas/shared/api-contract";
import { Link, useActionData } from "react-router";
import { formatDate } from "../../features/catalog/catalog-labels.ts";
import { decide } from "../../features/moderation/decide.server.ts";
import { loadQueue } from "../../features/moderation/queue.ts";
import { DecisionForm, QueueFrame, QueueItem } from "../../features/moderation/queue-frame.tsx";
import { diffValueText } from "../../features/moderation/revision-diff.ts";
import { useSnackbarNote } from "../../lib/errors/index.ts";
import { apiContext } from "../../lib/load-context.ts";
import { seo } from "../../lib/seo/page-meta.ts";
import { requireAdmin } from "../../lib/session/guards.ts";
import type { Route } from "./+types/moderation-new-models";

export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";

// Models created by members (moderation_state new) wait here for a first check.
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request);
  return loadQueue(request, (query) =>
    context.get(apiContext).call(moderationEndpoints.newModels, { query }),
  );
}

export function action({ request, context }: Route.ActionArgs) {
  return decide(request, context, {
    approve: moderationEndpoints.approveNewModel,
    reject: moderationEndpoints.rejectNewModel,
  });
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "New models | Admin", noindex: true });
}

export default function NewModels({ loaderData }: Route.ComponentProps) {
  const { status, result } = loaderData;
  useSnackbarNote(useActionData<typeof action>());
  return (
    <QueueFrame
      title="New models"
      lead="Profiles members added. Rejecting removes the model from the site."
      base="/admin/new-models"
      status={status}
      total={result.total}
      currentPage={result.current_page}
      lastPage={result.last_page}
    >
      {result.data.map((item) => (
        <QueueItem key={item.id} label={`New model ${item.name}`}>
          <div className="flex flex-wrap items-baseline gap-2">
            <h2 className="font-semibold">
              <Link to={`/models/${item.slug}`} className="text-accent hover:underline">
                {item.name}
              </Link>
            </h2>
            <span className="text-sm text-ink-faint">
              {[
                item.country ? diffValueText("country", item.country) : null,
                item.birthday ? `born ${formatDate(item.birthday)}` : null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </span>
            <Link to={`/admin/models/${item.id}`} className="ml-auto text-sm text-ink-muted underline">
              Edit
            </Link>
          </div>
          <p className="mt-1 text-sm text-ink-muted">
            added by {item.user ? `@${item.user.nick_name}` : "a deleted user"} ·{" "}
            {formatDate(item.created_at)}
          </p>
          <DecisionForm id={item.id} can={item.can} rejectLabel="Reject and remove" />
        </QueueItem>
      ))}
    </QueueFrame>
  );
}
