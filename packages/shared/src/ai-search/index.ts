export * from "./search-texts.ts";
