// Comments' pure rules: markdown-lite text as safe tokens, mentions, the edit window, page sizes (decision 0015).
export * from "./comment-rules.ts";
export * from "./comment-text.ts";
