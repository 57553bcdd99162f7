import { PAGE_SIZE, productText, TAB_LABELS } from "@camatlas/shared";
import { type PostTeaserReply, postEndpoints } from "@camatlas/shared/api-contract";
import { useRouteLoaderData } from "react-router";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import type { ApiClient } from "../../lib/api-client.ts";
import { PostTeaserGrid } from "./post-teaser-card.tsx";

// The site's own reviews of one model or one camsite ("{product}s Reviews"): on her profile's Reviews tab and on
// the camsite's page. A failed read shows no reviews rather than failing the page.

export interface RelatedReviews {
  reviews: PostTeaserReply[];
  total: number;
}

export async function fetchRelatedReviews(
  api: ApiClient,
  about: { model_id: number } | { cam_site_id: number },
): Promise<RelatedReviews> {
  try {
    const reply = await api.call(postEndpoints.list, {
      query: { type: ["review"], per_page: PAGE_SIZE.reviewsPerPage, ...about },
    });
    return { reviews: reply.data, total: reply.total };
  } catch {
    return { reviews: [], total: 0 };
  }
}

export function RelatedReviewsSection({
  data,
  subject,
  headingId,
}: {
  data: RelatedReviews;
  /** Who the reviews are about, for the empty state ("No reviews of Luna yet"). */
  subject: string;
  headingId: string;
}) {
  const productName = (useRouteLoaderData("root") as { productName?: string } | undefined)?.productName;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-xl font-semibold text-ink">
        {productText(TAB_LABELS.productReviews, productName)}
        {data.total > 0 && <span className="ml-2 text-base font-normal text-ink-faint">({data.total})</span>}
      </h2>
      {data.reviews.length > 0 ? (
        <>
          <PostTeaserGrid posts={data.reviews} headingLevel={3} />
          {data.total > data.reviews.length && (
            <p>
              <a href="/reviews" className="text-sm font-medium text-accent underline">
                All reviews
              </a>
            </p>
          )}
        </>
      ) : (
        <EmptyState
          title={`No reviews of ${subject} yet`}
          text="Our reviews will appear here once they are published."
        />
      )}
    </section>
  );
}
