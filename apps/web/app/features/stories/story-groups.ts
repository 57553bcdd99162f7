import type { StoryReply } from "@camatlas/shared/api-contract";

// The rail shows one circle per model: her live stories oldest first (the order they are told in), a ring while any
// is unseen. Models with something unseen come first, then the most recent.

export interface StoryGroup {
  model: StoryReply["model"];
  stories: StoryReply[];
  /** Every story of the group seen by this user (or browser). */
  viewed: boolean;
  latest: string;
}

export function groupStories(
  stories: readonly StoryReply[],
  viewedIds: ReadonlySet<number> = new Set(),
): StoryGroup[] {
  const byModel = new Map<number, StoryReply[]>();
  for (const story of stories) {
    const list = byModel.get(story.model.id) ?? [];
    list.push(story);
    byModel.set(story.model.id, list);
  }
  const groups = [...byModel.values()].map((list) => {
    const ordered = [...list].sort((a, b) => a.publish_at.localeCompare(b.publish_at) || a.id - b.id);
    return {
      model: ordered[0]!.model,
      stories: ordered,
      viewed: ordered.every((s) => s.viewed_by_current_user || viewedIds.has(s.id)),
      latest: ordered[ordered.length - 1]!.publish_at,
    };
  });
  return groups.sort((a, b) => Number(a.viewed) - Number(b.viewed) || b.latest.localeCompare(a.latest));
}

/** The first story of a group to show: the first unseen one, else the first. */
export function firstUnseen(group: StoryGroup, viewedIds: ReadonlySet<number>): number {
  const index = group.stories.findIndex((s) => !s.viewed_by_current_user && !viewedIds.has(s.id));
  return index === -1 ? 0 : index;
}

/** The story ids a guest's browser has seen (the API's `viewed_stories` cookie: ids joined by dots). */
export function guestViewedIds(cookie: string): Set<number> {
  const match = /(?:^|;\s*)viewed_stories=([\d.]+)/.exec(cookie);
  return new Set((match?.[1] ?? "").split(".").filter(Boolean).map(Number));
}
