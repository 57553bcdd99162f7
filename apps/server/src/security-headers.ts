import { createHash, randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";

// The site's security headers (decision 0013): one middleware for every answer (pages, API, media, assets), and a
// Content-Security-Policy that lets pages run only the site's own scripts. A page rendered for one visitor allows its
// inline scripts (React Router's hydration data, React's streaming) by a nonce made for that response; a page the
// guest cache shares allows them by their SHA-256 instead, so no nonce is ever handed to two visitors.

export interface SecurityHeaderOptions {
  /** HSTS is sent in production only (APP_ENV=production): elsewhere the site may well be plain http. */
  production: boolean;
  /** Vite dev server: the page policy is only reported (its HMR client and overlay are not ours to nonce). */
  development: boolean;
  /** Origin of the S3-compatible media storage's public URL, when media live there. */
  mediaOrigin: string | null;
}

/** Headers every answer carries. */
export function baseSecurityHeaders(options: Pick<SecurityHeaderOptions, "production">): [string, string][] {
  return [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    // Powerful features the site never uses, for it and anything it embeds.
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"],
    ...(options.production
      ? ([["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]] as [string, string][])
      : []),
  ];
}

/**
 * The policy of answers that are not pages (API replies, media, /dev/mail, /api/docs): nothing may run, inline
 * styles (of the small server-made pages) and same-site images only, never framed.
 */
export const RESOURCE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/**
 * The policy of an SSR page whose inline scripts are allowed by `scriptSources` (`'nonce-…'` or `'sha256-…'`).
 * Images may come from any https host: camsites' snapshots and admin-set banners live elsewhere, and images cannot run.
 */
export function pageContentSecurityPolicy(
  scriptSources: readonly string[],
  options: Pick<SecurityHeaderOptions, "development" | "mediaOrigin">,
): string {
  const media = options.mediaOrigin ? ` ${options.mediaOrigin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self'${scriptSources.map((source) => ` ${source}`).join("")}`,
    // React's style attributes (widths of bars, colours of charts) are inline.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${media}`,
    `media-src 'self'${media}`,
    "font-src 'self' data:",
    // Vite's hot reload talks over a websocket in development.
    `connect-src 'self'${options.development ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The header name a page's policy goes out under: enforced, or only reported under Vite in development. */
export function pagePolicyHeader(options: Pick<SecurityHeaderOptions, "development">): string {
  return options.development ? "Content-Security-Policy-Report-Only" : "Content-Security-Policy";
}

/** A fresh nonce for one response (128 bits). */
export function newCspNonce(): string {
  return randomBytes(16).toString("base64");
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC_ATTRIBUTE = /(?:^|\s)src\s*=/i;

/**
 * `'sha256-…'` sources of the inline scripts of an HTML page (scripts with `src` are covered by 'self').
 * Browsers hash the script's text as UTF-8, which is what sits between the tags: a script is raw text in HTML.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    if (SRC_ATTRIBUTE.test(match[1] ?? "")) continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(match[2] ?? "", "utf8")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

/** The headers a page keeps when the guest cache stores it for sharing: its policy by script hashes. */
export function sharedPageHeaders(
  body: Uint8Array,
  options: Pick<SecurityHeaderOptions, "development" | "mediaOrigin">,
): [string, string][] {
  const html = new TextDecoder().decode(body);
  return [[pagePolicyHeader(options), pageContentSecurityPolicy(inlineScriptHashes(html), options)]];
}

/**
 * Sets the headers every answer carries, and the resource policy on answers that brought no policy of their own
 * (pages bring theirs: create-site.ts renders them with a nonce, the guest cache stores them with hashes).
 */
export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler {
  const base = baseSecurityHeaders(options);
  return async (c, next) => {
    await next();
    let headers = c.res.headers;
    try {
      headers.set("X-Content-Type-Options", "nosniff");
    } catch {
      // Immutable headers (a Response.redirect, a fetched reply): answer with a copy.
      c.res = new Response(c.res.body, c.res);
      headers = c.res.headers;
    }
    for (const [name, value] of base) headers.set(name, value);
    if (!headers.has("content-security-policy") && !headers.has("content-security-policy-report-only"))
      headers.set("Content-Security-Policy", RESOURCE_CSP);
  };
}

/** A page answer with the policy allowing the nonce it was rendered with, unless it already has one (shared page). */
export function withPagePolicy(
  response: Response,
  nonce: string,
  options: Pick<SecurityHeaderOptions, "development" | "mediaOrigin">,
): Response {
  const name = pagePolicyHeader(options);
  if (response.headers.has(name)) return response;
  const policy = pageContentSecurityPolicy([`'nonce-${nonce}'`], options);
  try {
    response.headers.set(name, policy);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, policy);
    return copy;
  }
}
