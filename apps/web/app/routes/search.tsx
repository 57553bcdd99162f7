import { SEARCH_SECTION_TITLES, SEARCH_TEXT } from "@camatlas/shared/ai-search/search-texts";
import {
  SEARCH_MIN_LENGTH,
  SEARCH_SECTIONS,
  type SearchSection,
  searchAllEndpoints,
} from "@camatlas/shared/api-contract";
import { SearchResults } from "../features/search/search-results.tsx";
import { apiLoad } from "../lib/errors/index.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import type { Route } from "./+types/search";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

// /search?query=…: every section's first hits with its count and "see all"; &section=reviews pages one section.
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = (url.searchParams.get("query") ?? "").trim().slice(0, 200);
  const wanted = url.searchParams.get("section");
  const section = SEARCH_SECTIONS.find((s) => s === wanted) ?? null;
  const pageParam = Number(url.searchParams.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  if (query.length < SEARCH_MIN_LENGTH) return { query, section: null, all: null, one: null };
  const api = context.get(apiContext);
  if (section) {
    const one = await apiLoad(
      api.call(searchAllEndpoints[section as SearchSection], { query: { query, page } }),
    );
    return { query, section, all: null, one };
  }
  const all = await apiLoad(api.call(searchAllEndpoints.all, { query: { query } }));
  return { query, section: null, all, one: null };
}

export function meta(args: Route.MetaArgs) {
  const query = args.loaderData?.query ?? "";
  const section = args.loaderData?.section;
  const title = query
    ? `${SEARCH_TEXT.resultsFor(query)}${section ? ` · ${SEARCH_SECTION_TITLES[section]}` : ""}`
    : SEARCH_TEXT.title;
  // Result pages are endless and personal: kept out of search engines.
  return seo(args, { title, description: SEARCH_TEXT.lead, noindex: true });
}

export default function Search({ loaderData }: Route.ComponentProps) {
  return <SearchResults {...loaderData} />;
}
