import { type ScoredName, searchTextScores } from "@camatlas/db";
import type { SearchText } from "@camatlas/shared";
import type { ApiDeps } from "../../../app-env.ts";
import type { SearchSnapshot } from "./catalog-search-index.ts";

/** Most names a search scores; a list of results pages through the models (or nicknames) bearing them. */
export const CLOSEST_NAMES_CAP = 200;

/**
 * The model names and nicknames closest to a search, typo-tolerant, best first: one engine for the model list,
 * search everywhere's models and stats sections, and the /stats page's search. The in-process index scores them;
 * without it the database does, and the answer is kept briefly (popular searches repeat). A caller that already
 * holds the index's snapshot (or knows there is none) passes it.
 */
export async function closestNames(
  deps: ApiDeps,
  query: SearchText,
  snapshot?: SearchSnapshot | null,
): Promise<ScoredName[]> {
  const index = snapshot === undefined ? await deps.searchIndex.current() : snapshot;
  return index
    ? index.names.scoreText(query, CLOSEST_NAMES_CAP)
    : deps.caches.modelSearches.get(query, () => searchTextScores(deps.db, query, CLOSEST_NAMES_CAP));
}
