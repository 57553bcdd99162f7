// The forum's shared pieces: constants, texts, the markdown-lite format (parse, mentions, quotes) and paths.
export * from "./constants.ts";
export * from "./markdown-lite.ts";
export * from "./messages.ts";
export * from "./paths.ts";
export * from "./schemas.ts";
