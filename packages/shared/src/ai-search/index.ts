export * from "./ai-filters.ts";
export * from "./chip-query.ts";
export * from "./evaluation-set.ts";
export * from "./filter-chips.ts";
export * from "./hour-window.ts";
export * from "./parse-query.ts";
export * from "./search-texts.ts";
export * from "./vocabulary.ts";
