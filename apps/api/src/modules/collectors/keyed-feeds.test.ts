import { describe, expect, it } from "vitest";
import { createFlirt4FreeCollector, flirt4FreeNickname, parseFlirt4FreeOnline } from "./flirt4free.ts";
import { createLiveJasminCollector, parseLiveJasminFeed } from "./livejasmin.ts";
import { fakeFetch, fixture, never, reply } from "./testing/fake-fetch.ts";

describe("LiveJasmin (AWE feed, keyed)", () => {
  it("maps free, member and private chats", () => {
    expect(
      parseLiveJasminFeed(fixture("livejasmin-awe-feed.json")).observations.map((o) => [
        o.nickname,
        o.status,
      ]),
    ).toEqual([
      ["JasmineJoy", 1],
      ["MemberMila", 4],
      ["PrivatePam", 2],
    ]);
    expect(() => parseLiveJasminFeed({ status: "ERROR", errorCode: 401 })).toThrow(/ERROR \(401\)/);
  });

  it("is complete only when every configured feed answered", async () => {
    const feed = fakeFetch((url) =>
      url.searchParams.get("category") === "boys"
        ? reply({}, 500)
        : reply(fixture("livejasmin-awe-feed.json")),
    );
    const collector = createLiveJasminCollector({
      feedUrls: [
        "https://awe.test/api/model/feed?category=girls&psId=x&accessKey=k",
        "https://awe.test/api/model/feed?category=boys&psId=x&accessKey=k",
      ],
      fetch: feed.fetcher,
      retry: { retries: 0 },
    });
    const poll = await collector.collect(never);
    expect(poll).toMatchObject({ camSiteId: 2, complete: false });
    expect(poll?.incompleteReason).toMatch(/a feed failed/);
    expect(poll?.observations).toHaveLength(3);
  });
});

describe("Flirt4Free (VS feed, keyed)", () => {
  it("reads the three groups, names in their room-address form", async () => {
    const feed = fakeFetch(() => reply(fixture("flirt4free-vs-online.json")));
    const poll = await createFlirt4FreeCollector({
      feedUrl: "https://vs.test/online?key=k",
      fetch: feed.fetcher,
    }).collect(never);
    expect(poll).toMatchObject({ camSiteId: 18, complete: true });
    expect(poll?.observations.map((o) => [o.nickname, o.status])).toEqual([
      ["Fiona_Flame", 1],
      ["Pia_Privat", 2],
      ["Gus", 6],
    ]);
    expect(flirt4FreeNickname("Tom &amp; Jerry")).toBe("Tom_and_Jerry");
    expect(() => parseFlirt4FreeOnline({ error: { code: "401", description: "bad key" } })).toThrow(
      /bad key/,
    );
  });
});
