import { loadPostList } from "../features/posts/post-list.server.ts";
import { PostListPage } from "../features/posts/post-list-page.tsx";
import { postListMeta } from "../features/posts/post-list-route.ts";
import { apiContext } from "../lib/load-context.ts";
import type { Route } from "./+types/news";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

// /news: live posts of the kind "news", newest first (?page=, ?tag=).
export function loader({ request, context }: Route.LoaderArgs) {
  return loadPostList(context.get(apiContext), request, "news");
}

export function meta(args: Route.MetaArgs) {
  return postListMeta(args, "news");
}

export default function PostList({ loaderData }: Route.ComponentProps) {
  return <PostListPage data={loaderData} />;
}
