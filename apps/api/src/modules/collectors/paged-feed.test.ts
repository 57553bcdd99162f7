import { describe, expect, it } from "vitest";
import { FeedThrottledError, fetchJsonWithRetry, parseRetryAfter } from "./http-fetch.ts";
import { readPagedFeed } from "./paged-feed.ts";
import { fakeFetch, never, noSleep, reply } from "./testing/fake-fetch.ts";

// A feed of `total` numbered rooms served `size` a page by offset; `answer` can override any page.
function numberedFeed(total: number, override?: (offset: number) => ReturnType<typeof reply> | undefined) {
  return fakeFetch((url) => {
    const offset = Number(url.searchParams.get("offset"));
    const limit = Number(url.searchParams.get("limit"));
    const rooms = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => offset + i);
    return override?.(offset) ?? reply({ total, rooms });
  });
}
const read = (
  fetcher: ReturnType<typeof fakeFetch>["fetcher"],
  extra: Partial<Parameters<typeof readPagedFeed>[0]> = {},
) =>
  readPagedFeed({
    pageUrl: ({ offset, pageSize }) => `https://feed.test/rooms?limit=${pageSize}&offset=${offset}`,
    fetcher,
    pageSize: 2,
    signal: never,
    retry: { sleep: noSleep },
    parse: (json) => {
      const page = json as { total: number; rooms: Array<number | null> };
      const observations = page.rooms.flatMap((n) =>
        n === null ? [] : [{ nickname: `room${n}`, status: 1 }],
      );
      return {
        observations,
        entries: page.rooms.length,
        skipped: page.rooms.length - observations.length,
        total: page.total,
      };
    },
    ...extra,
  });

describe("reading a paged feed", () => {
  it("reads every page up to the feed's total and calls the poll complete", async () => {
    const feed = numberedFeed(5);
    const result = await read(feed.fetcher);
    expect(result).toMatchObject({ complete: true, pages: 3, incompleteReason: null });
    expect(result.observations.map((o) => o.nickname)).toEqual(["room0", "room1", "room2", "room3", "room4"]);
    expect(feed.requests.map((r) => r.url.searchParams.get("offset"))).toEqual(["0", "2", "4"]);
  });

  it("waits the camsite's pacing between pages, never before the first", async () => {
    const waits: number[] = [];
    await read(numberedFeed(5).fetcher, { pacingMs: 750, sleep: async (ms) => void waits.push(ms) });
    expect(waits).toEqual([750, 750]);
  });

  it("is not complete when an entry was unreadable: that room would read offline", async () => {
    const feed = numberedFeed(4, (offset) =>
      offset === 2 ? reply({ total: 4, rooms: [2, null] }) : undefined,
    );
    const result = await read(feed.fetcher);
    expect(result).toMatchObject({ complete: false, incompleteReason: "1 unreadable entries skipped" });
    expect(result.observations).toHaveLength(3);
  });

  it("stops at the page cap without calling the poll complete", async () => {
    const result = await read(numberedFeed(100).fetcher, { maxPages: 3 });
    expect(result).toMatchObject({
      complete: false,
      pages: 3,
      incompleteReason: "stopped at the page cap (3 pages)",
    });
    expect(result.observations).toHaveLength(6);
  });

  it("keeps what it read when the camsite throttles a later page, with its Retry-After", async () => {
    const feed = numberedFeed(6, (offset) =>
      offset === 4 ? reply({}, 429, { "Retry-After": "120" }) : undefined,
    );
    const result = await read(feed.fetcher);
    expect(result).toMatchObject({
      complete: false,
      retryAfterSeconds: 120,
      incompleteReason: "throttled (429) after 2 pages",
    });
    expect(result.observations).toHaveLength(4);
    // Throttled pages are never asked again within the poll.
    expect(feed.requests).toHaveLength(3);
  });

  it("reads a 403 as throttling too; on the first page it throws for the worker to back off", async () => {
    const feed = numberedFeed(6, () => reply({}, 403));
    const error = await read(feed.fetcher).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FeedThrottledError);
    expect(error).toMatchObject({ status: 403, retryAfterSeconds: 300 });
  });

  it("calls a feed that breaks off far short of its total incomplete", async () => {
    const feed = numberedFeed(10, (offset) => (offset === 2 ? reply({ total: 10, rooms: [] }) : undefined));
    expect(await read(feed.fetcher)).toMatchObject({
      complete: false,
      incompleteReason: "the feed ended at 2 of 10 entries",
    });
  });
});

describe("feed requests", () => {
  it("reads Retry-After as seconds or as an HTTP date, bounded", () => {
    const now = Date.parse("2026-11-25T10:00:00Z");
    expect(parseRetryAfter("90", now)).toBe(90);
    expect(parseRetryAfter("Wed, 25 Nov 2026 10:02:00 GMT", now)).toBe(120);
    expect(parseRetryAfter("999999", now)).toBe(3600);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it("retries server errors with growing backoff, then succeeds", async () => {
    let calls = 0;
    const { fetcher } = fakeFetch(() => (++calls < 3 ? reply({}, 503) : reply({ fine: true })));
    const delays: number[] = [];
    const result = await fetchJsonWithRetry(fetcher, "https://feed.test", never, {
      sleep: async (ms) => void delays.push(ms),
    });
    expect(result).toEqual({ fine: true });
    expect(delays).toHaveLength(2);
    expect(delays[1]).toBeGreaterThan(delays[0] ?? 0);
  });

  it("gives up at once on a 404 and after the retries on network errors", async () => {
    const notFound = fakeFetch(() => reply({}, 404));
    await expect(
      fetchJsonWithRetry(notFound.fetcher, "https://feed.test/x", never, { sleep: noSleep }),
    ).rejects.toThrow(/feed.test answered 404/);
    expect(notFound.requests).toHaveLength(1);
    const down = fakeFetch(() => {
      throw new TypeError("fetch failed");
    });
    await expect(
      fetchJsonWithRetry(down.fetcher, "https://feed.test", never, { sleep: noSleep, retries: 2 }),
    ).rejects.toThrow(/fetch failed/);
    expect(down.requests).toHaveLength(3);
  });
});
