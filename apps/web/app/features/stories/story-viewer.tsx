import { STORY_IMAGE_DURATION_MS } from "@camatlas/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { BlurBackdrop } from "../media/blur-backdrop.tsx";
import type { StoryGroup } from "./story-groups.ts";
import { StoryVideo } from "./story-video.tsx";

// The full-screen story viewer: one model's stories after another, a progress bar per story, tap the right side (or
// →) for the next and the left side (or ←) for the previous, hold to pause (or Space), Escape closes; videos play
// muted until the sound button is pressed. Each story shown is reported once (onSeen) so its ring changes.

/** A press shorter than this is a tap (advance); longer is a hold (pause while held). */
const TAP_MS = 250;

export function StoryViewer({
  groups,
  start,
  onSeen,
  onClose,
  vidstack,
}: {
  groups: readonly StoryGroup[];
  start: { group: number; story: number };
  onSeen: (storyId: number) => void;
  onClose: () => void;
  vidstack: boolean;
}) {
  const [position, setPosition] = useState(start);
  const [progress, setProgress] = useState(0);
  const [held, setHeld] = useState(false);
  const [pausedByUser, setPausedByUser] = useState(false);
  const [muted, setMuted] = useState(true);
  const [loaded, setLoaded] = useState(false);
  const pressStart = useRef(0);
  const closeButton = useRef<HTMLButtonElement>(null);
  const group = groups[position.group];
  const story = group?.stories[position.story];
  const paused = held || pausedByUser;

  const next = useCallback(() => {
    setPosition((at) => {
      const current = groups[at.group];
      if (current && at.story + 1 < current.stories.length) return { group: at.group, story: at.story + 1 };
      if (at.group + 1 < groups.length) return { group: at.group + 1, story: 0 };
      onClose();
      return at;
    });
  }, [groups, onClose]);

  const previous = useCallback(() => {
    setPosition((at) => {
      if (at.story > 0) return { group: at.group, story: at.story - 1 };
      if (at.group > 0)
        return { group: at.group - 1, story: (groups[at.group - 1]?.stories.length ?? 1) - 1 };
      return at;
    });
  }, [groups]);

  // A new story: from the start, reported as seen.
  useEffect(() => {
    setProgress(0);
    setLoaded(false);
    if (story) onSeen(story.id);
  }, [story, onSeen]);

  // Images advance on a timer (videos by their own length); the timer stops while paused.
  useEffect(() => {
    if (story?.media.type !== "image" || paused || !loaded) return;
    const step = 50;
    const timer = setInterval(() => {
      setProgress((value) => {
        const advanced = value + step / STORY_IMAGE_DURATION_MS;
        return advanced >= 1 ? 1 : advanced;
      });
    }, step);
    return () => clearInterval(timer);
  }, [story, paused, loaded]);
  useEffect(() => {
    if (progress >= 1 && story?.media.type === "image") next();
  }, [progress, story, next]);

  useEffect(() => {
    const previousFocus = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
      previousFocus?.focus?.();
    };
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "Escape") onClose();
    else if (event.key === "ArrowRight") next();
    else if (event.key === "ArrowLeft") previous();
    else if (event.key === " " && event.target === event.currentTarget) setPausedByUser((value) => !value);
    else return;
    event.preventDefault();
  };

  if (!group || !story) return null;
  const when = new Date(story.publish_at);
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={`Stories of ${group.model.name}`}
      className="fixed inset-0 z-50 flex flex-col bg-page text-ink"
      onKeyDown={onKeyDown}
      tabIndex={-1}
      data-testid="story-viewer"
    >
      <div className="mx-auto flex w-full max-w-md flex-1 flex-col px-2 pt-2 pb-3">
        <ol className="flex gap-1" aria-label="Stories">
          {group.stories.map((item, index) => (
            <li
              key={item.id}
              className="h-1 flex-1 overflow-hidden rounded-full bg-line"
              aria-current={index === position.story ? "step" : undefined}
            >
              <div
                className="h-full bg-ink"
                style={{
                  width: `${index < position.story ? 100 : index === position.story ? Math.round(progress * 100) : 0}%`,
                }}
              />
            </li>
          ))}
        </ol>
        <div className="mt-2 flex items-center gap-2">
          <a href={`/models/${group.model.slug}?tab=stories`} className="flex min-w-0 items-center gap-2">
            {group.model.avatar_path ? (
              <img src={group.model.avatar_path} alt="" className="size-8 rounded-full object-cover" />
            ) : (
              <span className="size-8 rounded-full bg-surface-muted" aria-hidden="true" />
            )}
            <span className="truncate font-semibold">{group.model.name}</span>
          </a>
          <time dateTime={story.publish_at} className="shrink-0 text-xs text-ink-muted">
            {when.toLocaleString("en-US", {
              hour: "numeric",
              minute: "2-digit",
              month: "short",
              day: "numeric",
            })}
          </time>
          {story.cam_site && <span className="truncate text-xs text-ink-muted">· {story.cam_site.name}</span>}
          <button
            ref={closeButton}
            type="button"
            className="ml-auto shrink-0 rounded-md px-2 py-1.5 text-sm hover:bg-surface-muted"
            onClick={onClose}
          >
            Close
          </button>
        </div>
        {/* The stage: a tap on the left third goes back, elsewhere forward; holding pauses. */}
        <div
          className="relative mt-2 flex-1 touch-none overflow-hidden rounded-lg bg-surface select-none"
          onPointerDown={() => {
            pressStart.current = Date.now();
            setHeld(true);
          }}
          onPointerUp={(event) => {
            setHeld(false);
            if (Date.now() - pressStart.current > TAP_MS) return;
            const box = event.currentTarget.getBoundingClientRect();
            if (event.clientX - box.left < box.width / 3) previous();
            else next();
          }}
          onPointerLeave={() => setHeld(false)}
          onPointerCancel={() => setHeld(false)}
          data-testid="story-stage"
        >
          {!loaded && <BlurBackdrop hash={story.blur} />}
          {story.media.type === "image" ? (
            <img
              key={story.id}
              src={story.media.link}
              alt={`Story of ${group.model.name}`}
              className="relative h-full w-full object-contain"
              onLoad={() => setLoaded(true)}
              draggable={false}
            />
          ) : (
            <StoryVideo
              key={story.id}
              vidstack={vidstack}
              src={story.media.link}
              poster={story.media.poster}
              paused={paused}
              muted={muted}
              label={`Story of ${group.model.name}`}
              onProgress={(fraction) => {
                setLoaded(true);
                setProgress(fraction);
              }}
              onEnded={next}
            />
          )}
          <p className="sr-only" aria-live="polite">
            Story {position.story + 1} of {group.stories.length}
            {paused ? ", paused" : ""}
          </p>
        </div>
        <div className="mt-2 flex items-center justify-between gap-1 text-sm">
          <button type="button" className="rounded-md px-3 py-2 hover:bg-surface-muted" onClick={previous}>
            Previous
          </button>
          <span className="flex gap-1">
            <button
              type="button"
              className="rounded-md px-3 py-2 hover:bg-surface-muted"
              onClick={() => setPausedByUser((value) => !value)}
              aria-pressed={pausedByUser}
            >
              {pausedByUser ? "Play" : "Pause"}
            </button>
            {story.media.type === "video" && (
              <button
                type="button"
                className="rounded-md px-3 py-2 hover:bg-surface-muted"
                onClick={() => setMuted((value) => !value)}
                aria-pressed={!muted}
              >
                {muted ? "Sound on" : "Sound off"}
              </button>
            )}
          </span>
          <button type="button" className="rounded-md px-3 py-2 hover:bg-surface-muted" onClick={next}>
            Next
          </button>
        </div>
      </div>
    </div>
  );
}
