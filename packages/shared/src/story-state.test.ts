import { describe, expect, it } from "vitest";
import { storyState } from "./story-state.ts";

const now = new Date("2025-01-10T12:00:00Z");

describe("storyState", () => {
  it("is unpublished before publish_at or without one", () => {
    expect(storyState({ publishAt: "2025-01-10T12:00:01Z" }, now)).toBe("unpublished");
    expect(storyState({ publishAt: null }, now)).toBe("unpublished");
  });

  it("is published from publish_at on", () => {
    expect(storyState({ publishAt: "2025-01-10T12:00:00Z" }, now)).toBe("published");
    expect(storyState({ publishAt: new Date("2025-01-01"), archivedAt: "2025-02-01T00:00:00Z" }, now)).toBe(
      "published",
    );
  });

  it("is archived once archived_at has passed", () => {
    expect(storyState({ publishAt: "2025-01-01T00:00:00Z", archivedAt: "2025-01-09T00:00:00Z" }, now)).toBe(
      "archived",
    );
  });
});
