import type { ModelViewer } from "@camatlas/db";
import { ROLE } from "@camatlas/shared";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { locateIp } from "../../lib/geo-lookup.ts";
import type { Actor } from "./policy.ts";

/** The caller for policies: null for guests. */
export function actorOf(c: Context<AppEnv>): Actor {
  const user = c.var.user;
  return user ? { id: user.id, roleId: user.roleId } : null;
}

/**
 * The caller and their location (from the client IP the SSR server forwards), for visibility and blocks.
 * Admins skip the lookup: nothing is hidden from them.
 */
export function viewerOf(c: Context<AppEnv>): ModelViewer {
  const user = c.var.user;
  const isAdmin = user?.roleId === ROLE.admin;
  const place = isAdmin ? null : locateIp(c.var.clientIp);
  return {
    userId: user?.id ?? null,
    isAdmin,
    country: place?.country ?? null,
    region: place?.region ?? null,
    ip: place?.ip ?? null,
  };
}
