export { type ApiApp, createApi } from "./app.ts";
export type { ApiDeps, AppEnv, AuthUser } from "./app-env.ts";
export { type ApiDepsInput, createApiDeps } from "./deps.ts";
export { EnvError, loadServerEnv, type ServerEnv } from "./env.ts";
export { hashPassword, verifyPassword } from "./lib/password.ts";
export { createMemoryRateLimitStore } from "./lib/rate-limit-store.ts";
