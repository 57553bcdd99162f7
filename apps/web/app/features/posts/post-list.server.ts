import type { PostType } from "@camatlas/shared";
import { postEndpoints } from "@camatlas/shared/api-contract";
import type { ApiClient } from "../../lib/api-client.ts";
import { apiLoad } from "../../lib/errors/index.ts";
import { POST_KINDS } from "./post-kinds.ts";

/** A list page's data from its address (`?page=`, `?tag=`): one API call. */
export async function loadPostList(api: ApiClient, request: Request, type: PostType) {
  const url = new URL(request.url);
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const tag = url.searchParams.get("tag")?.trim().slice(0, 64) || null;
  const reply = await apiLoad(
    api.call(postEndpoints.list, {
      query: { type: [type], page, per_page: POST_KINDS[type].perPage, ...(tag ? { tag } : {}) },
    }),
  );
  return {
    type,
    tag,
    posts: reply.data,
    page: reply.current_page,
    lastPage: reply.last_page,
    total: reply.total,
  };
}
