import { AreaPlaceholder } from "../components/area-placeholder.tsx";
import { seo } from "../lib/seo/page-meta.ts";
import type { Route } from "./+types/stats-nickname";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

export function loader({ params }: Route.LoaderArgs) {
  return { camsite: params.camsite, nickname: params.nickname };
}

// Every URL containing /stats/ is noindex (seo() and the root's RobotsMeta add the tag).
export function meta(args: Route.MetaArgs) {
  const nickname = args.loaderData?.nickname ?? "";
  return seo(args, { title: `${nickname} stats`, description: `Activity statistics of ${nickname}.` });
}

export default function StatsNickname({ loaderData }: Route.ComponentProps) {
  return (
    <AreaPlaceholder
      title={`${loaderData.nickname} stats`}
      lead={`On ${loaderData.camsite}`}
      emptyTitle="No statistics yet"
      emptyText="Statistics will appear here once the collectors have observed this nickname."
    />
  );
}
