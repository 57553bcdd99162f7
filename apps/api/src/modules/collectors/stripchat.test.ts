import { describe, expect, it } from "vitest";
import {
  createStripchatCollector,
  parseStripchatModelStatus,
  parseStripchatModels,
  STRIPCHAT_AFFILIATE_PAGE_CAP,
  stripchatStatus,
} from "./stripchat.ts";
import { fakeFetch, fixture, never, noSleep, reply } from "./testing/fake-fetch.ts";

const front = fixture("stripchat-front-models.json");
const affiliate = fixture("stripchat-affiliate-models.json");

/** The front list served by limit/offset with its filteredCount. */
function frontFeed(models = front.models) {
  return fakeFetch((url) => {
    if (url.pathname.includes("/username/")) return reply({}, 404);
    const offset = Number(url.searchParams.get("offset"));
    const limit = Number(url.searchParams.get("limit"));
    return reply({
      models: models.slice(offset, offset + limit),
      filteredCount: models.length,
      totalCount: 9000,
    });
  });
}

describe("Stripchat lists", () => {
  it("maps every status the feeds list, the private variants included", () => {
    const { models, total } = parseStripchatModels(front);
    expect(total).toBe(7);
    expect(models.map((m) => [m.nickname, m.status])).toEqual([
      ["Eva_Sunrise", 1],
      ["LilyPrivate", 2],
      ["GroupGina", 7],
      ["CamToCamCara", 22],
      ["VR_Vicky", 2],
      ["IdleIris", 5],
      ["VoiceVera", 22],
    ]);
    expect(models[0]?.snapshotUrl).toBe("https://img.doppiocdn.net/thumbs/1763900000/1001_webp");
  });

  it("reads the front API past page 1, by filteredCount, and calls the poll complete only then", async () => {
    const feed = frontFeed();
    const poll = await createStripchatCollector({
      feedUrl: "https://stripchat.test/api/front/models?primaryTag=girls",
      fetch: feed.fetcher,
      pageSize: 3,
      pacingMs: 0,
    }).collect(never);
    expect(poll).toMatchObject({ camSiteId: 36, complete: true });
    expect(poll?.observations).toHaveLength(7);
    expect(feed.requests.map((r) => r.url.searchParams.get("offset"))).toEqual(["0", "3", "6"]);
  });

  it("asks the affiliate list for 400 a page at most", async () => {
    const feed = fakeFetch(() =>
      reply({ ...affiliate, models: affiliate.models.slice(0, 2), count: 2, total: 2 }),
    );
    await createStripchatCollector({
      feedUrl: "https://go.stripchat.com/api/models?userId=abc",
      fetch: feed.fetcher,
      pageSize: 1000,
    }).collect(never);
    expect(feed.requests[0]?.url.searchParams.get("limit")).toBe(String(STRIPCHAT_AFFILIATE_PAGE_CAP));
  });

  it("asks an unmapped status's own page; when it cannot tell, the poll is incomplete and nobody is ended", async () => {
    const feed = fakeFetch((url) =>
      url.pathname.includes("/username/")
        ? reply({ user: { user: { username: "TicketTina", status: "tokenShowNew" } } })
        : reply(affiliate),
    );
    const poll = await createStripchatCollector({
      feedUrl: "https://go.stripchat.com/api/models",
      fetch: feed.fetcher,
      retry: { sleep: noSleep },
    }).collect(never);
    expect(poll).toMatchObject({
      complete: false,
      incompleteReason: "statuses not understood: TicketTina (tokenShowNew)",
    });
    expect(poll?.observations.map((o) => o.nickname)).toEqual(["Eva_Sunrise", "GroupGina"]);
    expect(feed.requests.at(-1)?.url.pathname).toBe("/api/front/v2/models/username/TicketTina/cam");
  });

  it("takes an unmapped status's detail from her page, following her rename", async () => {
    const feed = fakeFetch((url) =>
      url.pathname.includes("/username/")
        ? reply(fixture("stripchat-model-status-renamed.json"))
        : reply(affiliate),
    );
    const poll = await createStripchatCollector({
      feedUrl: "https://go.stripchat.com/api/models",
      fetch: feed.fetcher,
    }).collect(never);
    expect(poll).toMatchObject({ complete: true });
    expect(poll?.observations.at(-1)).toMatchObject({
      nickname: "TicketTina_2",
      status: 7,
      topic: "ticket show: 20 tk",
    });
    expect(poll?.renames).toEqual([{ from: "TicketTina", to: "TicketTina_2", at: poll?.observedAt }]);
  });

  it("reports a model id listed under a new username as a rename, once", async () => {
    const renamed = {
      ...front,
      models: front.models.map((m: { id: number }) => (m.id === 1001 ? { ...m, username: "Eva_Sunset" } : m)),
    };
    const lists = [front, renamed, renamed];
    const feed = fakeFetch(() => reply(lists.shift()));
    const collector = createStripchatCollector({
      feedUrl: "https://stripchat.test/api/front/models",
      fetch: feed.fetcher,
      pacingMs: 0,
    });
    expect((await collector.collect(never))?.renames).toEqual([]);
    const second = await collector.collect(never);
    expect(second?.renames).toEqual([{ from: "Eva_Sunrise", to: "Eva_Sunset", at: second?.observedAt }]);
    expect((await collector.collect(never))?.renames).toEqual([]);
  });

  it("backs off on a throttled first page (thrown for the worker) instead of sending an empty poll", async () => {
    const feed = fakeFetch(() => reply({}, 429, { "retry-after": "30" }));
    await expect(
      createStripchatCollector({
        feedUrl: "https://go.stripchat.com/api/models",
        fetch: feed.fetcher,
      }).collect(never),
    ).rejects.toMatchObject({
      retryAfterSeconds: 30,
    });
  });
});

describe("Stripchat per-model status", () => {
  it("reads one model's status page, offline included", () => {
    expect(parseStripchatModelStatus(fixture("stripchat-model-status.json"))).toMatchObject({
      observation: { nickname: "Olivia_Off", status: 100 },
      id: 1007,
      renamedTo: null,
    });
    expect(parseStripchatModelStatus({ user: {} })).toBeNull();
  });

  it("follows newUsername when the reply carries it", () => {
    const payload = { user: { user: { id: 5, username: "Old", newUsername: "New", status: "public" } } };
    expect(parseStripchatModelStatus(payload, "Old")).toMatchObject({
      observation: { nickname: "New" },
      renamedTo: "New",
    });
  });

  it("knows every status the clients list and no other", () => {
    expect(
      ["public", "private", "virtualPrivate", "p2p", "p2pVoice", "groupShow", "idle", "off"].map(
        stripchatStatus,
      ),
    ).toEqual([1, 2, 2, 22, 22, 7, 5, 100]);
    expect(stripchatStatus("tokenShowNew")).toBeUndefined();
  });
});
