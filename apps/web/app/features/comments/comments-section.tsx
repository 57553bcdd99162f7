import { COMMENT_MESSAGES } from "@camatlas/shared";
import { COMMENT_ORDERS, type CommentOrder } from "@camatlas/shared/comments";
import { Link, useLocation } from "react-router";
import { cardClass } from "../../components/ui/card.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { loginPath } from "../../lib/session/return-to.ts";
import { CommentForm } from "./comment-form.tsx";
import { CommentItem } from "./comment-item.tsx";
import { COMMENT_FAILURES, COMMENTS_FAILURE_PARAM, type CommentFailure } from "./comment-paths.ts";
import { COMMENTS_ORDER_PARAM, COMMENTS_PAGE_PARAM, type LoadedComments } from "./load-comments.ts";

// The Comments section every page with a Comments tab drops in (see README.md): the page's loader reads the
// thread with loadCommentsPage, so the comments are in the server-rendered HTML; writing, voting and moderating go
// through fetchers without a full reload.

const ORDER_LABELS: Record<CommentOrder, string> = { newest: "Newest", oldest: "Oldest", top: "Top" };

/** What a failed action without JavaScript says (the API's own texts, chosen by the code in the address). */
const FAILURE_TEXTS: Record<CommentFailure, string> = {
  too_fast: COMMENT_MESSAGES.postedTooFast,
  invalid: COMMENT_MESSAGES.actionInvalid,
  not_allowed: COMMENT_MESSAGES.actionNotAllowed,
  failed: COMMENT_MESSAGES.actionFailed,
};

/** This address with the thread's page and order changed (other parameters, e.g. the tab, kept). */
function withParams(location: { pathname: string; search: string }, changes: Record<string, string | null>) {
  const params = new URLSearchParams(location.search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ""}#comments`;
}

export function CommentsSection({
  comments,
  title = "Comments",
}: {
  comments: LoadedComments;
  /** The section's heading (pages whose tab already says "Comments" may keep it). */
  title?: string;
}) {
  const location = useLocation();
  const headingId = "comments-heading";
  if (!comments.ok)
    return (
      <section id="comments" aria-labelledby={headingId} className="space-y-4">
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        <p role="alert" className={cardClass({ className: "text-sm text-danger" })}>
          {COMMENT_MESSAGES.loadFailed}
        </p>
      </section>
    );
  const { thread, zone, commentableId } = comments;
  const order = thread.meta.order_by;
  const failure = COMMENT_FAILURES.find(
    (code) => code === new URLSearchParams(location.search).get(COMMENTS_FAILURE_PARAM),
  );
  return (
    <section id="comments" aria-labelledby={headingId} className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          {title} <span className="text-ink-muted tabular-nums">({thread.meta.count})</span>
        </h2>
        {thread.total > 1 && (
          <nav aria-label="Order of comments" className="flex gap-1 text-sm">
            {COMMENT_ORDERS.map((o) => (
              <Link
                key={o}
                to={withParams(location, {
                  [COMMENTS_ORDER_PARAM]: o === "newest" ? null : o,
                  [COMMENTS_PAGE_PARAM]: null,
                })}
                preventScrollReset
                aria-current={o === order ? "true" : undefined}
                className={`rounded-md px-2 py-1.5 ${o === order ? "bg-primary-soft text-accent" : "text-ink-muted hover:bg-surface-muted"}`}
              >
                {ORDER_LABELS[o]}
              </Link>
            ))}
          </nav>
        )}
      </div>

      <div className={cardClass({ className: "space-y-3 text-sm" })}>
        {failure && (
          <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-danger">
            {FAILURE_TEXTS[failure]}
          </p>
        )}
        {thread.meta.can_post ? (
          <CommentForm zone={zone} commentableId={commentableId} label="Write a comment" />
        ) : thread.meta.cannot_post_reason === "banned" ? (
          <p className="text-ink-muted">{COMMENT_MESSAGES.banned}</p>
        ) : (
          <p className="text-ink-soft">
            <Link
              to={loginPath(`${location.pathname}${location.search}`)}
              className="font-medium text-accent underline"
            >
              {COMMENT_MESSAGES.signInToComment}
            </Link>{" "}
            or{" "}
            <Link to="/register" className="text-accent underline">
              create a free account
            </Link>
            .
          </p>
        )}
      </div>

      {thread.data.length === 0 ? (
        <p className="text-sm text-ink-muted">{COMMENT_MESSAGES.empty}</p>
      ) : (
        <ol className="space-y-6" aria-label={`${title}, page ${thread.current_page} of ${thread.last_page}`}>
          {thread.data.map((comment) => (
            <li key={comment.id}>
              <CommentItem comment={comment} threadZone={{ zone, commentableId }} />
            </li>
          ))}
        </ol>
      )}

      <Pagination
        current={thread.current_page}
        last={thread.last_page}
        label="Comment pages"
        href={(page) => withParams(location, { [COMMENTS_PAGE_PARAM]: page === 1 ? null : String(page) })}
      />
    </section>
  );
}
