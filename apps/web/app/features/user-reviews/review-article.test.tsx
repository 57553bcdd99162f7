import type { UserReviewReply } from "@camatlas/shared/api-contract";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ReviewArticle } from "./review-article.tsx";

const none = { edit: false, hide: false, vote: false, approve: false, reject: false, remove: false };

function review(overrides: Partial<UserReviewReply> = {}): UserReviewReply {
  return {
    id: 7,
    title: "Warm and funny",
    body: "First paragraph.\n\nSecond <script>alert(1)</script> paragraph.",
    word_count: 520,
    rating: 4,
    state: "approved",
    votes: 3,
    my_vote: 0,
    model: { id: 1, name: "Mia Rose", slug: "mia-rose" },
    author: { id: 2, nick_name: "fan_one", avatar_path: null },
    nicknames: [{ id: 3, nickname: "MiaRose", cam_site_id: 33, cam_site_name: "Chaturbate" }],
    images: [],
    video: null,
    decision_reason: null,
    created_at: "2026-01-02T10:00:00.000Z",
    updated_at: "2026-01-02T10:00:00.000Z",
    can: none,
    ...overrides,
  };
}

function render(data: UserReviewReply) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <ReviewArticle review={data} /> }]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

describe("ReviewArticle", () => {
  it("shows the text in paragraphs, as text: markup in it is escaped", () => {
    const html = render(review());
    expect(html).toContain('<p class="whitespace-pre-line">First paragraph.</p>');
    expect(html).toContain("Second &lt;script&gt;alert(1)&lt;/script&gt; paragraph.");
    expect(html).not.toContain("<script>");
    expect(html).toContain('aria-label="Rated 4 out of 5"');
    expect(html).toContain("MiaRose");
  });

  it("offers only what the reply allows", () => {
    const plain = render(review());
    expect(plain).not.toContain("Hide from my page");
    expect(plain).not.toContain("Edit your review");
    expect(plain).not.toContain("Helpful");
    const camgirl = render(review({ can: { ...none, hide: true } }));
    expect(camgirl).toContain("Hide from my page");
    const fan = render(review({ can: { ...none, vote: true }, my_vote: 1 }));
    expect(fan).toMatch(/aria-pressed="true"[^>]*>Helpful/);
    expect(render(review({ can: { ...none, edit: true } }))).toContain('href="/user-reviews/7/edit"');
  });

  it("marks a review that is not published, with the admin's reason for its author", () => {
    const hidden = render(review({ state: "hidden_by_model" }));
    expect(hidden).toContain("Hidden by the model");
    const rejected = render(review({ state: "rejected", decision_reason: "Too short on the shows." }));
    expect(rejected).toContain("Reason: Too short on the shows.");
    expect(render(review())).not.toContain('role="note"');
  });
});
