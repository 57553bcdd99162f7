import {
  ADMIN_COMMENT_ACTIONS,
  ADMIN_COMMENT_FILTERS,
  type AdminCommentAction,
  type AdminCommentFilter,
  commentEndpoints,
} from "@camatlas/shared/api-contract";
import { Form, Link, useActionData } from "react-router";
import { buttonClass } from "../../components/ui/button.tsx";
import { cardClass } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { NavPill } from "../../components/ui/nav-pill.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { CommentText } from "../../features/comments/comment-text.tsx";
import { actionFailure, actionInvalid, actionSuccess, useSnackbarNote } from "../../lib/errors/index.ts";
import { apiContext } from "../../lib/load-context.ts";
import { seo } from "../../lib/seo/page-meta.ts";
import { requireAdmin } from "../../lib/session/guards.ts";
import type { Route } from "./+types/comments";

export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";

// /admin/comments: reported comments first (or the newest, hidden, deleted ones); hide, show, delete, restore,
// dismiss reports, ban or unban authors, one at a time or ticked together. Works without JavaScript.

const FILTER_LABELS: Record<AdminCommentFilter, string> = {
  reported: "Reported",
  recent: "Recent",
  hidden: "Hidden",
  deleted: "Deleted",
};

const ACTION_LABELS: Record<AdminCommentAction, string> = {
  hide: "Hide",
  unhide: "Show again",
  delete: "Delete",
  restore: "Restore",
  dismiss_reports: "Dismiss reports",
  ban_author: "Ban author from commenting",
  unban_author: "Let author comment again",
};

const ZONE_LABELS: Record<string, string> = {
  model: "Model",
  user_review: "User review",
  post: "Post",
  profile: "User page",
  story: "Story",
  topic: "Forum topic",
  stats_nickname: "Stats page",
};

function filterOf(url: URL): AdminCommentFilter {
  const value = url.searchParams.get("filter");
  return ADMIN_COMMENT_FILTERS.find((f) => f === value) ?? "reported";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request);
  const url = new URL(request.url);
  const filter = filterOf(url);
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const result = await context.get(apiContext).call(commentEndpoints.adminList, { query: { filter, page } });
  return { filter, result };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request);
  const form = await request.formData();
  // A row's own button says "action:id"; the bulk bar sends the chosen action and the ticked ids.
  const row = String(form.get("row_action") ?? "");
  const [rowAction, rowId] = row.split(":");
  const action = (rowAction || String(form.get("action") ?? "")) as AdminCommentAction;
  const ids = rowId ? [Number(rowId)] : form.getAll("ids").map(Number);
  if (ids.length === 0) return actionInvalid({ ids: ["Tick at least one comment."] });
  if (!ADMIN_COMMENT_ACTIONS.includes(action)) return actionInvalid({ action: ["Choose an action."] });
  try {
    const reply = await context
      .get(apiContext)
      .call(commentEndpoints.adminModerate, { body: { ids, action } });
    return actionSuccess(reply.message);
  } catch (error) {
    return actionFailure(error);
  }
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "Comments | Admin", noindex: true });
}

const when = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

export default function AdminComments({ loaderData }: Route.ComponentProps) {
  const { filter, result } = loaderData;
  const outcome = useActionData<typeof action>();
  useSnackbarNote(outcome);
  const bulkError =
    outcome && !outcome.ok ? (outcome.errors?.ids?.[0] ?? outcome.errors?.action?.[0]) : undefined;
  return (
    <div className="space-y-5">
      <PageHeader
        title="Comments"
        size="md"
        lead="Reported comments come first. Hide or delete what breaks the rules, restore a mistake, and ban an author who keeps at it."
      />
      <nav aria-label="Which comments" className="flex flex-wrap gap-1">
        {ADMIN_COMMENT_FILTERS.map((f) => (
          <NavPill key={f} to={`/admin/comments?filter=${f}`} active={f === filter}>
            {FILTER_LABELS[f]}
          </NavPill>
        ))}
      </nav>
      {result.data.length === 0 ? (
        <EmptyState title={filter === "reported" ? "No reported comments" : "No comments here"} />
      ) : (
        <Form method="post" className="space-y-4">
          <fieldset className={cardClass({ className: "flex flex-wrap items-end gap-3" })}>
            <legend className="sr-only">Bulk action on the ticked comments</legend>
            <label className="flex flex-col gap-1 text-sm text-ink-soft">
              With the ticked comments
              <select
                name="action"
                className="min-h-9 rounded-md border border-line bg-surface px-2 text-ink"
              >
                {ADMIN_COMMENT_ACTIONS.map((a) => (
                  <option key={a} value={a}>
                    {ACTION_LABELS[a]}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={buttonClass({ size: "sm" })}>
              Apply
            </button>
            {bulkError && (
              <p role="alert" className="text-sm text-danger">
                {bulkError}
              </p>
            )}
          </fieldset>
          <ul className="space-y-3">
            {result.data.map((item) => {
              const state = item.deleted_at ? "Deleted" : item.deleted_by_model ? "Hidden" : null;
              const rowButton = (a: AdminCommentAction, danger = false) => (
                <button
                  type="submit"
                  name="row_action"
                  value={`${a}:${item.id}`}
                  className={buttonClass({ variant: danger ? "danger" : "secondary", size: "xs" })}
                >
                  {ACTION_LABELS[a]}
                </button>
              );
              return (
                <li
                  key={item.id}
                  className={cardClass({ className: "space-y-2" })}
                  aria-label={`Comment ${item.id}`}
                >
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                    <label className="flex items-center gap-2">
                      <input type="checkbox" name="ids" value={item.id} className="size-4" />
                      <span className="sr-only">Select comment {item.id}</span>
                    </label>
                    <span className="font-semibold text-ink">
                      {item.user ? `@${item.user.nick_name}` : "a guest"}
                    </span>
                    {item.author_banned && (
                      <span className="rounded bg-danger-soft px-2 py-0.5 text-xs text-danger">Banned</span>
                    )}
                    <span className="text-ink-muted">
                      {ZONE_LABELS[item.comment_zone] ?? item.comment_zone} ·{" "}
                      {when.format(new Date(item.created_at))}
                    </span>
                    {state && (
                      <span className="rounded bg-warning-soft px-2 py-0.5 text-xs text-warning">
                        {state}
                      </span>
                    )}
                    {item.pending_reports > 0 && (
                      <span className="rounded bg-danger-soft px-2 py-0.5 text-xs font-semibold text-danger">
                        {item.pending_reports} {item.pending_reports === 1 ? "report" : "reports"}
                      </span>
                    )}
                    {item.url && !item.deleted_at && (
                      <Link to={item.url} className="ml-auto text-accent underline">
                        View on page
                      </Link>
                    )}
                  </div>
                  <div className="rounded bg-surface-muted px-3 py-2">
                    <CommentText text={item.text} mentions={[]} />
                    {item.media.length > 0 && (
                      <p className="mt-1 text-xs text-ink-muted">
                        {item.media.length} {item.media.length === 1 ? "image" : "images"}:{" "}
                        {item.media.map((m, i) => (
                          <a key={m.id} href={m.link} className="mr-2 text-accent underline">
                            {i + 1}
                          </a>
                        ))}
                      </p>
                    )}
                  </div>
                  {item.report_reasons.length > 0 && (
                    <ul className="space-y-1 text-sm text-ink-soft" aria-label="Reasons given">
                      {item.report_reasons.map((r) => (
                        <li key={`${r.created_at}-${r.reason}`}>“{r.reason}”</li>
                      ))}
                    </ul>
                  )}
                  <div className="flex flex-wrap gap-2">
                    {item.deleted_at ? rowButton("restore") : rowButton("delete", true)}
                    {!item.deleted_at && (item.deleted_by_model ? rowButton("unhide") : rowButton("hide"))}
                    {item.pending_reports > 0 && rowButton("dismiss_reports")}
                    {item.user &&
                      (item.author_banned ? rowButton("unban_author") : rowButton("ban_author", true))}
                  </div>
                </li>
              );
            })}
          </ul>
        </Form>
      )}
      <Pagination
        current={result.current_page}
        last={result.last_page}
        href={(p) => `/admin/comments?filter=${filter}&page=${p}`}
        label="Comment pages"
      />
    </div>
  );
}
