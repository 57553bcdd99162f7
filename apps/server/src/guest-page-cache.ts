import { gzip } from "node:zlib";

/**
 * A bounded store of rendered pages for a few seconds (micro-caching): least recently used entries go first
 * when there are more than `maxEntries` or their bodies weigh more than `maxBytes`. Concurrent misses of one key
 * share a single render; a page that just expired is served while it is rendered anew. `clear()` drops everything and makes renders already running unable to store their
 * result, so nothing rendered before a write is served after it.
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  /** gzip of the body, made on the first request that accepts it (counted in `bytes` up front). */
  gzipped?: Promise<Uint8Array<ArrayBuffer>>;
  /** The same gzip copy once it is made: hits then answer without waiting on a promise. */
  gzippedBody?: Uint8Array<ArrayBuffer>;
  expiresAt: number;
  bytes: number;
}

export interface GuestPageCacheOptions {
  ttlMs: number;
  /**
   * For this long after its TTL a page is still served while one request renders it anew in the background, so
   * visitors of a busy page never wait for that render (default 1 s). A write drops stale pages too.
   */
  staleMs?: number;
  maxEntries: number;
  maxBytes: number;
  now?: () => number;
  /**
   * Headers a page gets (replacing its own of the same name) when it is kept for sharing: e.g. its
   * Content-Security-Policy by script hashes instead of the nonce of the visitor it was rendered for.
   */
  sharedHeaders?: (body: Uint8Array) => [string, string][];
}

/** hit: stored and fresh (or shared from a render running); stale: just expired, being rendered anew; miss: rendered. */
export type CacheStatus = "hit" | "stale" | "miss";

/** What a render produced: a page worth sharing, or a response only for the visitor who asked. */
export type RenderOutcome = { page: CachedPage } | { response: Response };

export interface GuestPageCache {
  get(key: string): CachedPage | undefined;
  /**
   * The page for a key: a stored one ("hit"), the result of a render already running for the key ("hit", shared),
   * one that just expired while a background render replaces it ("stale"), or a new render ("miss"). A render whose response is not shareable is returned to its own visitor only;
   * visitors that waited for it render for themselves.
   */
  load(
    key: string,
    render: () => Promise<Response>,
  ): Promise<{ outcome: RenderOutcome; status: CacheStatus }>;
  gzipOf(page: CachedPage): Promise<Uint8Array<ArrayBuffer>>;
  /** The gzip copy when it is already made, else undefined (and it is started). */
  gzipReady(page: CachedPage): Uint8Array<ArrayBuffer> | undefined;
  clear(): void;
  readonly stats: { entries: number; bytes: number };
}

export function createGuestPageCache(options: GuestPageCacheOptions): GuestPageCache {
  const now = options.now ?? Date.now;
  const staleMs = options.staleMs ?? 1000;
  const entries = new Map<string, CachedPage>();
  const running = new Map<string, Promise<RenderOutcome>>();
  let bytes = 0;
  let generation = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  const store = (key: string, page: CachedPage) => {
    if (page.bytes > options.maxBytes) return;
    remove(key);
    entries.set(key, page);
    bytes += page.bytes;
    while (entries.size > options.maxEntries || bytes > options.maxBytes) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      remove(oldest);
    }
  };

  /** A stored page, fresh or stale (up to staleMs past its expiry); older ones are dropped. Counts as a use. */
  const lookup = (key: string): { page: CachedPage; fresh: boolean } | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    const at = now();
    if (entry.expiresAt + staleMs <= at) {
      remove(key);
      return undefined;
    }
    // Most recently used last.
    entries.delete(key);
    entries.set(key, entry);
    return { page: entry, fresh: entry.expiresAt > at };
  };

  const get = (key: string) => {
    const found = lookup(key);
    return found?.fresh ? found.page : undefined;
  };

  const renderAndStore = async (key: string, render: () => Promise<Response>): Promise<RenderOutcome> => {
    const startedGeneration = generation;
    const response = await render();
    if (!isShareable(response)) return { response };
    const body = new Uint8Array(await response.arrayBuffer());
    let headers = [...response.headers].filter(([name]) => !UNSTORED_HEADERS.has(name.toLowerCase()));
    if (options.sharedHeaders) {
      const shared = options.sharedHeaders(body);
      const replaced = new Set(shared.map(([name]) => name.toLowerCase()));
      headers = [...headers.filter(([name]) => !replaced.has(name.toLowerCase())), ...shared];
    }
    const page: CachedPage = {
      status: response.status,
      headers,
      body,
      expiresAt: now() + options.ttlMs,
      // The gzip copy made later is counted up front (HTML compresses to well under a quarter).
      bytes: body.byteLength + Math.ceil(body.byteLength / 4) + key.length + 256,
    };
    // A write during the render may have changed what it read: share it with those who waited, keep it no longer.
    if (startedGeneration === generation) store(key, page);
    return { page };
  };

  /** One render per key at a time: later requests for the key wait for it. */
  const start = (key: string, render: () => Promise<Response>) => {
    const rendering = renderAndStore(key, render);
    running.set(key, rendering);
    const done = () => {
      if (running.get(key) === rendering) running.delete(key);
    };
    rendering.then(done, done);
    return rendering;
  };

  return {
    get,
    async load(key, render) {
      const found = lookup(key);
      if (found?.fresh) return { outcome: { page: found.page }, status: "hit" };
      const shared = running.get(key);
      if (found) {
        // Just expired: answer with it at once, and render it anew in the background (once).
        if (!shared) {
          const dropStale = () => {
            if (entries.get(key) === found.page) remove(key);
          };
          start(key, render).then((outcome) => {
            // The page is no longer shareable (hidden, gone, failing): stop serving the old one.
            if ("response" in outcome) {
              dropStale();
              void outcome.response.body?.cancel().catch(() => {});
            }
          }, dropStale);
        }
        return { outcome: { page: found.page }, status: "stale" };
      }
      if (shared) {
        const outcome = await shared.catch(() => null);
        if (outcome && "page" in outcome) return { outcome, status: "hit" };
        return { outcome: { response: await render() }, status: "miss" };
      }
      return { outcome: await start(key, render), status: "miss" };
    },
    gzipOf(page) {
      page.gzipped ??= new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) =>
        gzip(page.body, (error, result) => {
          if (error) return reject(error);
          page.gzippedBody = new Uint8Array(result);
          resolve(page.gzippedBody);
        }),
      );
      return page.gzipped;
    },
    gzipReady(page) {
      if (!page.gzippedBody) void this.gzipOf(page).catch(() => {});
      return page.gzippedBody;
    },
    clear() {
      generation++;
      entries.clear();
      running.clear();
      bytes = 0;
    },
    get stats() {
      return { entries: entries.size, bytes };
    },
  };
}

/** Headers that belong to one transfer, not to the page. */
const UNSTORED_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
  "x-cache",
]);

/** Only a plain 200 HTML page that sets no cookie and does not forbid shared caching may be shared. */
export function isShareable(response: Response): boolean {
  if (response.status !== 200) return false;
  if (!response.headers.get("content-type")?.toLowerCase().startsWith("text/html")) return false;
  if (response.headers.has("set-cookie")) return false;
  if (response.headers.has("content-encoding")) return false;
  const cacheControl = response.headers.get("cache-control")?.toLowerCase() ?? "";
  return !/(?:^|,)\s*(?:private|no-store|no-cache)\b/.test(cacheControl);
}
