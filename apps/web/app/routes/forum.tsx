import { AreaPlaceholder } from "../components/area-placeholder.tsx";
import { seo } from "../lib/seo/page-meta.ts";
import type { Route } from "./+types/forum";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "Forum", description: "Talk about models, camsites and shows with other fans." });
}

export default function Forum() {
  return (
    <AreaPlaceholder
      title="Forum"
      lead="Talk about models, camsites and shows with other fans."
      emptyTitle="No discussions yet"
      emptyText="Forum topics will appear here once the forum opens."
    />
  );
}
