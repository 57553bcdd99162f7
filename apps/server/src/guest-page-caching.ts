import { type InvalidationBus, type InvalidationScope, locateIp } from "@camatlas/api";
import {
  type CachedPage,
  type CacheStatus,
  createGuestPageCache,
  type GuestPageCache,
} from "./guest-page-cache.ts";
import type { IpBlockList } from "./ip-block-list.ts";
import { pageCacheDecision } from "./page-cache-key.ts";

/**
 * The guest full-page micro-cache of the site server: SSR pages a guest asks for are shared for a few seconds
 * between guests with the same key (page-cache-key.ts), and dropped, with the IP blocks re-read, on every write the
 * API's routes publish as changing what guests see (PAGE_DROPPING_SCOPES): through any process of the site, with
 * Redis (REDIS_URL) behind the API's invalidation bus. Every page answer says what happened in `X-Cache`: hit, stale
 * (just expired, being rendered anew), miss (rendered) or bypass (not shareable by rule).
 */
export interface GuestPageCaching {
  serve(request: Request, clientIp: string, render: () => Promise<Response>): Promise<Response>;
  /**
   * The stored page for this request when one is fresh and ready in the encoding asked for, else null: the site
   * answers hits with it before any other middleware (no static-file lookup, no nonce, no compression pass).
   */
  hit(request: Request, clientIp: string): Response | null;
  readonly cache: GuestPageCache;
  readonly ipBlocks: IpBlockList;
}

export interface GuestPageCachingOptions {
  ttlSeconds: number;
  ipBlocks: IpBlockList;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
  /** The API's invalidation bus: what its write routes publish (in every process of the site, with Redis). */
  invalidation: InvalidationBus;
  /** Headers a page gets when it is kept for sharing (its CSP by script hashes: security-headers.ts). */
  sharedHeaders?: (body: Uint8Array) => [string, string][];
  /**
   * Headers every answer of the site carries (security-headers.ts): a hit is answered before that middleware runs,
   * so it brings them itself.
   */
  answerHeaders?: [string, string][];
}

/**
 * The writes that change a guest's page. Not `live`: collector polls come every minute and change live statuses only,
 * which show within the TTL.
 */
export const PAGE_DROPPING_SCOPES: readonly InvalidationScope[] = ["catalog", "accounts"];

/** Defaults: a few thousand pages, at most 64 MB of bodies. */
export const PAGE_CACHE_MAX_ENTRIES = 2_000;
export const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** Below this a gzip copy is not worth it (the compress middleware's own threshold). */
const GZIP_THRESHOLD = 1024;

export function createGuestPageCaching(options: GuestPageCachingOptions): GuestPageCaching {
  const cache = createGuestPageCache({
    ttlMs: options.ttlSeconds * 1000,
    maxEntries: options.maxEntries ?? PAGE_CACHE_MAX_ENTRIES,
    maxBytes: options.maxBytes ?? PAGE_CACHE_MAX_BYTES,
    now: options.now,
    sharedHeaders: options.sharedHeaders,
  });

  const dropPages = () => {
    cache.clear();
    options.ipBlocks.markStale();
  };
  for (const scope of PAGE_DROPPING_SCOPES) options.invalidation.onInvalidate(scope, dropPages);

  const answer = (
    page: CachedPage,
    request: Request,
    status: CacheStatus,
    gzipped: Uint8Array<ArrayBuffer> | null,
  ) => {
    const headers = new Headers(page.headers);
    headers.set("X-Cache", status);
    const vary = headers.get("vary");
    if (!vary) headers.set("Vary", "Accept-Encoding");
    else if (!/accept-encoding/i.test(vary)) headers.set("Vary", `${vary}, Accept-Encoding`);
    if (gzipped) headers.set("Content-Encoding", "gzip");
    const body = gzipped ?? page.body;
    headers.set("Content-Length", String(body.byteLength));
    return new Response(request.method === "HEAD" ? null : body, { status: page.status, headers });
  };
  // A hit's complete headers, made once per page and encoding: answering is then one plain object and the stored
  // bytes, which the Node server writes out without building a Headers object.
  const hitHeaders = new WeakMap<
    CachedPage,
    { plain?: Record<string, string>; gzip?: Record<string, string> }
  >();
  const fastAnswer = (page: CachedPage, request: Request, gzipped: Uint8Array<ArrayBuffer> | null) => {
    let made = hitHeaders.get(page);
    if (!made) {
      made = {};
      hitHeaders.set(page, made);
    }
    const kind = gzipped ? "gzip" : "plain";
    let headers = made[kind];
    if (!headers) {
      const full = answer(page, request, "hit", gzipped).headers;
      for (const [name, value] of options.answerHeaders ?? []) full.set(name, value);
      headers = Object.fromEntries(full);
      made[kind] = headers;
    }
    return new Response(request.method === "HEAD" ? null : (gzipped ?? page.body), {
      status: page.status,
      headers,
    });
  };
  const wantsGzip = (page: CachedPage, request: Request) =>
    page.body.byteLength >= GZIP_THRESHOLD && acceptsGzip(request.headers.get("accept-encoding"));
  const respond = async (page: CachedPage, request: Request, status: CacheStatus) =>
    answer(page, request, status, wantsGzip(page, request) ? await cache.gzipOf(page) : null);
  const shareable = (request: Request, clientIp: string) =>
    pageCacheDecision({
      request,
      place: locateIp(clientIp),
      ipBlock: (ip) => options.ipBlocks.check(ip),
    });

  return {
    cache,
    ipBlocks: options.ipBlocks,
    hit(request, clientIp) {
      if (request.method !== "GET" && request.method !== "HEAD") return null;
      const decision = shareable(request, clientIp);
      if ("bypass" in decision) return null;
      const page = cache.get(decision.key);
      if (!page) return null;
      if (!wantsGzip(page, request)) return fastAnswer(page, request, null);
      // The gzip copy is made once, by the first request that asks (the full path below waits for it).
      const gzipped = cache.gzipReady(page);
      return gzipped ? fastAnswer(page, request, gzipped) : null;
    },
    async serve(request, clientIp, render) {
      const decision = shareable(request, clientIp);
      if ("bypass" in decision) return tagged(await render(), "bypass");
      if (request.method === "HEAD") {
        // HEAD answers from the GET page when there is one; it never stores (its render has no body).
        const page = cache.get(decision.key);
        return page ? respond(page, request, "hit") : tagged(await render(), "bypass");
      }
      const { outcome, status } = await cache.load(decision.key, render);
      return "page" in outcome ? respond(outcome.page, request, status) : tagged(outcome.response, "miss");
    },
  };
}

/** Whether Accept-Encoding allows gzip (explicitly, or through `*`, with q > 0). */
export function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name.trim() === "gzip") return allowed;
    if (name.trim() === "*") wildcard = allowed;
  }
  return wildcard;
}

function tagged(response: Response, status: "miss" | "bypass"): Response {
  try {
    response.headers.set("X-Cache", status);
    return response;
  } catch {
    // Immutable headers: copy.
    const copy = new Response(response.body, response);
    copy.headers.set("X-Cache", status);
    return copy;
  }
}
