import { PAGE_SIZE } from "@camatlas/shared";
import {
  type AdminUserReviewItemReply,
  USER_REVIEW_STATES,
  type UserReviewState,
  userReviewEndpoints,
} from "@camatlas/shared/api-contract";
import { data, Form, Link, useActionData } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { controlClass } from "../../components/ui/field-frame.tsx";
import { NavPill } from "../../components/ui/nav-pill.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { formatDate } from "../../features/catalog/catalog-labels.ts";
import { RatingStars } from "../../features/user-reviews/rating-stars.tsx";
import { REVIEW_STATE_LABELS } from "../../features/user-reviews/review-labels.ts";
import { ReviewStateBadge } from "../../features/user-reviews/review-state-badge.tsx";
import { reviewPath } from "../../features/user-reviews/user-review-paths.ts";
import { ApiResponseError } from "../../lib/api-client.ts";
import { actionFailure, actionSuccess, apiLoad, useSnackbarNote } from "../../lib/errors/index.ts";
import { apiContext } from "../../lib/load-context.ts";
import { seo } from "../../lib/seo/page-meta.ts";
import { requireAdmin } from "../../lib/session/guards.ts";
import type { Route } from "./+types/user-reviews";

export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";

// /admin/user-reviews: the camfans' reviews waiting for a decision (oldest first), with the whole text, the media
// and the author's reviews removed before (three removals end her reviewing); bulk approve or reject a page.

const BASE = "/admin/user-reviews";
const queueHref = (status: UserReviewState, page = 1) =>
  `${BASE}?status=${status}${page > 1 ? `&page=${page}` : ""}`;

function statusOf(value: string | null): UserReviewState {
  return USER_REVIEW_STATES.find((s) => s === value) ?? "pending";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request);
  const url = new URL(request.url);
  const status = statusOf(url.searchParams.get("status"));
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const result = await apiLoad(
    context.get(apiContext).call(userReviewEndpoints.adminList, {
      query: { status, page, per_page: PAGE_SIZE.userReviews },
    }),
  );
  return { status, result };
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "User reviews | Admin", noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request);
  const api = context.get(apiContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = Number(form.get("id"));
  const reason = String(form.get("reason") ?? "").trim();
  try {
    switch (intent) {
      case "approve":
      case "reject": {
        const endpoint = intent === "approve" ? userReviewEndpoints.approve : userReviewEndpoints.reject;
        const reply = await api.call(endpoint, { params: { id }, body: { reason: reason || null } });
        return actionSuccess(reply.message);
      }
      case "remove": {
        const reply = await api.call(userReviewEndpoints.remove, { params: { id }, body: { reason } });
        return actionSuccess(reply.message);
      }
      case "bulk-approve":
      case "bulk-reject": {
        const ids = form.getAll("ids").map(Number);
        const reply = await api.call(userReviewEndpoints.bulk, {
          body: { ids, decision: intent === "bulk-approve" ? "approve" : "reject" },
        });
        return actionSuccess(reply.message);
      }
      default:
        throw data("Unknown action", { status: 400 });
    }
  } catch (error) {
    if (!(error instanceof ApiResponseError)) throw error;
    return actionFailure(error);
  }
}

export default function AdminUserReviews({ loaderData }: Route.ComponentProps) {
  const { status, result } = loaderData;
  useSnackbarNote(useActionData<typeof action>());
  const bulk = result.data.some((item) => item.can.approve);
  return (
    <div className="space-y-5">
      <PageHeader
        size="md"
        title="User reviews"
        lead="Approve what helps other fans; reject what breaks the rules. Removing a published review counts towards the author's three."
      />
      <nav aria-label="Status" className="flex flex-wrap items-center gap-1">
        {USER_REVIEW_STATES.map((s) => (
          <NavPill key={s} to={queueHref(s)} active={s === status}>
            {REVIEW_STATE_LABELS[s]}
          </NavPill>
        ))}
        <span className="ml-auto text-sm text-ink-faint">
          {result.total} {result.total === 1 ? "review" : "reviews"}
        </span>
      </nav>
      {bulk && (
        <Form method="post" id="bulk-form" className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-ink-muted">With the ticked reviews:</span>
          <Button type="submit" name="intent" value="bulk-approve" variant="positive" size="sm">
            Approve
          </Button>
          <Button type="submit" name="intent" value="bulk-reject" variant="danger" size="sm">
            Reject
          </Button>
        </Form>
      )}
      {result.total === 0 ? (
        <EmptyState title={`Nothing here${status === "pending" ? " — the queue is empty" : ""}.`} />
      ) : (
        <ul className="space-y-4">
          {result.data.map((item) => (
            <QueueReview key={item.id} item={item} bulk={bulk} />
          ))}
        </ul>
      )}
      <Pagination
        current={result.current_page}
        last={result.last_page}
        href={(page) => queueHref(status, page)}
        label="User review pages"
      />
    </div>
  );
}

function QueueReview({ item, bulk }: { item: AdminUserReviewItemReply; bulk: boolean }) {
  const history = item.author_history;
  return (
    <Card as="li" aria-label={`Review “${item.title}” of ${item.model.name}`} className="space-y-3">
      <div className="flex flex-wrap items-start gap-3">
        {bulk && item.can.approve && (
          <input
            type="checkbox"
            name="ids"
            value={item.id}
            form="bulk-form"
            aria-label={`Select “${item.title}”`}
            className="mt-1.5 h-4 w-4 accent-primary"
          />
        )}
        <div className="min-w-0 flex-1 space-y-1">
          <h2 className="break-words font-semibold text-ink">
            <Link to={reviewPath(item.id)} className="hover:text-accent hover:underline">
              {item.title}
            </Link>
          </h2>
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-ink-muted">
            <ReviewStateBadge state={item.state} always />
            <RatingStars rating={item.rating} />
            <span>
              of{" "}
              <Link to={`/models/${item.model.slug}`} className="text-accent underline hover:no-underline">
                {item.model.name}
              </Link>{" "}
              by{" "}
              <Link
                to={`/users/${encodeURIComponent(item.author.nick_name)}`}
                className="text-accent underline hover:no-underline"
              >
                @{item.author.nick_name}
              </Link>
            </span>
            <span>· {formatDate(item.created_at)}</span>
            <span>· {item.word_count} words</span>
          </p>
          <p className="text-xs text-ink-faint">
            {item.nicknames.map((n) => `${n.nickname} on ${n.cam_site_name}`).join(" · ")}
          </p>
        </div>
      </div>
      {/* Scrolls on its own: focusable, so the keyboard can scroll it too. */}
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1)
        tabIndex={0}
        aria-label={`Text of “${item.title}”`}
        className="max-h-64 overflow-y-auto whitespace-pre-line break-words rounded-lg bg-surface-muted p-3 text-sm leading-6 text-ink-soft focus:outline-none focus-visible:ring-2 focus-visible:ring-focus"
      >
        {item.body}
      </section>
      {(item.images.length > 0 || item.video) && (
        <ul className="flex flex-wrap gap-2" aria-label="Media">
          {item.images.map((image, index) => (
            <li key={image.id}>
              <a href={image.link} target="_blank" rel="noreferrer">
                <img
                  src={image.link}
                  alt={`${index + 1} of ${item.images.length} sent with the review`}
                  className="h-20 w-20 rounded-md object-cover"
                  loading="lazy"
                />
              </a>
            </li>
          ))}
          {item.video && (
            <li>
              <a
                href={item.video.link}
                target="_blank"
                rel="noreferrer"
                className="text-sm text-accent underline"
              >
                Video{item.video.duration !== null ? ` (${Math.ceil(item.video.duration)} s)` : ""} —{" "}
                {item.video.processing_status ?? "uploaded"}
              </a>
            </li>
          )}
        </ul>
      )}
      {item.decision_reason && <p className="text-sm text-ink-muted">Reason given: {item.decision_reason}</p>}
      <details className="text-sm" open={history.count_reviews_removed_by_admin > 0}>
        <summary className="cursor-pointer text-ink-soft">
          The author's removed reviews: {history.count_reviews_removed_by_admin} of 3
        </summary>
        {history.removed.length > 0 ? (
          <ul className="mt-2 space-y-1 text-ink-muted">
            {history.removed.map((removed) => (
              <li key={removed.id}>
                “{removed.title}” of {removed.model.name} · {formatDate(removed.removed_at)}
                {removed.reason && ` — ${removed.reason}`}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-ink-faint">None.</p>
        )}
      </details>
      <Decisions item={item} />
    </Card>
  );
}

function Decisions({ item }: { item: AdminUserReviewItemReply }) {
  const { can } = item;
  if (!can.approve && !can.reject && !can.remove) return null;
  return (
    <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="id" value={item.id} />
      <label className="min-w-48 flex-1 text-xs text-ink-muted">
        {can.remove
          ? "Reason (required to remove; the author reads it)"
          : "Reason (optional; the author reads it)"}
        <input
          name="reason"
          maxLength={2000}
          required={can.remove}
          className={controlClass({ size: "sm", className: "mt-1" })}
        />
      </label>
      {can.approve && (
        <Button type="submit" name="intent" value="approve" variant="positive" size="sm">
          Approve
        </Button>
      )}
      {can.reject && (
        <Button type="submit" name="intent" value="reject" variant="danger" size="sm">
          Reject
        </Button>
      )}
      {can.remove && (
        <Button type="submit" name="intent" value="remove" variant="danger" size="sm">
          Remove
        </Button>
      )}
    </Form>
  );
}
