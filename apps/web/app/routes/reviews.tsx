import { loadPostList } from "../features/posts/post-list.server.ts";
import { PostListPage } from "../features/posts/post-list-page.tsx";
import { postListMeta } from "../features/posts/post-list-route.ts";
import { apiContext } from "../lib/load-context.ts";
import type { Route } from "./+types/reviews";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

// /reviews: the site's own reviews of models and camsites ("{product}s Reviews"), 6 per page (?page=, ?tag=).
export function loader({ request, context }: Route.LoaderArgs) {
  return loadPostList(context.get(apiContext), request, "review");
}

export function meta(args: Route.MetaArgs) {
  return postListMeta(args, "review");
}

export default function PostList({ loaderData }: Route.ComponentProps) {
  return <PostListPage data={loaderData} />;
}
