import { PAGE_SIZE } from "@camatlas/shared";
import { type PostTeaserReply, postEndpoints } from "@camatlas/shared/api-contract";
import type { ApiClient } from "../../lib/api-client.ts";

/**
 * The home page's posts: the reviews carousel (12) and the latest blog and news posts (3). A failure leaves a section
 * empty rather than the whole page failing.
 */
export async function fetchHomePosts(
  api: ApiClient,
): Promise<{ reviews: PostTeaserReply[]; posts: PostTeaserReply[] }> {
  const [reviews, posts] = await Promise.all([
    api
      .call(postEndpoints.list, { query: { type: ["review"], per_page: PAGE_SIZE.reviewsCarousel } })
      .then((reply) => reply.data)
      .catch(() => []),
    api
      .call(postEndpoints.list, { query: { type: ["blog", "news"], per_page: PAGE_SIZE.posts } })
      .then((reply) => reply.data)
      .catch(() => []),
  ]);
  return { reviews, posts };
}
