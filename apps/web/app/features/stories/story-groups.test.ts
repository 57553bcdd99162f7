import type { StoryReply } from "@camatlas/shared/api-contract";
import { describe, expect, it } from "vitest";
import { firstUnseen, groupStories, guestViewedIds } from "./story-groups.ts";

const story = (id: number, modelId: number, publishAt: string, viewed = false): StoryReply => ({
  id,
  media_id: id,
  blur: null,
  media: {
    id,
    link: `/m/${id}.webp`,
    type: "image",
    width: 1,
    height: 1,
    duration: null,
    poster: null,
    mime_type: "image/webp",
  },
  publish_at: publishAt,
  published_at: publishAt,
  archived_at: null,
  state: "published",
  cam_site: null,
  model: {
    id: modelId,
    name: `M${modelId}`,
    slug: `m${modelId}`,
    avatar_path: null,
    avatar_placeholder: null,
  },
  viewed_by_current_user: viewed,
  can_delete: false,
});

describe("groupStories", () => {
  it("puts models with unseen stories first, each model's stories oldest first", () => {
    const groups = groupStories([
      story(1, 10, "2026-11-25T10:00:00Z", true),
      story(2, 20, "2026-11-25T09:00:00Z"),
      story(3, 20, "2026-11-25T08:00:00Z", true),
      story(4, 30, "2026-11-25T11:00:00Z", true),
    ]);
    expect(groups.map((g) => [g.model.id, g.viewed])).toEqual([
      [20, false],
      [30, true],
      [10, true],
    ]);
    expect(groups[0]!.stories.map((s) => s.id)).toEqual([3, 2]);
    expect(firstUnseen(groups[0]!, new Set())).toBe(1);
  });

  it("counts what a guest's browser has seen", () => {
    const seen = guestViewedIds("age_gate=18; viewed_stories=2.7; other=x");
    expect([...seen]).toEqual([2, 7]);
    const groups = groupStories([story(2, 20, "2026-11-25T09:00:00Z")], seen);
    expect(groups[0]!.viewed).toBe(true);
    expect([...guestViewedIds("")]).toEqual([]);
  });
});
