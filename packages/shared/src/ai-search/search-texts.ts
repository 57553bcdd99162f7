import type { SearchSection } from "../api-contract/search.ts";

// The search page's words, kept once: the page, its sections and the AI search.

export const SEARCH_TEXT = {
  title: "Search",
  lead: "Models, reviews, posts, comments, members, camsite nicknames, forum topics and snapshots.",
  label: "Search CamAtlas",
  placeholder: "A name, a nickname or any words",
  submit: "Search",
  tooShort: "Type at least 2 characters to search.",
  nothing: "Nothing matches your search.",
  nothingHint: "Check the spelling, use fewer words, or try the AI search below.",
  /** A section's count; a capped one (more matches than were counted) reads "200+". */
  count: (total: number, capped = false) => `${total.toLocaleString("en-US")}${capped ? "+" : ""}`,
  seeAll: (count: number, capped = false) => `See all ${count.toLocaleString("en-US")}${capped ? "+" : ""}`,
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
  snapshots: "Snapshots",
};

/** The AI search page's words. */
export const AI_SEARCH_TEXT = {
  title: "AI search",
  lead: "Describe who you are looking for in plain words: camsite, country, look, show, age, rating, camscore, when she is usually online.",
  label: "Describe what you are looking for",
  placeholder: "blonde couple from Romania on Chaturbate, usually online in the evening, over 4 stars",
  submit: "Search",
  examples: [
    "blonde couple from Romania on Chaturbate, usually online in the evening, over 4 stars",
    "MFC girls with a camscore over 3000 online now",
    "new models this month who do private shows",
  ],
  examplesTitle: "Try",
  understood: "Understood as",
  chipsHint: "Edit a filter's words or remove it, then search again.",
  chipLabel: (label: string) => `Filter: ${label}`,
  remove: (label: string) => `Remove ${label}`,
  apply: "Search with these filters",
  nothingUnderstood:
    "Nothing in these words matches the catalog's filters or names. Try a camsite, a country or a tag.",
  noModels: "No model meets all of these filters.",
  noModelsHint: "Remove a filter to widen the search.",
  results: (total: number) => `${total} ${total === 1 ? "model" : "models"}`,
  snapshots: (name: string) => `Recent snapshots of ${name}`,
  snapshotAlt: (name: string, date: string) => `Snapshot of ${name}, ${date}`,
  noSnapshots: "No snapshots yet",
  privacy:
    "Search reads your words only. It never compares faces or pictures and never looks for someone by a photo: performers' safety comes first.",
  timeZoneNote: (zone: string) => `Hours are read in your time zone (${zone}).`,
} as const;
