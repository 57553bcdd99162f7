import type { StoryReply } from "@camatlas/shared/api-contract";
import { useMemo, useState } from "react";
import { Form, Link } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { CommentsSection } from "../comments/comments-section.tsx";
import type { LoadedComments } from "../comments/load-comments.ts";
import { BlurBackdrop } from "../media/blur-backdrop.tsx";
import { StoryComposer } from "./story-composer.tsx";
import type { StoryGroup } from "./story-groups.ts";
import { StoryViewer } from "./story-viewer.tsx";
import { useStoryViews } from "./use-story-views.ts";

// The model's Stories tab: her live stories and the archived ones kept as highlights (newest first), her scheduled
// ones for her and admins, and, for them, the composer and a delete button on each. Each public story has its own
// comment thread, shown under the list when the address names it (?story=…).

const STATE_LABEL: Record<StoryReply["state"], string> = {
  unpublished: "Scheduled",
  published: "Live",
  archived: "Highlight",
};

function when(story: StoryReply): string {
  const date = new Date(story.publish_at);
  const text = date.toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
  return story.state === "unpublished" ? `Goes live ${text}` : text;
}

export function StoriesTab({
  model,
  stories,
  canCreate,
  camsites,
  vidstack,
  storyComments = null,
}: {
  model: {
    id: number;
    name: string;
    slug: string;
    avatar_path: string | null;
    avatar_placeholder?: string | null;
  };
  stories: readonly StoryReply[];
  canCreate: boolean;
  camsites: ReadonlyArray<{ name: string }>;
  vidstack: boolean;
  /** The thread of the story the address names, read by the page's loader. */
  storyComments?: { storyId: number; comments: LoadedComments } | null;
}) {
  const { viewed, markSeen } = useStoryViews();
  // A story plays in the viewer, which needs the page running: until then its button waits (it would do nothing).
  const hydrated = useHydrated();
  const [open, setOpen] = useState<number | null>(null);
  // The viewer plays what the public sees (live and highlights), oldest first.
  const playable = useMemo(
    () =>
      [...stories]
        .filter((s) => s.state !== "unpublished")
        .sort((a, b) => a.publish_at.localeCompare(b.publish_at)),
    [stories],
  );
  const commented = storyComments ? stories.find((s) => s.id === storyComments.storyId) : undefined;
  const group: StoryGroup = {
    model: {
      id: model.id,
      name: model.name,
      slug: model.slug,
      avatar_path: model.avatar_path,
      avatar_placeholder: model.avatar_placeholder ?? null,
    },
    stories: playable,
    viewed: false,
    latest: playable[playable.length - 1]?.publish_at ?? "",
  };

  return (
    <div className="space-y-8">
      {canCreate && (
        <section className="max-w-xl rounded-lg border border-line p-4">
          <StoryComposer modelName={model.name} camsites={camsites} />
        </section>
      )}
      <section aria-labelledby="stories-list-title" className="space-y-3">
        <h2 id="stories-list-title" className="text-lg font-semibold text-ink">
          Stories and highlights
        </h2>
        {stories.length === 0 ? (
          <EmptyState title="No stories yet" text={`${model.name}'s stories will appear here.`} />
        ) : (
          <ul
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
            data-hydrated={hydrated || undefined}
          >
            {stories.map((story) => {
              const seen = story.viewed_by_current_user || viewed.has(story.id);
              const index = playable.findIndex((s) => s.id === story.id);
              return (
                <li
                  key={story.id}
                  className="space-y-1"
                  data-story-id={story.id}
                  data-story-state={story.state}
                >
                  <button
                    type="button"
                    className="relative block aspect-[9/16] w-full overflow-hidden rounded-lg bg-surface-muted text-left disabled:cursor-default"
                    disabled={index === -1 || !hydrated}
                    onClick={() => setOpen(index)}
                    aria-label={`${STATE_LABEL[story.state]} story, ${when(story)}${seen ? ", seen" : ""}`}
                  >
                    <BlurBackdrop hash={story.blur} />
                    {story.media.type === "image" ? (
                      <img
                        src={story.media.link}
                        alt=""
                        loading="lazy"
                        className="relative h-full w-full object-cover"
                      />
                    ) : story.media.poster ? (
                      <img
                        src={story.media.poster}
                        alt=""
                        loading="lazy"
                        className="relative h-full w-full object-cover"
                      />
                    ) : null}
                    <span className="absolute top-2 left-2 flex gap-1">
                      <Badge tone={story.state === "published" ? "primary" : "neutral"}>
                        {STATE_LABEL[story.state]}
                      </Badge>
                      {story.media.type === "video" && <Badge tone="neutral">Video</Badge>}
                    </span>
                  </button>
                  <p className="text-xs text-ink-muted">
                    {when(story)}
                    {story.cam_site ? ` · ${story.cam_site.name}` : ""}
                  </p>
                  {story.state !== "unpublished" && (
                    <Link
                      to={`?tab=stories&story=${story.id}#comments`}
                      preventScrollReset
                      className="text-xs font-medium text-accent underline-offset-2 hover:underline"
                      aria-current={storyComments?.storyId === story.id ? "true" : undefined}
                    >
                      Comments<span className="sr-only"> on the story of {when(story)}</span>
                    </Link>
                  )}
                  {story.can_delete && (
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="intent" value="delete-story" />
                      <input type="hidden" name="story_id" value={story.id} />
                      <Button type="submit" variant="ghost" size="xs">
                        Delete
                      </Button>
                    </Form>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {storyComments && commented && (
        <CommentsSection
          comments={storyComments.comments}
          title={`Comments on the story of ${when(commented)}`}
        />
      )}
      {open !== null && (
        <StoryViewer
          groups={[group]}
          start={{ group: 0, story: open }}
          onSeen={markSeen}
          onClose={() => setOpen(null)}
          vidstack={vidstack}
        />
      )}
    </div>
  );
}
