import type { PostReply } from "@camatlas/shared/api-contract";
import { Form, useNavigation } from "react-router";
import { loginPath } from "../../lib/session/return-to.ts";

// Up and down votes on a post: plain forms posting to the page's action (works without JavaScript). Pressing the
// vote one already gave takes it back (value 0).

const BUTTON =
  "inline-flex min-h-10 items-center gap-1 rounded-md px-3 py-2 text-sm font-medium ring-1 focus:outline-none focus-visible:ring-2 focus-visible:ring-focus disabled:opacity-60";

export function PostVoteForm({ post, path }: { post: PostReply; path: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "vote";
  const score = (
    <p className="text-sm text-ink-muted" aria-live="polite">
      <span className="text-lg font-semibold text-ink">{post.votes}</span>{" "}
      {Math.abs(post.votes) === 1 ? "vote" : "votes"}
    </p>
  );
  if (!post.can.vote) {
    if (post.state !== "published") return score;
    return (
      <div className="flex flex-wrap items-center gap-3">
        {score}
        <a href={loginPath(path)} className="text-sm text-accent underline">
          Sign in to vote
        </a>
      </div>
    );
  }
  const button = (value: 1 | -1, label: string, symbol: string) => {
    const pressed = post.my_vote === value;
    return (
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="vote" />
        <input type="hidden" name="post_id" value={post.id} />
        <input type="hidden" name="value" value={pressed ? 0 : value} />
        <button
          type="submit"
          disabled={busy}
          aria-pressed={pressed}
          className={`${BUTTON} ${pressed ? "bg-primary text-on-primary ring-primary" : "bg-surface text-ink-soft ring-line hover:bg-line-soft"}`}
        >
          <span aria-hidden="true">{symbol}</span> {label}
        </button>
      </Form>
    );
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      {score}
      {button(1, "Helpful", "▲")}
      {button(-1, "Not helpful", "▼")}
    </div>
  );
}
