import type { Context } from "hono";
import type { AppEnv, AuthUser } from "../app-env.ts";
import { unauthorized } from "./http-errors.ts";

/**
 * The signed-in caller. Routes declared with access "user", "admin" or roles are guarded before the handler runs,
 * so this only throws (401, with the token's own reason) when a route forgot its guard.
 */
export function currentUser(c: Context<AppEnv>): AuthUser {
  const user = c.var.user;
  if (!user) throw unauthorized(c.var.authError ?? undefined);
  return user;
}
