// The forum's shared pieces: constants, texts, the markdown-lite format (parse, mentions, quotes) and paths.
export * from "./constants.ts";
