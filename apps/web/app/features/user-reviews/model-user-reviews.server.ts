import { ROLE } from "@camatlas/shared";
import {
  profileEndpoints,
  type UserReviewListReply,
  userReviewEndpoints,
} from "@camatlas/shared/api-contract";
import type { ApiClient } from "../../lib/api-client.ts";
import { sessionFromCookieHeader } from "../../lib/session/cookies.ts";
import type { ReviewWriter } from "./user-reviews-tab.tsx";

// The model page's share of user reviews: the tab's count on every view; on the tab itself, its page of reviews
// and whether the visitor may write one (or has one already).

export interface ModelUserReviews {
  list: UserReviewListReply;
  writer: ReviewWriter;
}

const EMPTY: UserReviewListReply = { data: [], total: 0, current_page: 1, last_page: 1, meta: {} };

export async function loadModelUserReviews(
  api: ApiClient,
  request: Request,
  modelId: number,
  onTab: boolean,
): Promise<ModelUserReviews> {
  const url = new URL(request.url);
  const page = Math.max(1, Math.min(100_000, Number(url.searchParams.get("review_page")) || 1));
  const listCall = api
    .call(userReviewEndpoints.list, { query: { model_id: modelId, ...(onTab ? { page } : { per_page: 1 }) } })
    // A failure leaves the rest of the profile readable.
    .catch(() => EMPTY);
  if (!onTab || !sessionFromCookieHeader(request.headers.get("cookie")).signedIn)
    return { list: await listCall, writer: { kind: "guest" } };
  const [list, writer] = await Promise.all([listCall, writerOf(api, modelId)]);
  return { list, writer };
}

async function writerOf(api: ApiClient, modelId: number): Promise<ReviewWriter> {
  try {
    const me = await api.call(profileEndpoints.get, { query: { user_review_information: true } });
    if (me.role_id === ROLE.camgirl) return { kind: "camgirl" };
    if (!(me.unavailable_models_for_create_user_review ?? []).includes(modelId))
      return { kind: "fan", own: null };
    const mine = await api.call(userReviewEndpoints.list, {
      query: { model_id: modelId, user_id: me.id, per_page: 1 },
    });
    return { kind: "fan", own: mine.data[0] ?? null };
  } catch {
    return { kind: "guest" };
  }
}
