import type { CommentBaseReply } from "@camatlas/shared/api-contract";
import { useFetcher, useLocation } from "react-router";
import { COMMENT_ACTIONS_PATH, returnField } from "./comment-paths.ts";

// Up and down votes with optimistic counts: the numbers change as the vote is sent, and settle on the server's.

type Vote = "up" | "down" | null;

/** The counts and the reader's vote once `next` replaces her current vote. */
export function applyVote(
  comment: Pick<CommentBaseReply, "rank_up" | "rank_down" | "liked" | "disliked">,
  next: Vote,
) {
  let up = comment.rank_up - (comment.liked ? 1 : 0);
  let down = comment.rank_down - (comment.disliked ? 1 : 0);
  if (next === "up") up += 1;
  if (next === "down") down += 1;
  return { rank_up: up, rank_down: down, liked: next === "up", disliked: next === "down" };
}

export function CommentVotes({ comment }: { comment: CommentBaseReply }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const pending = fetcher.formData?.get("vote");
  const shown =
    typeof pending === "string"
      ? applyVote(comment, pending === "" ? null : (pending as "up" | "down"))
      : comment;
  const button = (kind: "up" | "down") => {
    const active = kind === "up" ? shown.liked : shown.disliked;
    const count = kind === "up" ? shown.rank_up : shown.rank_down;
    const label = kind === "up" ? "Like" : "Dislike";
    return (
      <button
        type="submit"
        name="vote"
        // Pressing the active vote again takes it back.
        value={active ? "" : kind}
        disabled={!comment.can.vote}
        aria-pressed={active}
        aria-label={`${label} (${count})`}
        className={`inline-flex min-h-9 items-center gap-1 rounded-md px-2 text-sm tabular-nums ${
          active ? "bg-primary-soft text-accent" : "text-ink-muted hover:bg-surface-muted"
        } disabled:cursor-default disabled:hover:bg-transparent`}
      >
        <span aria-hidden="true">{kind === "up" ? "▲" : "▼"}</span>
        {count}
      </button>
    );
  };
  return (
    <fetcher.Form method="post" action={COMMENT_ACTIONS_PATH} className="flex items-center gap-1">
      <input type="hidden" name="intent" value="vote" />
      <input type="hidden" name="comment_id" value={comment.id} />
      <input type="hidden" name="redirect_to" value={returnField(location, `comment-${comment.id}`)} />
      {button("up")}
      {button("down")}
    </fetcher.Form>
  );
}
