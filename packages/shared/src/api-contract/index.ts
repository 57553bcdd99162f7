// The API's operations, one file per domain: method, path, request and reply schemas, shared by API and web.

export * from "./accounts.ts";
export * from "./camsites.ts";
export * from "./collectors.ts";
export * from "./comments.ts";
export * from "./common.ts";
export * from "./endpoint.ts";
export * from "./featured-models.ts";
export * from "./forum.ts";
export * from "./ingest.ts";
export * from "./legacy.ts";
export * from "./media.ts";
export * from "./model-content.ts";
export * from "./model-links.ts";
export * from "./model-nicknames.ts";
export * from "./model-verification.ts";
export * from "./models.ts";
export * from "./moderation.ts";
export * from "./pages.ts";
export * from "./posts.ts";
export * from "./search.ts";
export * from "./site.ts";
export * from "./stats.ts";
export * from "./stories.ts";
export * from "./tags.ts";
export * from "./user-reviews.ts";
export * from "./video-jobs.ts";
