import { moderationEndpoints } from "@camatlas/shared/api-contract";
import { Link, useActionData } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { formatDate } from "../../features/catalog/catalog-labels.ts";
import { decide } from "../../features/moderation/decide.server.ts";
import { loadQueue } from "../../features/moderation/queue.ts";
import { DecisionForm, QueueFrame, QueueItem, StatusPill } from "../../features/moderation/queue-frame.tsx";
import { useSnackbarNote } from "../../lib/errors/index.ts";
import { apiContext } from "../../lib/load-context.ts";
import { seo } from "../../lib/seo/page-meta.ts";
import { requireAdmin } from "../../lib/session/guards.ts";
import type { Route } from "./+types/verification";

export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";

// Camgirls claiming a model: check the picture; approving binds the model to her account (verified badge).
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request);
  return loadQueue(request, (query) =>
    context.get(apiContext).call(moderationEndpoints.verificationRequests, { query }),
  );
}

export function action({ request, context }: Route.ActionArgs) {
  return decide(request, context, {
    approve: moderationEndpoints.approveVerification,
    reject: moderationEndpoints.rejectVerification,
  });
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "Verification requests | Admin", noindex: true });
}

export default function Verification({ loaderData }: Route.ComponentProps) {
  const { status, result } = loaderData;
  useSnackbarNote(useActionData<typeof action>());
  return (
    <QueueFrame
      title="Verification requests"
      lead="Approving binds the model to the camgirl's account; the profile then shows as verified."
      base="/admin/verification-requests"
      status={status}
      total={result.total}
      currentPage={result.current_page}
      lastPage={result.last_page}
    >
      {result.data.map((item) => (
        <QueueItem key={item.id} label={`Verification of ${item.model.name}`}>
          <div className="flex flex-col gap-4 sm:flex-row">
            {item.image_path ? (
              <a href={item.image_path} target="_blank" rel="noreferrer" className="shrink-0">
                <img
                  src={item.image_path}
                  alt={`Sent by @${item.user?.nick_name ?? "a deleted user"} to verify ${item.model.name}`}
                  className="h-48 w-48 rounded-lg bg-surface-muted object-contain ring-1 ring-line-soft"
                  loading="lazy"
                />
              </a>
            ) : (
              <div className="flex h-48 w-48 items-center justify-center rounded-lg bg-surface-muted text-sm text-ink-faint">
                No picture
              </div>
            )}
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="font-semibold">
                  <Link to={`/models/${item.model.slug}`} className="text-accent hover:underline">
                    {item.model.name}
                  </Link>
                </h2>
                <StatusPill status={item.status} />
                {item.model.is_verified && <Badge>already verified</Badge>}
              </div>
              <p className="mt-1 text-sm text-ink-muted">
                claimed by {item.user ? `@${item.user.nick_name}` : "a deleted user"} ·{" "}
                {formatDate(item.created_at)}
              </p>
              {item.message && (
                <p className="mt-2 rounded bg-surface-muted px-3 py-2 text-sm">“{item.message}”</p>
              )}
              <DecisionForm id={item.id} can={item.can} approveLabel="Approve and bind" />
            </div>
          </div>
        </QueueItem>
      ))}
    </QueueFrame>
  );
}
