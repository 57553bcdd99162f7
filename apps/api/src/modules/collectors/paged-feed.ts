import type { CollectedPoll } from "./collector.ts";
import {
  type FeedResponse,
  FeedThrottledError,
  type FetchLike,
  fetchWithRetry,
  type RetryOptions,
  sleep,
} from "./http-fetch.ts";

/** One page of a feed, parsed: the rooms understood, how many entries it had, how many were unreadable, and the
 * feed's total when it says. */
export interface FeedPage {
  observations: CollectedPoll["observations"];
  /** Entries on the page, read or not: what the next offset moves by and what tells a short (last) page. */
  entries: number;
  /** Entries the parser could not read. A poll with any is not complete: that room would read offline. */
  skipped: number;
  total: number | null;
}

export interface PagedFeedOptions {
  /** The URL of page `index` (0-based) starting at `offset` (entries already read). */
  pageUrl: (page: { index: number; offset: number; pageSize: number }) => string;
  fetcher: FetchLike;
  pageSize: number;
  signal: AbortSignal;
  retry?: RetryOptions | undefined;
  /** Reads a page's response (JSON by default). */
  read?: (response: FeedResponse) => Promise<unknown>;
  /** Other request details (a POST body for XML feeds). */
  request?: (page: { index: number; offset: number; pageSize: number }) => {
    method?: string;
    body?: string;
    accept?: string;
    headers?: Record<string, string>;
  };
  parse: (payload: unknown) => FeedPage;
  /** Pages read at most; reaching it leaves the poll incomplete. */
  maxPages?: number;
  /** Milliseconds between two page requests of one poll (the camsite's politeness). */
  pacingMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface PagedFeedResult {
  observations: CollectedPoll["observations"];
  pages: number;
  complete: boolean;
  incompleteReason: string | null;
  retryAfterSeconds: number | null;
}

/** A feed that never ends cannot hold a poll forever. */
export const DEFAULT_MAX_PAGES = 200;

/**
 * Reads a paged feed until its end: the offset reaches the feed's total, or (a feed without a total) a page comes
 * back short or empty. The poll is complete only when that end was reached with nothing skipped. A throttling
 * answer or a failure after the first page ends the reading early with what was read (incomplete); on the first
 * page they are thrown, so the worker backs off without storing an empty poll.
 */
export async function readPagedFeed(options: PagedFeedOptions): Promise<PagedFeedResult> {
  const observations: CollectedPoll["observations"] = [];
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const pause = options.sleep ?? sleep;
  const read = options.read ?? ((response: FeedResponse) => response.json());
  let offset = 0;
  let skipped = 0;
  for (let index = 0; index < maxPages; index++) {
    if (index > 0 && options.pacingMs) await pause(options.pacingMs, options.signal);
    const page = { index, offset, pageSize: options.pageSize };
    let parsed: FeedPage;
    try {
      const extra = options.request?.(page) ?? {};
      const response = await fetchWithRetry(options.fetcher, options.pageUrl(page), options.signal, {
        ...options.retry,
        ...extra,
      });
      parsed = options.parse(await read(response));
    } catch (error) {
      if (index === 0 || options.signal.aborted) throw error;
      const throttled = error instanceof FeedThrottledError;
      return {
        observations,
        pages: index,
        complete: false,
        incompleteReason: throttled
          ? `throttled (${error.status}) after ${index} pages`
          : `page ${index + 1} failed: ${String(error instanceof Error ? error.message : error)}`,
        retryAfterSeconds: throttled ? error.retryAfterSeconds : null,
      };
    }
    observations.push(...parsed.observations);
    skipped += parsed.skipped;
    offset += parsed.entries;
    const ended =
      parsed.entries === 0 ||
      (parsed.total !== null ? offset >= parsed.total : parsed.entries < options.pageSize);
    if (ended) {
      // An empty page far short of the announced total is a feed that broke off, not the end of the list.
      const brokeOff =
        parsed.entries === 0 && parsed.total !== null && offset + options.pageSize < parsed.total;
      const complete = skipped === 0 && !brokeOff;
      return {
        observations,
        pages: index + 1,
        complete,
        incompleteReason: complete
          ? null
          : brokeOff
            ? `the feed ended at ${offset} of ${parsed.total} entries`
            : `${skipped} unreadable entries skipped`,
        retryAfterSeconds: null,
      };
    }
  }
  return {
    observations,
    pages: maxPages,
    complete: false,
    incompleteReason: `stopped at the page cap (${maxPages} pages)`,
    retryAfterSeconds: null,
  };
}
