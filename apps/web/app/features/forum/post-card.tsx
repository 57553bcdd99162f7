import type { ForumPostReply } from "@camatlas/shared/api-contract";
import {
  FORUM_MESSAGES,
  FORUM_REPORT_REASON_LABELS,
  FORUM_REPORT_REASONS,
  FORUM_TEXT,
} from "@camatlas/shared/forum";
import { Form, Link } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { Avatar } from "../account/avatar.tsx";
import { ForumTime } from "./forum-time.tsx";
import { MarkdownLiteView } from "./markdown-lite-view.tsx";
import { PostEditor } from "./post-editor.tsx";

// One post of a topic page: author, time, text, images and what the reader may do with it (its `can`): vote, quote,
// edit, delete, report, mark as the answer. Every action is a small form, so all of it works without JavaScript.

const small = buttonClass({ variant: "ghost", size: "xs" });

function IntentForm({
  intent,
  postId,
  children,
  extra,
  label,
}: {
  intent: string;
  postId: number;
  children: React.ReactNode;
  extra?: Record<string, string>;
  label?: string;
}) {
  return (
    <Form method="post" preventScrollReset className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="post_id" value={postId} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={small} aria-label={label}>
        {children}
      </button>
    </Form>
  );
}

export function PostCard({
  post,
  quoteHref,
  editHref,
  editing,
  editError,
}: {
  post: ForumPostReply;
  quoteHref: string;
  editHref: string;
  editing: boolean;
  editError?: string | undefined;
}) {
  const anchor = post.position ? `post-${post.position}` : `pending-${post.id}`;
  const author = post.author?.nick_name ?? "Former member";
  return (
    <article
      id={anchor}
      aria-label={post.position ? `Post ${post.position} by ${author}` : `Your post awaiting approval`}
      className={`scroll-mt-20 rounded-lg border bg-surface p-4 ${post.is_answer ? "border-success" : "border-line"}`}
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Avatar
          src={post.author?.avatar_path}
          placeholder={post.author?.avatar_placeholder}
          name={author}
          size={32}
        />
        {post.author ? (
          <Link
            to={`/users/${encodeURIComponent(post.author.nick_name)}`}
            className="font-semibold text-ink hover:underline"
          >
            {author}
          </Link>
        ) : (
          <span className="font-semibold text-ink-muted">{author}</span>
        )}
        <ForumTime value={post.created_at} className="text-ink-muted" />
        {post.edited_at && <span className="text-ink-muted">(edited)</span>}
        {post.status === "pending" && <Badge tone="neutral">{FORUM_TEXT.pending}</Badge>}
        {post.is_answer && <Badge tone="primary">{FORUM_TEXT.answer}</Badge>}
        {post.position && (
          <a href={`#${anchor}`} className="ml-auto text-ink-muted hover:underline">
            #{post.position}
          </a>
        )}
      </header>

      <div className="mt-3">
        {post.is_deleted ? (
          <p className="italic text-ink-muted">{FORUM_MESSAGES.deletedPost}</p>
        ) : editing ? (
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="edit" />
            <input type="hidden" name="post_id" value={post.id} />
            <PostEditor label="Edit your post" defaultValue={post.body} error={editError} autoFocus />
            <div className="flex gap-2">
              <button type="submit" className={buttonClass({ size: "sm" })}>
                Save
              </button>
              <Link to={`#${anchor}`} className={buttonClass({ variant: "secondary", size: "sm" })} replace>
                Cancel
              </Link>
            </div>
          </Form>
        ) : (
          <MarkdownLiteView text={post.body} />
        )}
      </div>

      {post.attachments.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2">
          {post.attachments.map((file) => (
            <li key={file.id}>
              <a href={file.url}>
                <img
                  src={file.url}
                  alt={`Attached by ${author}`}
                  width={file.width ?? undefined}
                  height={file.height ?? undefined}
                  loading="lazy"
                  className="h-28 w-auto max-w-full rounded border border-line object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}

      {!post.is_deleted && post.status === "published" && (
        <footer className="mt-3 flex flex-wrap items-center gap-1 text-sm">
          {post.can.vote ? (
            <>
              <IntentForm
                intent="vote"
                postId={post.id}
                extra={{ value: post.my_vote === 1 ? "0" : "1" }}
                label={post.my_vote === 1 ? "Take back your up vote" : "Vote up"}
              >
                <span aria-hidden="true">{post.my_vote === 1 ? "▲" : "△"}</span>
              </IntentForm>
              <span className="min-w-6 text-center font-semibold">
                <span className="sr-only">Score </span>
                {post.score}
              </span>
              <IntentForm
                intent="vote"
                postId={post.id}
                extra={{ value: post.my_vote === -1 ? "0" : "-1" }}
                label={post.my_vote === -1 ? "Take back your down vote" : "Vote down"}
              >
                <span aria-hidden="true">{post.my_vote === -1 ? "▼" : "▽"}</span>
              </IntentForm>
            </>
          ) : (
            <span className="px-2 text-ink-muted">Score {post.score}</span>
          )}
          {post.can.quote && (
            <Link to={quoteHref} className={small} preventScrollReset>
              {FORUM_TEXT.quote}
            </Link>
          )}
          {post.can.edit && !editing && (
            <Link to={editHref} className={small} preventScrollReset>
              Edit
            </Link>
          )}
          {post.can.mark_answer && (
            <IntentForm
              intent="solution"
              postId={post.id}
              extra={{ clear: post.is_answer ? "1" : "", topic_id: String(post.topic_id) }}
            >
              {post.is_answer ? "Not the answer" : "Mark as answer"}
            </IntentForm>
          )}
          {post.can.delete && (
            <IntentForm intent="delete-post" postId={post.id} label={`Delete post ${post.position ?? ""}`}>
              Delete
            </IntentForm>
          )}
          {post.can.history && (
            <Link to={`/admin/forum?tab=history&post=${post.id}`} className={small}>
              History
            </Link>
          )}
          {post.can.report && (
            <details className="relative">
              <summary className={`${small} cursor-pointer list-none`}>Report</summary>
              <Form
                method="post"
                className="absolute right-0 z-10 mt-1 w-64 space-y-2 rounded-md border border-line bg-surface-raised p-3 shadow-overlay"
              >
                <input type="hidden" name="intent" value="report" />
                <input type="hidden" name="post_id" value={post.id} />
                <label className="block text-sm font-medium" htmlFor={`reason-${post.id}`}>
                  Why?
                </label>
                <select
                  id={`reason-${post.id}`}
                  name="reason"
                  className="w-full rounded border border-line bg-surface px-2 py-1 text-sm text-ink"
                >
                  {FORUM_REPORT_REASONS.map((reason) => (
                    <option key={reason} value={reason}>
                      {FORUM_REPORT_REASON_LABELS[reason]}
                    </option>
                  ))}
                </select>
                <button type="submit" className={buttonClass({ size: "xs" })}>
                  Send report
                </button>
              </Form>
            </details>
          )}
        </footer>
      )}
    </article>
  );
}
