import { AreaPlaceholder } from "../components/area-placeholder.tsx";
import { seo } from "../lib/seo/page-meta.ts";
import type { Route } from "./+types/blog";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

export function meta(args: Route.MetaArgs) {
  return seo(args, {
    title: "Blog",
    description: "Stories, guides and insights from the world of webcam modelling.",
  });
}

export default function Blog() {
  return (
    <AreaPlaceholder
      title="Blog"
      lead="Stories, guides and insights from the world of webcam modelling."
      emptyTitle="No posts yet"
      emptyText="Blog posts will appear here once they are published."
    />
  );
}
