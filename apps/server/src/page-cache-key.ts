import { COOKIE_NAMES } from "@camatlas/shared";
import { cookieNames, isAgeGateOpen, themeFromCookie } from "@camatlas/web/server-contract";
import { isbot } from "isbot";
import type { IpBlockAnswer } from "./ip-block-list.ts";

/**
 * Which requests may share a cached page, and under which key. A guest's page depends on the address and on:
 * - the age gate (open unless `age_gate` / `age_gate_visit` is set: the root loader's own rule, reused);
 * - the chosen colour theme (`theme` cookie: the page's <html data-theme>; none chosen is a third page);
 * - crawler or browser (entry.server waits for the whole document for crawlers);
 * - the visitor's place as the API sees it: country and ISO 3166-2 region of the forwarded client IP (the same
 *   lookup the API's visibility rules use), since models can be blocked by country or region;
 * - the visitor's IP itself only when it matches an IP block: such visitors are never served a shared page.
 * Everything else that could differ per visitor bypasses: a session (token cookie or Authorization header),
 * methods other than GET/HEAD, and addresses outside the public pages listed below.
 */
export interface VisitorPlace {
  country: string | null;
  region: string | null;
  ip: string | null;
}

export type PageCacheDecision = { key: string } | { bypass: BypassReason };
export type BypassReason = "method" | "path" | "session" | "ip-block";

export interface PageCacheInput {
  request: Request;
  /** Where the visitor is (null when the IP is unknown, private or malformed: the API then applies no block). */
  place: VisitorPlace | null;
  /** Whether the visitor's IP matches an IP block (see ip-block-list.ts). */
  ipBlock: (ip: string | null) => IpBlockAnswer;
}

export function pageCacheDecision(input: PageCacheInput): PageCacheDecision {
  const { request, place } = input;
  if (request.method !== "GET" && request.method !== "HEAD") return { bypass: "method" };
  const url = new URL(request.url);
  if (!isCacheablePagePath(url.pathname)) return { bypass: "path" };
  const cookie = request.headers.get("cookie");
  if (request.headers.has("authorization") || cookieNames(cookie).has(COOKIE_NAMES.token))
    return { bypass: "session" };
  if (input.ipBlock(place?.ip ?? null) !== "clear") return { bypass: "ip-block" };
  const gate = isAgeGateOpen(cookie) ? "gate" : "nogate";
  const theme = themeFromCookie(cookie) ?? "auto";
  const agent = isbot(request.headers.get("user-agent") ?? "") ? "bot" : "browser";
  const where = `${place?.country ?? "-"}/${place?.region ?? "-"}`;
  // The address with its host: pages carry absolute links built from it.
  return { key: `${url.origin}${url.pathname}${url.search} ${gate} ${theme} ${agent} ${where}` };
}

/** Top-level addresses that are not public pages (forms with tokens, accounts, admin, live stats, files). */
const RESERVED_FIRST_SEGMENTS = new Set([
  "account",
  "admin",
  "age-gate",
  "api",
  "auth",
  "dev",
  "login",
  "logout",
  "media",
  "profile",
  "register",
  "robots.txt",
  "search",
  "sitemap.xml",
  "stats",
  "users",
]);

/**
 * Public pages whose output depends only on the inputs in the key: the home page, the model list and model
 * pages, camsites, a nickname's page and the static pages (`/{pageSlug}`). The stats pages change every minute
 * and are left out, as are account, admin and sign-in pages.
 */
export function isCacheablePagePath(pathname: string): boolean {
  if (pathname === "/") return true;
  // React Router's data requests (client navigations) answer turbo-stream, not HTML.
  if (pathname.endsWith(".data")) return false;
  const segments = pathname.split("/").slice(1);
  if (segments.some((s) => s === "" || s === "." || s === "..")) return false;
  const [first = "", second, third] = segments;
  if (segments.length === 1) return !RESERVED_FIRST_SEGMENTS.has(first.toLowerCase());
  if (first === "models" || first === "camsites")
    return segments.length === 2 && !(first === "models" && second === "new");
  // /{camsite}/model/{nickname}
  return segments.length === 3 && second === "model" && third !== "" && !RESERVED_FIRST_SEGMENTS.has(first);
}
