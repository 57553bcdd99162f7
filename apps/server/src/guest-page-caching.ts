import { type InvalidationBus, isNeutralWrite, locateIp } from "@camatlas/api";
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
 * between guests with the same key (page-cache-key.ts), and dropped after every successful write through the API.
 * Every page answer says what happened in `X-Cache`: hit, stale (just expired, being rendered anew), miss (rendered)
 * or bypass (not shareable by rule). With an invalidation bus (the API's; Redis with REDIS_URL) a write through any
 * process of the site drops the pages of every process.
 */
export interface GuestPageCaching {
  serve(request: Request, clientIp: string, render: () => Promise<Response>): Promise<Response>;
  /**
   * Wraps the API's fetch: a successful write drops every cached page and re-reads the IP blocks, here and (through
   * the invalidation bus, scope `pages`) in the site's other processes.
   */
  watchWrites<R extends Response>(request: Request, response: R): R;
  readonly cache: GuestPageCache;
  readonly ipBlocks: IpBlockList;
}

export interface GuestPageCachingOptions {
  ttlSeconds: number;
  ipBlocks: IpBlockList;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
  /** Shares page invalidations with the site's other processes; without it, a write drops this process's pages only. */
  invalidation?: InvalidationBus;
}

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
  });

  const dropPages = () => {
    cache.clear();
    options.ipBlocks.markStale();
  };
  options.invalidation?.onInvalidate("pages", dropPages);

  const respond = async (page: CachedPage, request: Request, status: CacheStatus) => {
    const headers = new Headers(page.headers);
    headers.set("X-Cache", status);
    const vary = headers.get("vary");
    if (!vary) headers.set("Vary", "Accept-Encoding");
    else if (!/accept-encoding/i.test(vary)) headers.set("Vary", `${vary}, Accept-Encoding`);
    let body = page.body;
    if (page.body.byteLength >= GZIP_THRESHOLD && acceptsGzip(request.headers.get("accept-encoding"))) {
      body = await cache.gzipOf(page);
      headers.set("Content-Encoding", "gzip");
    }
    headers.set("Content-Length", String(body.byteLength));
    return new Response(request.method === "HEAD" ? null : body, { status: page.status, headers });
  };

  return {
    cache,
    ipBlocks: options.ipBlocks,
    async serve(request, clientIp, render) {
      const decision = pageCacheDecision({
        request,
        place: locateIp(clientIp),
        ipBlock: (ip) => options.ipBlocks.check(ip),
      });
      if ("bypass" in decision) return tagged(await render(), "bypass");
      if (request.method === "HEAD") {
        // HEAD answers from the GET page when there is one; it never stores (its render has no body).
        const page = cache.get(decision.key);
        return page ? respond(page, request, "hit") : tagged(await render(), "bypass");
      }
      const { outcome, status } = await cache.load(decision.key, render);
      return "page" in outcome ? respond(outcome.page, request, status) : tagged(outcome.response, "miss");
    },
    watchWrites(request, response) {
      if (isPageChangingWrite(request, response.status)) {
        // The bus runs dropPages here at once, then tells the other processes.
        if (options.invalidation) options.invalidation.publish("pages");
        else dropPages();
      }
      return response;
    },
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A successful API write (as the API's own guest caches count them), other than the neutral ones (`isNeutralWrite`):
 * ad-block counters, browser error reports and sign-in never change a public page; collector polls change live
 * statuses, which (like the in-process worker's) show within the TTL.
 */
export function isPageChangingWrite(request: Request, status: number): boolean {
  if (SAFE_METHODS.has(request.method) || status >= 400) return false;
  return !isNeutralWrite(new URL(request.url).pathname);
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
