import type { ForumPostListItem, ForumTopicSummary } from "@camatlas/shared/api-contract";
import { plainTextOf } from "@camatlas/shared/forum";
import { Link } from "react-router";
import { Card } from "../../components/ui/card.tsx";
import { ForumTime } from "./forum-time.tsx";

/** A member's page: her latest forum topics and posts, each linking to its place in the topic. */
export function UserForumActivity({
  nick,
  topics,
  posts,
}: {
  nick: string;
  topics: { data: ForumTopicSummary[]; total: number };
  posts: { data: ForumPostListItem[]; total: number };
}) {
  if (topics.total === 0 && posts.total === 0) return null;
  return (
    <Card as="section" aria-labelledby="forum-activity-title" padding="lg" className="space-y-4">
      <h2 id="forum-activity-title" className="text-lg font-semibold">
        Forum
      </h2>
      {topics.total > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-ink-muted">
            Topics started by {nick} ({topics.total})
          </h3>
          <ul className="mt-2 space-y-1">
            {topics.data.map((topic) => (
              <li key={topic.id} className="flex flex-wrap justify-between gap-x-3">
                <Link to={topic.url} className="text-accent break-words hover:underline">
                  {topic.title}
                </Link>
                <ForumTime value={topic.created_at} className="text-sm text-ink-muted" />
              </li>
            ))}
          </ul>
        </div>
      )}
      {posts.total > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-ink-muted">Latest posts ({posts.total})</h3>
          <ul className="mt-2 space-y-2">
            {posts.data.map((post) => (
              <li key={post.id}>
                <Link to={post.url} className="font-medium text-ink hover:underline">
                  {post.topic.title}
                </Link>{" "}
                <ForumTime value={post.created_at} className="text-sm text-ink-muted" />
                <p className="text-sm text-ink-muted break-words">{plainTextOf(post.body, 160)}</p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
