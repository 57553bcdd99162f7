export type { ApiDeps, AppEnv, AuthUser } from "./app-env.ts";
export { type ApiApp, createApi } from "./app.ts";
export { EnvError, loadServerEnv, type ServerEnv } from "./env.ts";
export { createMemoryRateLimitStore } from "./lib/rate-limit-store.ts";
export { hashPassword, verifyPassword } from "./lib/password.ts";
