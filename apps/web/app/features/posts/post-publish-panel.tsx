import type { AdminPostReply } from "@camatlas/shared/api-contract";
import { Form } from "react-router";
import { Card } from "../../components/ui/card.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { formatPostDateTime } from "./post-date.ts";
import { localInputFromUtc } from "./post-form.ts";
import { PostStateBadge } from "./post-state-badge.tsx";

// The desk's publishing panel: where the post stands, a preview (its own page, which admins see in any state),
// publish now, schedule for a UTC time, back to draft, delete.

export function PostPublishPanel({ post, scheduleError }: { post: AdminPostReply; scheduleError?: string }) {
  return (
    <Card as="section" padding="lg" aria-labelledby="publishing" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="publishing" className="text-lg font-semibold text-ink">
          Publishing
        </h2>
        <PostStateBadge state={post.state} />
      </div>
      <p className="text-sm text-ink-muted">
        {post.state === "draft" && "A draft: only admins can see it."}
        {post.state === "scheduled" && `Goes public on ${formatPostDateTime(post.published_at)}.`}
        {post.state === "published" && `Public since ${formatPostDateTime(post.published_at)}.`}{" "}
        <a href={post.url} className="font-medium text-accent underline" target="_blank" rel="noopener">
          {post.state === "published" ? "View the page" : "Preview"}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
      <div className="flex flex-wrap gap-2">
        {post.state !== "published" && (
          <Form method="post">
            <SubmitButton intent="publish" size="md" busyLabel="Publishing…">
              Publish now
            </SubmitButton>
          </Form>
        )}
        {post.state !== "draft" && (
          <Form method="post">
            <SubmitButton intent="unpublish" size="md" variant="secondary" busyLabel="Working…">
              Back to draft
            </SubmitButton>
          </Form>
        )}
      </div>
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <TextField
          label="Publish at (UTC)"
          name="publish_at"
          type="datetime-local"
          required
          defaultValue={localInputFromUtc(post.state === "scheduled" ? post.published_at : null)}
          error={scheduleError}
          fieldClassName="min-w-60 flex-1 space-y-1"
        />
        <SubmitButton intent="schedule" size="md" variant="secondary" busyLabel="Scheduling…">
          {post.state === "scheduled" ? "Reschedule" : "Schedule"}
        </SubmitButton>
      </Form>
      <Form
        method="post"
        onSubmit={(event) => {
          if (!window.confirm(`Delete "${post.post_title}"? Its address will show the not-found page.`))
            event.preventDefault();
        }}
        className="border-t border-line pt-4"
      >
        <SubmitButton intent="delete" size="sm" variant="danger" busyLabel="Deleting…">
          Delete post
        </SubmitButton>
      </Form>
    </Card>
  );
}
