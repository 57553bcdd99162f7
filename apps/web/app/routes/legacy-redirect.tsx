import { type EndpointInput, legacyEndpoints } from "@camatlas/shared/api-contract";
import { redirect } from "react-router";
import { NotFoundView } from "../components/not-found-view.tsx";
import { fetchSettings, notFoundTexts } from "../features/home/site-settings.ts";
import { ApiResponseError } from "../lib/api-client.ts";
import { notFound, throwLoaderError } from "../lib/errors/loader-errors.ts";
import { apiContext } from "../lib/load-context.ts";
import type { Route } from "./+types/legacy-redirect";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

// Old addresses (spec §2 table) answer 301 to their canonical page, looked up by GET /api/legacy/resolve;
// unknown ids get the not-found page with status 404.

type LegacyQuery = NonNullable<EndpointInput<typeof legacyEndpoints.resolve>["query"]>;

/** The lookup for a legacy path, or null when the path is not one of the legacy forms. */
export function legacyLookup(
  pathname: string,
  params: Record<string, string | undefined>,
): LegacyQuery | null {
  if (pathname.startsWith("/camsites/visit/site/")) return { kind: "camsite", id: params.id };
  if (pathname.startsWith("/camsites/visit/profile/"))
    return { kind: "camsite-profile", camsite_id: params.camsiteId, name: params.modelName };
  if (pathname.startsWith("/comment/read/")) return { kind: "comment", id: params.id };
  if (pathname.startsWith("/pic/")) return { kind: "picture", id: params.id };
  if (pathname.endsWith("/dataJSON"))
    return { kind: "data-json", camsite: params.camsite, name: params.nickname };
  return null;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const lookup = legacyLookup(new URL(request.url).pathname, params);
  if (!lookup) notFound();
  try {
    const { url } = await api.call(legacyEndpoints.resolve, { query: lookup });
    return redirect(url, 301);
  } catch (error) {
    const status = error instanceof ApiResponseError ? error.status : 0;
    // Malformed ids (422) are unknown ids too.
    if (status === 404 || status === 422) notFound(notFoundTexts(await fetchSettings(api)));
    throwLoaderError(error);
  }
}

export default function LegacyRedirect() {
  return <NotFoundView />;
}
