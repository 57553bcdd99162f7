import { AreaPlaceholder } from "../components/area-placeholder.tsx";
import { seo } from "../lib/seo/page-meta.ts";
import type { Route } from "./+types/reviews";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

export function meta(args: Route.MetaArgs) {
  return seo(args, {
    title: "Reviews",
    description: "Reviews of webcam models and camsites by the team and the community.",
  });
}

export default function Reviews() {
  return (
    <AreaPlaceholder
      title="Reviews"
      lead="Reviews of webcam models and camsites by the team and the community."
      emptyTitle="No reviews yet"
      emptyText="Reviews will appear here once they are published."
    />
  );
}
