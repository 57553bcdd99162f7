import type { SearchSection } from "../api-contract/search.ts";

// The search page's words, kept once: the page, its sections and the AI search.

export const SEARCH_TEXT = {
  title: "Search",
  lead: "Models, reviews, posts, comments, members, camsite nicknames and forum topics.",
  label: "Search CamAtlas",
  placeholder: "A name, a nickname or any words",
  submit: "Search",
  tooShort: "Type at least 2 characters to search.",
  nothing: "Nothing matches your search.",
  nothingHint: "Check the spelling, use fewer words, or try the AI search below.",
  seeAll: (count: number) => `See all ${count}`,
  resultsFor: (query: string) => `Results for “${query}”`,
  backToAll: "← All sections",
  aiLink: "Describe what you are looking for in plain words (AI search)",
} as const;

/** Each section's heading on the search page. */
export const SEARCH_SECTION_TITLES: Record<SearchSection, string> = {
  models: "Models",
  reviews: "Reviews",
  posts: "Articles",
  comments: "Comments",
  users: "Members",
  stats: "Camsite nicknames",
  topics: "Forum topics",
};
