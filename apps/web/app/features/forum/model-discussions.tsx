import type { ForumTopicSummary } from "@camatlas/shared/api-contract";
import { FORUM_TEXT } from "@camatlas/shared/forum";
import { Button } from "../../components/ui/button.tsx";
import { TopicList } from "./topic-list.tsx";

/** The model page's Discussions tab: the forum topics linked to her, latest activity first, and a way to start one. */
export function ModelDiscussions({
  modelName,
  modelSlug,
  topics,
  total,
}: {
  modelName: string;
  modelSlug: string;
  topics: ForumTopicSummary[];
  total: number;
}) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Discussions about {modelName}</h2>
        <Button to={`/forum/new?model=${encodeURIComponent(modelSlug)}`} size="sm">
          Start a discussion
        </Button>
      </div>
      <TopicList topics={topics} showCategory emptyTitle={FORUM_TEXT.discussionsEmpty} />
      {total > topics.length && (
        <p className="text-sm text-ink-muted">
          Showing the {topics.length} most active of {total} discussions.
        </p>
      )}
    </div>
  );
}
