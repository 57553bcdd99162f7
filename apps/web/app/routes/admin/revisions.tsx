import { moderationEndpoints, tagEndpoints } from "@camatlas/shared/api-contract";
import { Link, useActionData } from "react-router";
import { formatDate } from "../../features/catalog/catalog-labels.ts";
import { decide } from "../../features/moderation/decide.server.ts";
import { loadQueue } from "../../features/moderation/queue.ts";
import { DecisionForm, QueueFrame, QueueItem, StatusPill } from "../../features/moderation/queue-frame.tsx";
import { diffValueText, fieldLabel, tagChanges } from "../../features/moderation/revision-diff.ts";
import { useSnackbarNote } from "../../lib/errors/index.ts";
import { apiContext } from "../../lib/load-context.ts";
import { seo } from "../../lib/seo/page-meta.ts";
import { requireAdmin } from "../../lib/session/guards.ts";
import type { Route } from "./+types/revisions";

export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";

// Proposed model edits (spec §4): each revision's changes field by field; approving makes them visible.
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request);
  const [queue, tags] = await Promise.all([
    loadQueue(request, (query) => context.get(apiContext).call(moderationEndpoints.revisions, { query })),
    context
      .get(apiContext)
      .call(tagEndpoints.list, {})
      .catch(() => ({ data: [] })),
  ]);
  return { ...queue, tagNames: tags.data.map((t) => [t.id, t.name] as const) };
}

export function action({ request, context }: Route.ActionArgs) {
  return decide(request, context, {
    approve: moderationEndpoints.approveRevision,
    reject: moderationEndpoints.rejectRevision,
  });
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "Revisions | Admin", noindex: true });
}

export default function Revisions({ loaderData }: Route.ComponentProps) {
  const { status, result, tagNames } = loaderData;
  useSnackbarNote(useActionData<typeof action>());
  const tags = new Map(tagNames);
  return (
    <QueueFrame
      title="Revisions"
      lead="Edits proposed by members. The public profile changes only when you approve."
      base="/admin/revisions"
      status={status}
      total={result.total}
      currentPage={result.current_page}
      lastPage={result.last_page}
    >
      {result.data.map((revision) => (
        <QueueItem key={revision.id} label={`Revision of ${revision.model.name}`}>
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold">
              <Link to={`/models/${revision.model.slug}`} className="text-accent hover:underline">
                {revision.model.name}
              </Link>
            </h2>
            <StatusPill status={revision.status} />
            <span className="text-sm text-ink-faint">
              by {revision.user ? `@${revision.user.nick_name}` : "a deleted user"} ·{" "}
              {formatDate(revision.created_at)}
            </span>
          </div>
          <table className="mt-3 w-full text-left text-sm">
            <caption className="sr-only">Changes to {revision.model.name}</caption>
            <thead className="text-xs uppercase tracking-wide text-ink-faint">
              <tr>
                <th scope="col" className="w-40 py-1 pr-3">
                  Field
                </th>
                <th scope="col" className="py-1 pr-3">
                  Now
                </th>
                <th scope="col" className="py-1">
                  Proposed
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line-soft">
              {revision.diff.map((change) => {
                const tagDiff = change.field === "tags_id_list" ? tagChanges(change.from, change.to) : null;
                return (
                  <tr key={change.field} className="align-top">
                    <th scope="row" className="py-1.5 pr-3 font-medium text-ink-soft">
                      {fieldLabel(change.field)}
                    </th>
                    <td className="py-1.5 pr-3">
                      <del className="rounded bg-primary-soft px-1 text-accent decoration-accent/50">
                        {diffValueText(change.field, change.from, tags)}
                      </del>
                    </td>
                    <td className="py-1.5">
                      <ins className="rounded bg-success-soft px-1 text-success no-underline">
                        {diffValueText(change.field, change.to, tags)}
                      </ins>
                      {tagDiff && (tagDiff.added.length > 0 || tagDiff.removed.length > 0) && (
                        <span className="ml-2 text-xs text-ink-faint">
                          {tagDiff.added.length > 0 &&
                            `+${diffValueText("tags_id_list", tagDiff.added, tags)} `}
                          {tagDiff.removed.length > 0 &&
                            `−${diffValueText("tags_id_list", tagDiff.removed, tags)}`}
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {revision.note && <p className="mt-2 text-sm text-ink-muted">Note: {revision.note}</p>}
          <DecisionForm id={revision.id} can={revision.can} />
        </QueueItem>
      ))}
    </QueueFrame>
  );
}
