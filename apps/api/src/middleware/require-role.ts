import { ROLE, type RoleId } from "@camatlas/shared";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env.ts";
import { forbidden, unauthorized } from "../lib/http-errors.ts";

/** Guards an endpoint: 401 for guests (with the token's own message), 403 for signed-in users of another role. */
export function requireRole(...roleIds: RoleId[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.var.user;
    if (!user) throw unauthorized(c.var.authError ?? undefined);
    if (!(roleIds as number[]).includes(user.roleId)) throw forbidden();
    await next();
  });
}

/** Admin-only endpoints (spec §6). */
export const requireAdmin = () => requireRole(ROLE.admin);
