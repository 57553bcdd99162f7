import { AreaPlaceholder } from "../components/area-placeholder.tsx";
import { seo } from "../lib/seo/page-meta.ts";
import type { Route } from "./+types/stats";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "Stats", description: "Activity statistics of webcam models across camsites." });
}

export default function Stats() {
  return (
    <AreaPlaceholder
      title="Stats"
      lead="Activity statistics of webcam models across camsites."
      emptyTitle="No statistics yet"
      emptyText="Statistics will appear here once the collectors have observed some shows."
    />
  );
}
