import { queryOfChips } from "@camatlas/shared/ai-search/chip-query";
import { AI_SEARCH_TEXT } from "@camatlas/shared/ai-search/search-texts";
import { aiSearchEndpoints } from "@camatlas/shared/api-contract";
import { AiSearchPage } from "../features/search/ai-search-page.tsx";
import { apiLoad } from "../lib/errors/index.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import type { Route } from "./+types/search-ai";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

const QUERY_MAX = 200;

/**
 * /search/ai?query=…: plain words read into filter chips and the models meeting them. The chips' form sends
 * `chip` (each chip's words, maybe edited) and `remove` (a chip's index): the query is then the chips' words.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const chips = url.searchParams.getAll("chip");
  const removed = Number(url.searchParams.get("remove") ?? "-1");
  const query = (
    chips.length > 0
      ? queryOfChips(chips.filter((_, i) => i !== removed))
      : (url.searchParams.get("query") ?? "")
  )
    .trim()
    .slice(0, QUERY_MAX);
  const timeZone = url.searchParams.get("time_zone")?.slice(0, 64) || null;
  const pageParam = Number(url.searchParams.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  if (!query) return { query, timeZone, result: null };
  const result = await apiLoad(
    context.get(apiContext).call(aiSearchEndpoints.ai, {
      query: { query, page, ...(timeZone ? { time_zone: timeZone } : {}) },
    }),
  );
  return { query, timeZone, result };
}

export function meta(args: Route.MetaArgs) {
  const query = args.loaderData?.query;
  return seo(args, {
    title: query ? `${AI_SEARCH_TEXT.title}: ${query}` : AI_SEARCH_TEXT.title,
    description: AI_SEARCH_TEXT.lead,
    noindex: Boolean(query),
  });
}

export default function SearchAi({ loaderData }: Route.ComponentProps) {
  return <AiSearchPage {...loaderData} />;
}
