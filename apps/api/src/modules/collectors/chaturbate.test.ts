import { describe, expect, it } from "vitest";
import {
  chaturbateStatus,
  createChaturbateCollector,
  datedStarts,
  parseChaturbateRooms,
} from "./chaturbate.ts";
import { fakeFetch, fixture, never, noSleep, reply } from "./testing/fake-fetch.ts";

const recorded = fixture("chaturbate-online-rooms.json");

/** The recorded rooms served by limit/offset, `answer` overriding a request. */
function roomsFeed(
  rooms = recorded.results,
  answer?: (offset: number, n: number) => ReturnType<typeof reply> | undefined,
) {
  let n = 0;
  return fakeFetch((url) => {
    const offset = Number(url.searchParams.get("offset"));
    const limit = Number(url.searchParams.get("limit"));
    return (
      answer?.(offset, n++) ?? reply({ count: rooms.length, results: rooms.slice(offset, offset + limit) })
    );
  });
}

describe("Chaturbate online rooms", () => {
  it("maps every room of the recorded feed to the contract", () => {
    const page = parseChaturbateRooms(recorded);
    expect(page.total).toBe(5);
    expect(page.rooms.map((r) => [r.nickname, r.status, r.viewers])).toEqual([
      ["sweet_lana_x", 1, 1534],
      ["mia_and_leo", 2, 0],
      ["katy_moon", 7, 88],
      ["nora_blaze", 5, 12],
      ["ticket_tess", 40, 301],
    ]);
    expect(page.rooms[0]?.topic).toContain("oil show");
    expect(page.rooms[0]?.snapshotUrl).toBe("https://roomimg.stream.highwebmedia.com/ri/sweet_lana_x.jpg");
    expect(page.secondsOnline.get("sweet_lana_x")).toBe(5231);
  });

  it("skips a show nobody mapped instead of guessing it", () => {
    const page = parseChaturbateRooms([
      { username: "a", current_show: "public" },
      { username: "b", current_show: "password protected" },
      { nope: true },
    ]);
    expect(page).toMatchObject({ total: null, skipped: 2, entries: 3 });
    expect(chaturbateStatus("password protected")).toBeUndefined();
  });

  it("reads every page, asking for JSON with the page size, pacing the pages", async () => {
    const feed = roomsFeed();
    const waits: number[] = [];
    const collector = createChaturbateCollector({
      feedUrl: "https://chaturbate.test/api/public/affiliates/onlinerooms/?wm=abcde&client_ip=request_ip",
      fetch: feed.fetcher,
      pageSize: 2,
      pacingMs: 1500,
      sleep: async (ms) => void waits.push(ms),
    });
    const poll = await collector.collect(never);
    expect(poll).toMatchObject({ camSiteId: 33, complete: true, earlier: [] });
    expect(poll?.observations).toHaveLength(5);
    expect(feed.requests.map((r) => r.url.search)).toEqual([
      "?wm=abcde&client_ip=request_ip&format=json&limit=2&offset=0",
      "?wm=abcde&client_ip=request_ip&format=json&limit=2&offset=2",
      "?wm=abcde&client_ip=request_ip&format=json&limit=2&offset=4",
    ]);
    expect(waits).toEqual([1500, 1500]);
  });

  it("never asks more than the feed's 500 rooms a page", async () => {
    const feed = roomsFeed();
    await createChaturbateCollector({
      feedUrl: "https://chaturbate.test/x?wm=a",
      fetch: feed.fetcher,
      pageSize: 2000,
    }).collect(never);
    expect(feed.requests[0]?.url.searchParams.get("limit")).toBe("500");
  });

  it("treats a 429 mid-read as an incomplete poll with the camsite's Retry-After, not a failure", async () => {
    const feed = roomsFeed(recorded.results, (offset) =>
      offset === 2 ? reply({}, 429, { "retry-after": "60" }) : undefined,
    );
    const poll = await createChaturbateCollector({
      feedUrl: "https://chaturbate.test/x?wm=a",
      fetch: feed.fetcher,
      pageSize: 2,
      sleep: noSleep,
    }).collect(never);
    expect(poll).toMatchObject({ complete: false, retryAfterSeconds: 60 });
    expect(poll?.observations.map((o) => o.nickname)).toEqual(["sweet_lana_x", "mia_and_leo"]);
  });

  it("dates a session's start by seconds_online once it knows who was online at its previous poll", async () => {
    const rooms = recorded.results.slice(0, 2);
    const next = [...rooms, { ...recorded.results[2], seconds_online: 17 }];
    let call = 0;
    const feed = fakeFetch(() => {
      const results = call++ === 0 ? rooms : next;
      return reply({ count: results.length, results });
    });
    const clock = [1_000_000, 1_000_060];
    const collector = createChaturbateCollector({
      feedUrl: "https://chaturbate.test/x?wm=a",
      fetch: feed.fetcher,
      sleep: noSleep,
      now: () => clock.shift() ?? 0,
    });
    const first = await collector.collect(never);
    // The first poll of a process knows no previous poll: nobody's start is dated.
    expect(first?.earlier).toEqual([]);
    const second = await collector.collect(never);
    expect(second?.earlier).toEqual([
      {
        observedAt: 1_000_043,
        observations: [expect.objectContaining({ nickname: "katy_moon", status: 7 })],
      },
    ]);
  });

  it("dates only rooms that came online since the previous poll, grouped by second", () => {
    const rooms = [
      { nickname: "old", status: 1 },
      { nickname: "new_a", status: 1 },
      { nickname: "new_b", status: 2 },
      { nickname: "long", status: 1 },
    ];
    const seconds = new Map([
      ["old", 30],
      ["new_a", 20],
      ["new_b", 20],
      ["long", 500],
    ]);
    expect(datedStarts(rooms, seconds, 1000, { at: 940, online: new Set(["old"]) })).toEqual([
      { observedAt: 980, observations: [rooms[1], rooms[2]] },
    ]);
  });
});
