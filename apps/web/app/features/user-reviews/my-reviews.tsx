import { type UserReviewListReply, userReviewEndpoints } from "@camatlas/shared/api-contract";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import type { ApiClient } from "../../lib/api-client.ts";
import { ReviewCard } from "./review-card.tsx";

// The account page's "My reviews": every review of hers in every state (waiting, published, rejected, hidden by
// the model, removed by admin), newest first.

const PAGE_PARAM = "reviews_page";
const EMPTY: UserReviewListReply = { data: [], total: 0, current_page: 1, last_page: 1, meta: {} };

export async function loadMyReviews(
  api: ApiClient,
  userId: number,
  request: Request,
): Promise<UserReviewListReply> {
  const page = Math.max(1, Math.min(100_000, Number(new URL(request.url).searchParams.get(PAGE_PARAM)) || 1));
  // The rest of the account page stays usable when the list does not answer.
  return api.call(userReviewEndpoints.list, { query: { user_id: userId, page } }).catch(() => EMPTY);
}

export function MyReviews({ reviews }: { reviews: UserReviewListReply }) {
  if (reviews.total === 0)
    return (
      <EmptyState
        title="No reviews yet"
        text="Open a model's profile and choose User Reviews to write about her shows."
      />
    );
  return (
    <div className="space-y-4">
      <ul className="space-y-3">
        {reviews.data.map((review) => (
          <ReviewCard key={review.id} review={review} showModel alwaysShowState />
        ))}
      </ul>
      <Pagination
        current={reviews.current_page}
        last={reviews.last_page}
        href={(page) => `/account?${PAGE_PARAM}=${page}#my-reviews`}
        label="Pages of my reviews"
      />
    </div>
  );
}
