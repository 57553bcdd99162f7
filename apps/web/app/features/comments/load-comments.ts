import type { CommentZone } from "@camatlas/shared";
import { type CommentListReply, commentEndpoints } from "@camatlas/shared/api-contract";
import { COMMENT_ORDERS, type CommentOrder } from "@camatlas/shared/comments";
import type { ApiClient } from "../../lib/api-client.ts";

// The loader side of a Comments section: its first (or requested) page, read by the page's loader so the comments
// are in the server-rendered HTML and readable without JavaScript.

/** The address parameters of a thread: its page and order (`?comments_page=2&comments_order=top`). */
export const COMMENTS_PAGE_PARAM = "comments_page";
export const COMMENTS_ORDER_PARAM = "comments_order";
/** A comment of the page whose replies are all shown (the "more replies" link without JavaScript). */
export const COMMENTS_REPLIES_PARAM = "comments_replies";

export type LoadedComments =
  | { ok: true; zone: CommentZone; commentableId: number; thread: CommentListReply }
  | { ok: false; zone: CommentZone; commentableId: number };

/** The comments page and order a page's address asks for. */
export function commentsPagingFromUrl(url: URL | string): {
  page: number;
  order: CommentOrder;
  repliesOf?: number;
} {
  const params = (typeof url === "string" ? new URL(url) : url).searchParams;
  const page = Number(params.get(COMMENTS_PAGE_PARAM));
  const order = params.get(COMMENTS_ORDER_PARAM);
  const repliesOf = Number(params.get(COMMENTS_REPLIES_PARAM));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    order: COMMENT_ORDERS.find((o) => o === order) ?? "newest",
    ...(Number.isInteger(repliesOf) && repliesOf >= 1 && repliesOf <= 2_147_483_647 ? { repliesOf } : {}),
  };
}

/**
 * One page of a thread for a loader. A failure does not fail the page around it: the section shows its error
 * state instead (the rest of the page stays readable).
 */
export async function loadCommentsPage(
  api: ApiClient,
  zone: CommentZone,
  commentableId: number,
  page = 1,
  order: CommentOrder = "newest",
  repliesOf?: number,
): Promise<LoadedComments> {
  try {
    const thread = await api.call(commentEndpoints.list, {
      query: {
        comment_zone: zone,
        commentable_id: commentableId,
        page,
        order_by: order,
        ...(repliesOf ? { replies_of: repliesOf } : {}),
      },
    });
    return { ok: true, zone, commentableId, thread };
  } catch {
    return { ok: false, zone, commentableId };
  }
}

/** loadCommentsPage with the page and order read from the request's address. */
export function loadCommentsFor(api: ApiClient, request: Request, zone: CommentZone, commentableId: number) {
  const { page, order, repliesOf } = commentsPagingFromUrl(request.url);
  return loadCommentsPage(api, zone, commentableId, page, order, repliesOf);
}

/** The Comments tab's number without loading the comments (null when it cannot be read). */
export async function loadCommentsCount(api: ApiClient, zone: CommentZone, commentableId: number) {
  try {
    const { count } = await api.call(commentEndpoints.count, {
      query: { comment_zone: zone, commentable_id: commentableId },
    });
    return count;
  } catch {
    return null;
  }
}
