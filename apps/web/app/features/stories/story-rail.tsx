import type { StoryReply } from "@camatlas/shared/api-contract";
import { useMemo, useState } from "react";
import { BlurImage } from "../../components/ui/blur-image.tsx";
import { firstUnseen, groupStories } from "./story-groups.ts";
import { StoryViewer } from "./story-viewer.tsx";
import { useStoryViews } from "./use-story-views.ts";

// The stories rail (home and the model page): a circle per model with live stories, ringed while something is
// unseen, unseen ones first. Each circle is a link to her Stories tab, so it works without JavaScript; with it, the
// full-screen viewer opens there and then.

export function StoryRail({
  stories,
  label = "Stories",
  vidstack,
}: {
  stories: readonly StoryReply[];
  label?: string;
  vidstack: boolean;
}) {
  const { viewed, markSeen } = useStoryViews();
  // The order is fixed when the rail is shown, so circles do not jump while she watches.
  const [order, setOrder] = useState<number[] | null>(null);
  const groups = useMemo(() => {
    const grouped = groupStories(stories, viewed);
    if (!order) return grouped;
    return [...grouped].sort((a, b) => order.indexOf(a.model.id) - order.indexOf(b.model.id));
  }, [stories, viewed, order]);
  const [open, setOpen] = useState<{ group: number; story: number } | null>(null);

  if (groups.length === 0) return null;
  return (
    <nav aria-label={label} data-testid="story-rail">
      <ul className="flex gap-4 overflow-x-auto px-1 pt-1 pb-2">
        {groups.map((group, index) => (
          <li
            key={group.model.id}
            className="shrink-0"
            data-model={group.model.slug}
            data-viewed={group.viewed}
          >
            <a
              href={`/models/${group.model.slug}?tab=stories`}
              className="flex w-18 flex-col items-center gap-1 rounded-lg text-center"
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                event.preventDefault();
                setOrder(groups.map((g) => g.model.id));
                setOpen({ group: index, story: firstUnseen(group, viewed) });
              }}
            >
              <span
                className={`rounded-full p-0.5 ${group.viewed ? "bg-line" : "bg-linear-to-tr from-brand-400 to-primary"}`}
              >
                <span className="block rounded-full bg-page p-0.5">
                  {group.model.avatar_path ? (
                    <BlurImage
                      src={group.model.avatar_path}
                      placeholder={group.model.avatar_placeholder}
                      alt=""
                      width={56}
                      height={56}
                      className="size-14 rounded-full object-cover"
                      loading="lazy"
                    />
                  ) : (
                    <span className="flex size-14 items-center justify-center rounded-full bg-surface-muted text-lg font-semibold text-ink-soft">
                      {group.model.name.slice(0, 1)}
                    </span>
                  )}
                </span>
              </span>
              <span className="w-full truncate text-xs text-ink-soft">{group.model.name}</span>
              <span className="sr-only">{group.viewed ? "(seen)" : "(new stories)"}</span>
            </a>
          </li>
        ))}
      </ul>
      {open && (
        <StoryViewer
          groups={groups}
          start={open}
          onSeen={markSeen}
          onClose={() => {
            setOpen(null);
            setOrder(null);
          }}
          vidstack={vidstack}
        />
      )}
    </nav>
  );
}
