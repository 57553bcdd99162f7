import { AreaPlaceholder } from "../components/area-placeholder.tsx";
import { seo } from "../lib/seo/page-meta.ts";
import type { Route } from "./+types/news";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "News", description: "What is new on the camsites and on this site." });
}

export default function News() {
  return (
    <AreaPlaceholder
      title="News"
      lead="What is new on the camsites and on this site."
      emptyTitle="No news yet"
      emptyText="News will appear here once they are published."
    />
  );
}
