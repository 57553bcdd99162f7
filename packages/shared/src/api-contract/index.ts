// The API's operations, one file per domain: method, path, request and reply schemas, shared by API and web.
export * from "./common.ts";
export * from "./endpoint.ts";
export * from "./tags.ts";
export * from "./moderation.ts";
export * from "./camsites.ts";
export * from "./pages.ts";
export * from "./stats.ts";
export * from "./accounts.ts";
export * from "./site.ts";
export * from "./ingest.ts";
export * from "./media.ts";
