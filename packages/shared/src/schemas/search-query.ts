import { z } from "zod";
import { TEXT_LIMITS } from "../limits.ts";

// A search for models by name or nickname (the model list's `query`, the typeahead, the in-process name index and
// the database search) is normalised here and nowhere else: the API's request schemas give the routes a SearchText,
// and the index and the database search take one as it is (their entry points for raw text call
// normalizeSearchText themselves).

/** Characters of a search that are matched: no name or nickname is longer (their columns hold 100). */
export const SEARCH_TEXT_MAX = 100;

/** A search as names are matched against it: normalizeSearchText's result. */
export type SearchText = string & z.$brand<"SearchText">;

/**
 * Trimmed, lowercased (names are matched lowercased), at most SEARCH_TEXT_MAX characters. Blanks inside are kept:
 * "mia stone" is a name. An empty result means no search.
 */
export function normalizeSearchText(raw: string): SearchText {
  return raw.trim().toLowerCase().slice(0, SEARCH_TEXT_MAX) as SearchText;
}

/**
 * A search parameter: at most `maxLength` characters once trimmed (a longer one is a 422), then normalised.
 * The model list accepts TEXT_LIMITS.query characters and matches the first SEARCH_TEXT_MAX; the typeahead
 * accepts SEARCH_TEXT_MAX.
 */
export function searchQuery(maxLength: number = TEXT_LIMITS.query) {
  return z.string().trim().max(maxLength).transform(normalizeSearchText);
}

/** The model list's `query`. */
export const searchQuerySchema = searchQuery();
