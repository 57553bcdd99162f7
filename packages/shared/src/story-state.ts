import type { StoryState } from "./enums.ts";

export interface StoryDates {
  readonly publishAt: string | Date | null | undefined;
  readonly archivedAt?: string | Date | null | undefined;
}

function toTime(value: string | Date | null | undefined): number | null {
  if (value == null || value === "") return null;
  const time = (value instanceof Date ? value : new Date(value)).getTime();
  return Number.isNaN(time) ? null : time;
}

/** Unpublished until publish_at, then published, archived once archived_at has passed (spec §4). */
export function storyState(story: StoryDates, now: Date = new Date()): StoryState {
  const archivedAt = toTime(story.archivedAt);
  if (archivedAt !== null && archivedAt <= now.getTime()) return "archived";
  const publishAt = toTime(story.publishAt);
  if (publishAt !== null && publishAt <= now.getTime()) return "published";
  return "unpublished";
}
