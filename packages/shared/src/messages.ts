// Every user-facing text of the spec, verbatim, plus the generic API replies. `{product}` is the configurable
// product name; resolve it with productText().
// One module per area (messages/), so a page's browser code loads only the texts it uses.

export * from "./messages/account.ts";
export * from "./messages/api.ts";
export * from "./messages/catalog.ts";
export * from "./messages/comments.ts";
export * from "./messages/follows.ts";
export * from "./messages/media.ts";
export * from "./messages/posts.ts";
export * from "./messages/product.ts";
export * from "./messages/shell.ts";
export * from "./messages/site-admin.ts";

import { API_MESSAGES, SUCCESS_MESSAGES, VALIDATION_MESSAGES } from "./messages/api.ts";
import { AGE_GATE_TEXT, ERROR_TEXT, PAGE_DEFAULTS, TAB_LABELS, TOKEN_ERRORS } from "./messages/shell.ts";

/** All texts in one object, for callers that prefer a single import. */
export const MESSAGES = {
  ageGate: AGE_GATE_TEXT,
  pageDefaults: PAGE_DEFAULTS,
  tabs: TAB_LABELS,
  token: TOKEN_ERRORS,
  error: ERROR_TEXT,
  success: SUCCESS_MESSAGES,
  api: API_MESSAGES,
  validation: VALIDATION_MESSAGES,
} as const;
