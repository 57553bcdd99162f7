import { API_MESSAGES, COOKIE_NAMES } from "@camatlas/shared";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env.ts";
import { forbidden } from "../lib/http-errors.ts";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The origin of a header value (`Origin`, or a full `Referer` URL); null when absent or unreadable. */
function originOf(value: string | undefined): URL | null {
  if (!value || value === "null") return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * Cross-site request forgery guard. A browser sends the token cookie with any request to the site, including
 * ones a foreign page makes it send; a write authenticated by that cookie must therefore come from the site's own
 * pages: its Origin (or Referer) must be PUBLIC_URL's origin or the request's own host. Bearer-token clients and
 * the in-process SSR server (internal token) are not cookie-driven and pass.
 */
export function originCheck() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!MUTATING.has(c.req.method)) return next();
    if (/^Bearer\s+\S+$/i.test(c.req.header("authorization") ?? "")) return next();
    if (!getCookie(c, COOKIE_NAMES.token)) return next();
    const { deps } = c.var;
    if (c.req.header("x-internal-token") === deps.internalToken) return next();

    const origin = originOf(c.req.header("origin")) ?? originOf(c.req.header("referer"));
    const requestHost = c.req.header("host") ?? new URL(c.req.url).host;
    if (origin && isOwnOrigin(origin, deps.env.PUBLIC_URL, requestHost, deps.env.COOKIE_DOMAIN)) {
      return next();
    }
    throw forbidden(API_MESSAGES.crossSiteRequest);
  });
}

function isOwnOrigin(origin: URL, publicUrl: string, requestHost: string, cookieDomain?: string): boolean {
  if (origin.origin === new URL(publicUrl).origin) return true;
  // Behind a proxy the scheme may differ between the browser and this process; the host may not.
  if (origin.host.toLowerCase() === requestHost.toLowerCase()) return true;
  // Sites sharing the session cookies through COOKIE_DOMAIN (e.g. `.camatlas.example`) belong to the site too.
  const domain = cookieDomain?.replace(/^\./, "").toLowerCase();
  if (!domain) return false;
  const host = origin.hostname.toLowerCase();
  return origin.protocol === "https:" || origin.protocol === "http:"
    ? host === domain || host.endsWith(`.${domain}`)
    : false;
}
