import { COMMENT_LIMITS, COMMENT_MESSAGES, ROLE, TEXT_LIMITS, utcDateTime } from "@camatlas/shared";
import { type CommentBaseReply, type CommentReply, commentEndpoints } from "@camatlas/shared/api-contract";
import { commentAnchor } from "@camatlas/shared/comments";
import { type ReactNode, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { BlurImage } from "../../components/ui/blur-image.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { browserCall, fieldError, handleClientError, type IntentResult } from "../../lib/errors/index.ts";
import { CommentForm } from "./comment-form.tsx";
import { CommentMedia } from "./comment-media.tsx";
import { COMMENT_ACTIONS_PATH, returnField } from "./comment-paths.ts";
import { CommentText } from "./comment-text.tsx";
import { CommentVotes } from "./comment-votes.tsx";
import { COMMENTS_REPLIES_PARAM } from "./load-comments.ts";

// One comment in a thread: its author, text, images, votes and what the reader may do with it; a top-level comment
// also lists its replies (the first 3, then "show more").

const ROLE_BADGES: Record<number, string> = { [ROLE.admin]: "Admin", [ROLE.camgirl]: "Model" };

const linkButton =
  "inline-flex min-h-9 items-center rounded-md px-2 text-sm text-ink-muted hover:bg-surface-muted hover:text-ink";

/** A small form posting one action about a comment (delete, hide, unhide) to the comment actions route. */
function ActionButton({
  comment,
  intent,
  children,
  danger,
}: {
  comment: CommentBaseReply;
  intent: string;
  children: ReactNode;
  danger?: boolean;
}) {
  const fetcher = useFetcher<IntentResult>();
  const location = useLocation();
  return (
    <fetcher.Form method="post" action={COMMENT_ACTIONS_PATH} className="contents">
      <input type="hidden" name="comment_id" value={comment.id} />
      <input type="hidden" name="redirect_to" value={returnField(location, commentAnchor(comment.id))} />
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={fetcher.state !== "idle"}
        className={`${linkButton} ${danger ? "hover:text-danger" : ""}`}
      >
        {children}
      </button>
    </fetcher.Form>
  );
}

/** A disclosure holding a small form (edit, report, reply): opens without JavaScript. */
function Disclosure({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <details className="group open:basis-full">
      <summary className={`${linkButton} cursor-pointer list-none`}>{summary}</summary>
      <div className="mt-2">{children}</div>
    </details>
  );
}

function EditForm({ comment }: { comment: CommentBaseReply }) {
  const fetcher = useFetcher<IntentResult>();
  const location = useLocation();
  const intent = `edit-${comment.id}`;
  const result = fetcher.data?.intent === intent ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post" action={COMMENT_ACTIONS_PATH} className="space-y-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="comment_id" value={comment.id} />
      <input type="hidden" name="redirect_to" value={returnField(location, commentAnchor(comment.id))} />
      <TextField
        multiline
        name="text"
        label="Edit your comment"
        rows={3}
        required
        maxLength={TEXT_LIMITS.comment}
        defaultValue={comment.text}
        error={fieldError(result, intent, "text") ?? (result && !result.ok ? result.message : undefined)}
      />
      <button type="submit" className={buttonClass({ size: "sm" })} disabled={fetcher.state !== "idle"}>
        Save
      </button>
    </fetcher.Form>
  );
}

function ReportForm({ comment }: { comment: CommentBaseReply }) {
  const fetcher = useFetcher<IntentResult>();
  const location = useLocation();
  const intent = `report-${comment.id}`;
  const result = fetcher.data?.intent === intent ? fetcher.data : undefined;
  if (result?.ok) return <p className="text-sm text-success">{COMMENT_MESSAGES.reported}</p>;
  return (
    <fetcher.Form method="post" action={COMMENT_ACTIONS_PATH} className="space-y-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="comment_id" value={comment.id} />
      <input type="hidden" name="redirect_to" value={returnField(location, commentAnchor(comment.id))} />
      <TextField
        name="reason"
        label="What is wrong with this comment?"
        required
        maxLength={COMMENT_LIMITS.reportReason}
        error={fieldError(result, intent, "reason") ?? (result && !result.ok ? result.message : undefined)}
      />
      <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
        Send report
      </button>
    </fetcher.Form>
  );
}

function Body({ comment }: { comment: CommentBaseReply }) {
  if (comment.deleted_at)
    return <p className="text-sm italic text-ink-muted">{COMMENT_MESSAGES.deletedPlaceholder}</p>;
  if (comment.deleted_by_model && !comment.text)
    return <p className="text-sm italic text-ink-muted">{COMMENT_MESSAGES.hiddenPlaceholder}</p>;
  return (
    <>
      {comment.deleted_by_model && (
        <p className="mb-1 text-xs font-medium text-warning">
          Hidden by the model: others do not see this text.
        </p>
      )}
      <CommentText text={comment.text} mentions={comment.mentions} />
      <CommentMedia
        media={comment.media}
        author={comment.user?.nick_name ?? comment.author_name ?? "a guest"}
      />
    </>
  );
}

export function CommentItem({
  comment,
  threadZone,
}: {
  comment: CommentBaseReply | CommentReply;
  threadZone?: { zone: CommentBaseReply["comment_zone"]; commentableId: number };
}) {
  const author = comment.user?.nick_name ?? comment.author_name;
  const badge = comment.user ? ROLE_BADGES[comment.user.role_id] : undefined;
  const gone = Boolean(comment.deleted_at);
  const [replying, setReplying] = useState(false);
  return (
    <article
      id={commentAnchor(comment.id)}
      aria-label={gone ? "Deleted comment" : `Comment by ${author ?? "a guest"}`}
      className="scroll-mt-24"
    >
      <div className="flex gap-3">
        {comment.user?.avatar_path ? (
          <BlurImage
            src={comment.user.avatar_path}
            placeholder={comment.user.avatar_placeholder}
            alt=""
            width={36}
            height={36}
            className="size-9 shrink-0 rounded-full object-cover"
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-surface-muted text-sm font-semibold text-ink-muted"
          >
            {gone ? "–" : (author ?? "?").slice(0, 1).toUpperCase()}
          </div>
        )}
        <div className="min-w-0 flex-1">
          {!gone && (
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              {comment.user ? (
                <Link
                  to={`/users/${encodeURIComponent(comment.user.nick_name)}`}
                  className="font-semibold text-ink hover:underline"
                >
                  {comment.user.nick_name}
                </Link>
              ) : (
                <span className="font-semibold text-ink">{author ?? "Guest"}</span>
              )}
              {badge && <Badge>{badge}</Badge>}
              <time dateTime={comment.created_at} className="text-xs text-ink-muted">
                {utcDateTime(new Date(comment.created_at))}
              </time>
              {comment.edited_at && (
                <span className="text-xs text-ink-muted">({COMMENT_MESSAGES.edited})</span>
              )}
            </p>
          )}
          <div className="mt-1">
            <Body comment={comment} />
          </div>
          {!gone && (
            <div className="mt-1 flex flex-wrap items-center gap-1">
              <CommentVotes comment={comment} />
              {comment.can.reply && threadZone && (
                <button
                  type="button"
                  className={linkButton}
                  aria-expanded={replying}
                  onClick={() => setReplying((v) => !v)}
                >
                  Reply
                </button>
              )}
              {comment.can.hide && (
                <ActionButton comment={comment} intent={`hide-${comment.id}`}>
                  Hide
                </ActionButton>
              )}
              {comment.can.unhide && (
                <ActionButton comment={comment} intent={`unhide-${comment.id}`}>
                  Show again
                </ActionButton>
              )}
              {comment.can.delete && (
                <ActionButton comment={comment} intent={`delete-${comment.id}`} danger>
                  Delete
                </ActionButton>
              )}
              {comment.can.edit && (
                <Disclosure summary="Edit">
                  <EditForm comment={comment} />
                </Disclosure>
              )}
              {comment.can.report && (
                <Disclosure summary="Report">
                  <ReportForm comment={comment} />
                </Disclosure>
              )}
            </div>
          )}
          {replying && threadZone && (
            <div className="mt-2">
              <CommentForm
                zone={threadZone.zone}
                commentableId={threadZone.commentableId}
                inReplyTo={comment.id}
                label={`Reply to ${author ?? "this comment"}`}
                onDone={() => setReplying(false)}
              />
            </div>
          )}
          {"replies" in comment && <Replies comment={comment} threadZone={threadZone} />}
        </div>
      </div>
    </article>
  );
}

function moreRepliesHref(location: { pathname: string; search: string }, commentId: number) {
  const params = new URLSearchParams(location.search);
  params.set(COMMENTS_REPLIES_PARAM, String(commentId));
  return `${location.pathname}?${params}#${commentAnchor(commentId)}`;
}

/** A top-level comment's replies: the first few from the page, the rest on request. */
function Replies({
  comment,
  threadZone,
}: {
  comment: CommentReply;
  threadZone?: { zone: CommentBaseReply["comment_zone"]; commentableId: number };
}) {
  const location = useLocation();
  const [more, setMore] = useState<CommentBaseReply[]>([]);
  const [loading, setLoading] = useState(false);
  const shownIds = new Set(comment.replies.map((r) => r.id));
  const extra = more.filter((r) => !shownIds.has(r.id));
  const shown = [...comment.replies, ...extra];
  const left = comment.replies_count - shown.length;

  async function loadMore() {
    setLoading(true);
    try {
      const page = await browserCall(commentEndpoints.replies, {
        params: { id: comment.id },
        query: { per_page: 100 },
      });
      setMore(page.data);
    } catch (error) {
      handleClientError(error);
    } finally {
      setLoading(false);
    }
  }

  if (shown.length === 0) return null;
  return (
    <div className="mt-3 space-y-4 border-l-2 border-line-soft pl-3 sm:pl-4">
      {shown.map((reply) => (
        <CommentItem key={reply.id} comment={reply} threadZone={threadZone} />
      ))}
      {left > 0 && (
        // A link to this page with every reply of the comment (without JavaScript); with it, they load in place.
        <Link
          to={moreRepliesHref(location, comment.id)}
          preventScrollReset
          onClick={(event) => {
            event.preventDefault();
            if (!loading) void loadMore();
          }}
          aria-disabled={loading}
          className={`${linkButton} text-accent`}
        >
          {loading ? "Loading…" : `Show ${left} more ${left === 1 ? "reply" : "replies"}`}
        </Link>
      )}
    </div>
  );
}
