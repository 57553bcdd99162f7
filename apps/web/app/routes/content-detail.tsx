import { NotFoundView } from "../components/not-found-view.tsx";
import { fetchSettings, notFoundTexts } from "../features/home/site-settings.ts";
import { notFound } from "../lib/errors/loader-errors.ts";
import { apiContext } from "../lib/load-context.ts";
import type { Route } from "./+types/content-detail";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

// /reviews/{post_name}, /blog/{slug}, /news/{slug}: no review or post exists yet, so every address is a 404
// until those areas are built.
export async function loader({ context }: Route.LoaderArgs) {
  notFound(notFoundTexts(await fetchSettings(context.get(apiContext))));
}

export default function ContentDetail() {
  return <NotFoundView />;
}
