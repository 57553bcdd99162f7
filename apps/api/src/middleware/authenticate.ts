import { ACCOUNT_BLOCK_MESSAGES, COOKIE_NAMES, isBlockActive } from "@camatlas/shared";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env.ts";
import { forbidden, unauthorized } from "../lib/http-errors.ts";
import { assertCurrentSession, TokenError } from "../modules/auth/token-service.ts";

/** The token of a request: `Authorization: Bearer …` first, else the `token` cookie. */
export function tokenOf(authorization: string | undefined, cookieToken: string | undefined): string | null {
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return bearer ?? cookieToken ?? null;
}

/** What a blocked member may still send: signing out, and the adblock count every page sends. */
const WRITES_WHILE_BLOCKED = ["/auth/cross-site/logout", "/adblock-statistics"];
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Auth hook of the chain. Resolves the caller from the token; a missing or bad token makes a guest, and the
 * reason is kept so `requireUser()` can answer 401 with the spec's exact token message. Public reads therefore
 * never fail on a stale cookie.
 */
export function authenticate() {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("user", null);
    c.set("authError", null);
    const token = tokenOf(c.req.header("authorization"), getCookie(c, COOKIE_NAMES.token));
    if (token) {
      try {
        const claims = await c.var.deps.tokens.verify(token);
        const user = await c.var.deps.users.findForAuth(claims.userId);
        // A session issued before the last password change or reset has ended (the row is read anyway).
        if (user) assertCurrentSession(claims, user);
        if (user) {
          // A blocked member stays signed in to read (and be told why, GET /profile); writes are refused below.
          const blocked = isBlockActive(user) ? { blocked: true } : {};
          c.set("user", { id: user.id, roleId: user.roleId, nickName: user.nickName, ...blocked });
        } else c.set("authError", "Unauthenticated.");
      } catch (error) {
        if (!(error instanceof TokenError)) throw error;
        c.set("authError", error.message);
      }
    }
    if (
      c.var.user?.blocked &&
      !READS.has(c.req.method) &&
      !WRITES_WHILE_BLOCKED.some((path) => c.req.path.endsWith(path))
    )
      throw forbidden(ACCOUNT_BLOCK_MESSAGES.writesRefused);
    await next();
  });
}

/** Guards an endpoint: signed-in callers only; 401 with the token's own message otherwise. */
export function requireUser() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!c.var.user) throw unauthorized(c.var.authError ?? undefined);
    await next();
  });
}
