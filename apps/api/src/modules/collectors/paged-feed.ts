import type { CollectedPoll } from "./collector.ts";
import { type FetchLike, fetchJsonWithRetry, type RetryOptions } from "./http-fetch.ts";

/** One page of a feed, parsed: the rooms understood, how many were skipped, and the feed's total when it says. */
export interface FeedPage {
  observations: CollectedPoll["observations"];
  skipped: number;
  total: number | null;
}

export interface PagedFeedOptions {
  feedUrl: string;
  fetcher: FetchLike;
  pageSize: number;
  signal: AbortSignal;
  retry?: RetryOptions | undefined;
  parse: (json: unknown) => FeedPage;
}

/** Feeds are read 200 pages at most, so a feed that never ends cannot hold a poll forever. */
const MAX_PAGES = 200;

/**
 * Reads a limit/offset feed page by page until the feed's total is reached, a page comes back empty, or the feed
 * gives no total (an old API answering everything at once). `last` is the final page, so a collector can decide
 * whether its poll is complete; it is null when the page cap stopped the reading.
 */
export async function readPagedFeed(
  options: PagedFeedOptions,
): Promise<{ observations: CollectedPoll["observations"]; last: FeedPage | null }> {
  const observations: CollectedPoll["observations"] = [];
  let offset = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const url = new URL(options.feedUrl);
    url.searchParams.set("limit", String(options.pageSize));
    url.searchParams.set("offset", String(offset));
    const parsed = options.parse(
      await fetchJsonWithRetry(options.fetcher, url.toString(), options.signal, options.retry),
    );
    observations.push(...parsed.observations);
    const seen = parsed.observations.length + parsed.skipped;
    offset += seen;
    if (parsed.total === null || offset >= parsed.total || seen === 0) return { observations, last: parsed };
  }
  return { observations, last: null };
}
