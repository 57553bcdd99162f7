import { describe, expect, it } from "vitest";
import { applyVote } from "./comment-votes.tsx";
import { commentsPagingFromUrl } from "./load-comments.ts";

describe("applyVote (optimistic counts)", () => {
  const none = { rank_up: 3, rank_down: 1, liked: false, disliked: false };
  it("adds, moves and takes back the reader's vote", () => {
    expect(applyVote(none, "up")).toEqual({ rank_up: 4, rank_down: 1, liked: true, disliked: false });
    const liked = applyVote(none, "up");
    expect(applyVote(liked, "down")).toEqual({ rank_up: 3, rank_down: 2, liked: false, disliked: true });
    expect(applyVote(liked, null)).toEqual(none);
  });
});

describe("commentsPagingFromUrl", () => {
  it("reads the thread's page and order, falling back to the first page, newest first", () => {
    expect(commentsPagingFromUrl("https://x.test/m?comments_page=3&comments_order=top")).toEqual({
      page: 3,
      order: "top",
    });
    expect(commentsPagingFromUrl("https://x.test/m?comments_page=-1&comments_order=loud")).toEqual({
      page: 1,
      order: "newest",
    });
    expect(commentsPagingFromUrl("https://x.test/m?comments_page=1.5")).toEqual({ page: 1, order: "newest" });
  });
});
