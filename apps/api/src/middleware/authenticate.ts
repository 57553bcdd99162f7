import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env.ts";

/**
 * Auth hook of the chain. Resolves the caller from the `token` cookie or `Authorization: Bearer`.
 * Sessions and tokens arrive with the accounts capability; until then every caller is a guest.
 */
export function authenticate() {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("user", null);
    await next();
  });
}
