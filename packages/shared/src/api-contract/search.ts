import { z } from "zod";
import { SEARCH_TEXT_MAX, searchQuery } from "../schemas/search-query.ts";
import { endpoint } from "./endpoint.ts";

// The header search's typeahead (the model list's search is GET /models?query=…).

export const typeaheadItemReply = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  avatar_path: z.string().nullable(),
  /** The name or nickname that matched the query. */
  matched: z.string(),
  /** The camsite of the matching nickname; null when her name matched. */
  cam_site: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type TypeaheadItemReply = z.output<typeof typeaheadItemReply>;

export const searchEndpoints = {
  typeahead: endpoint({
    method: "get",
    path: "/search/typeahead",
    // Normalised here (searchQuery): what the caches, the index and the database search all take.
    query: z.object({ query: searchQuery(SEARCH_TEXT_MAX).prefault("") }),
    reply: z.object({ data: z.array(typeaheadItemReply) }),
  }),
};
