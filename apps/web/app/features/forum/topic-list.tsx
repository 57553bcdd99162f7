import type { ForumTopicSummary } from "@camatlas/shared/api-contract";
import { FORUM_TEXT } from "@camatlas/shared/forum";
import { Link } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ForumTime } from "./forum-time.tsx";

// A list of topics (a category, a model's Discussions, a member's topics): title with its state, author, linked
// models, replies and latest activity. Phone first: one column, the counts under the title.

export function TopicList({
  topics,
  showCategory = false,
  emptyTitle = FORUM_TEXT.noTopics,
  emptyText,
}: {
  topics: ForumTopicSummary[];
  showCategory?: boolean;
  emptyTitle?: string;
  emptyText?: string;
}) {
  if (topics.length === 0) return <EmptyState title={emptyTitle} text={emptyText} />;
  return (
    <ul className="divide-y divide-line rounded-lg border border-line bg-surface">
      {topics.map((topic) => (
        <li key={topic.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2">
              {topic.is_pinned && <Badge tone="primary">{FORUM_TEXT.pinned}</Badge>}
              {topic.is_locked && <Badge tone="neutral">{FORUM_TEXT.locked}</Badge>}
              {topic.is_solved && <Badge tone="neutral">{FORUM_TEXT.solved}</Badge>}
              <Link
                to={topic.url}
                className="font-semibold text-ink break-words hover:text-accent hover:underline"
              >
                {topic.title}
              </Link>
            </p>
            <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-ink-muted">
              {showCategory && (
                <Link to={`/forum/${topic.category.slug}`} className="hover:underline">
                  {topic.category.title}
                </Link>
              )}
              {topic.author && <span>by {topic.author.nick_name}</span>}
              {topic.models.map((model) => (
                <Link key={model.id} to={`/models/${model.slug}`} className="text-accent hover:underline">
                  {model.name}
                </Link>
              ))}
              {topic.tags.map((tag) => (
                <span key={tag} className="rounded bg-surface-muted px-1.5 text-xs leading-5">
                  #{tag}
                </span>
              ))}
            </p>
          </div>
          <p className="flex shrink-0 gap-4 text-sm text-ink-muted sm:w-56 sm:justify-end">
            <span>
              {Math.max(0, topic.posts_count - 1)} {topic.posts_count === 2 ? "reply" : "replies"}
            </span>
            <ForumTime value={topic.last_post_at} />
          </p>
        </li>
      ))}
    </ul>
  );
}
