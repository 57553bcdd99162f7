export * from "./client.ts";
export * from "./migrate.ts";
export * from "./queries/audit-log.ts";
export * from "./queries/camsites.ts";
export * from "./queries/health.ts";
export * from "./queries/models.ts";
export * from "./queries/revoked-tokens.ts";
export * from "./queries/users.ts";
export * as schema from "./schema/index.ts";
