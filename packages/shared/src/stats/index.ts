export * from "./badges.ts";
export * from "./calendar-series.ts";
export * from "./collector-notices.ts";
export * from "./coverage.ts";
export * from "./day-split.ts";
export * from "./ingest-schema.ts";
export * from "./intervals.ts";
export * from "./sessions.ts";
