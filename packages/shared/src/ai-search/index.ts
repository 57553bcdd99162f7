export * from "./ai-filters.ts";
export * from "./filter-chips.ts";
export * from "./parse-query.ts";
export * from "./search-texts.ts";
export * from "./vocabulary.ts";
export * from "./evaluation-set.ts";
