import { TAB_LABELS } from "@camatlas/shared";
import type { UserReviewListReply, UserReviewReply } from "@camatlas/shared/api-contract";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { loginPath } from "../../lib/session/return-to.ts";
import { ReviewCard } from "./review-card.tsx";
import { REVIEW_STATE_LABELS } from "./review-labels.ts";
import { reviewPageHref, writeReviewPath } from "./user-review-paths.ts";

/** Who is looking, as the tab needs it: a guest, a camgirl (who never reviews), or a fan with or without a review. */
export type ReviewWriter =
  | { kind: "guest" }
  | { kind: "camgirl" }
  | { kind: "fan"; own: UserReviewReply | null };

/** The model page's "User Reviews" tab: the approved reviews, 9 a page, and the way to write one. */
export function UserReviewsTab({
  model,
  reviews,
  writer,
}: {
  model: { slug: string; name: string };
  reviews: UserReviewListReply;
  writer: ReviewWriter;
}) {
  return (
    <section aria-labelledby="user-reviews-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="user-reviews-title" className="text-xl font-semibold text-ink">
          {TAB_LABELS.userReviews} of {model.name}
        </h2>
        <WriteAction slug={model.slug} writer={writer} />
      </div>
      {reviews.data.length === 0 ? (
        <EmptyState
          title="No reviews yet"
          text={`Be the first to tell other fans what ${model.name}'s shows are like.`}
        />
      ) : (
        <ul className="space-y-4">
          {reviews.data.map((review) => (
            <ReviewCard key={review.id} review={review} />
          ))}
        </ul>
      )}
      <Pagination
        current={reviews.current_page}
        last={reviews.last_page}
        href={(page) => reviewPageHref(model.slug, page)}
        label="Review pages"
      />
    </section>
  );
}

function WriteAction({ slug, writer }: { slug: string; writer: ReviewWriter }) {
  if (writer.kind === "camgirl") return null;
  if (writer.kind === "guest")
    return (
      <Button to={loginPath(writeReviewPath(slug))} variant="secondary" size="sm">
        Log in to write a review
      </Button>
    );
  const own = writer.own;
  if (own)
    return (
      <p className="text-sm text-ink-muted">
        Your review: {REVIEW_STATE_LABELS[own.state]} ·{" "}
        <Link to={`/user-reviews/${own.id}`} className="text-accent underline">
          open it
        </Link>
      </p>
    );
  return (
    <Button to={writeReviewPath(slug)} size="sm">
      Write a review
    </Button>
  );
}
