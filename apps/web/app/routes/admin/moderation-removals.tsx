import { moderationEndpoints } from "@camatlas/shared/api-contract";
import { Link, useActionData } from "react-router";
import { formatDate } from "../../features/catalog/catalog-labels.ts";
import { decide } from "../../features/moderation/decide.server.ts";
import { loadQueue } from "../../features/moderation/queue.ts";
import { DecisionForm, QueueFrame, QueueItem, StatusPill } from "../../features/moderation/queue-frame.tsx";
import { useSnackbarNote } from "../../lib/errors/index.ts";
import { apiContext } from "../../lib/load-context.ts";
import { seo } from "../../lib/seo/page-meta.ts";
import { requireAdmin } from "../../lib/session/guards.ts";
import type { Route } from "./+types/moderation-removals";

export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";

// Nickname removals take effect only when an admin approves them (spec §4).
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request);
  return loadQueue(request, (query) =>
    context.get(apiContext).call(moderationEndpoints.nicknameRemovals, { query }),
  );
}

export function action({ request, context }: Route.ActionArgs) {
  return decide(request, context, {
    approve: moderationEndpoints.approveNicknameRemoval,
    reject: moderationEndpoints.rejectNicknameRemoval,
  });
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "Nickname removals | Admin", noindex: true });
}

export default function NicknameRemovals({ loaderData }: Route.ComponentProps) {
  const { status, result } = loaderData;
  useSnackbarNote(useActionData<typeof action>());
  return (
    <QueueFrame
      title="Nickname removals"
      lead="Members asked for these nicknames to be removed from a model."
      base="/admin/nickname-removals"
      status={status}
      total={result.total}
      currentPage={result.current_page}
      lastPage={result.last_page}
    >
      {result.data.map((item) => (
        <QueueItem key={item.id} label={`Removal of ${item.nickname.nickname}`}>
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold">
              {item.nickname.nickname}{" "}
              <span className="font-normal text-ink-faint">on {item.nickname.cam_site_name}</span>
            </h2>
            <StatusPill status={item.status} />
          </div>
          <p className="mt-1 text-sm text-ink-muted">
            {item.model ? (
              <>
                Model{" "}
                <Link to={`/models/${item.model.slug}`} className="text-accent underline hover:no-underline">
                  {item.model.name}
                </Link>
              </>
            ) : (
              "No model"
            )}{" "}
            · asked by {item.user ? `@${item.user.nick_name}` : "a deleted user"} ·{" "}
            {formatDate(item.created_at)}
          </p>
          {item.reason && <p className="mt-2 rounded bg-surface-muted px-3 py-2 text-sm">“{item.reason}”</p>}
          <DecisionForm id={item.id} can={item.can} approveLabel="Remove nickname" rejectLabel="Keep it" />
        </QueueItem>
      ))}
    </QueueFrame>
  );
}
