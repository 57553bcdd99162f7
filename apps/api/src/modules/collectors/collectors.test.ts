import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { chaturbateStatus, createChaturbateCollector, parseChaturbateRooms } from "./chaturbate.ts";
import { type FetchLike, fetchJsonWithRetry } from "./http-fetch.ts";
import { type MfcMessage, MfcModelTable, mfcStatus, parseMfcFrame } from "./myfreecams.ts";
import { createStripchatCollector, parseStripchatModelStatus, parseStripchatModels } from "./stripchat.ts";

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8"));
const noSleep = async () => {};

describe("Chaturbate online rooms", () => {
  it("maps every room of the recorded feed to the contract", () => {
    const page = parseChaturbateRooms(fixture("chaturbate-online-rooms.json"));
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
  });

  it("reads the older bare-array feed and skips unreadable rooms", () => {
    const page = parseChaturbateRooms([{ username: "a", current_show: "public" }, { nope: true }]);
    expect(page).toMatchObject({ total: null, skipped: 1 });
    expect(chaturbateStatus("unknown-show")).toBe(1);
  });

  it("reads every page and marks the poll complete", async () => {
    const rooms = fixture("chaturbate-online-rooms.json").results;
    const urls: string[] = [];
    const fetcher: FetchLike = async (url) => {
      urls.push(url);
      const offset = Number(new URL(url).searchParams.get("offset"));
      return {
        ok: true,
        status: 200,
        json: async () => ({ count: 5, results: rooms.slice(offset, offset + 2) }),
      };
    };
    const collector = createChaturbateCollector({
      feedUrl: "https://feed.test/rooms?wm=x",
      fetch: fetcher,
      pageSize: 2,
    });
    const poll = await collector.collect(new AbortController().signal);
    expect(poll).toMatchObject({ camSiteId: 33, complete: true });
    expect(poll?.observations).toHaveLength(5);
    expect(urls).toHaveLength(3);
  });
});

describe("Stripchat", () => {
  it("maps the models list statuses", () => {
    const { models, total } = parseStripchatModels(fixture("stripchat-models.json"));
    expect(total).toBe(6);
    expect(models.map((m) => [m.nickname, m.status])).toEqual([
      ["Eva_Sunrise", 1],
      ["LilyPrivate", 2],
      ["GroupGina", 7],
      ["CamToCamCara", 22],
      ["VR_Vicky", 2],
      ["IdleIris", 5],
    ]);
  });

  it("reads one model's status page, offline included", () => {
    expect(parseStripchatModelStatus(fixture("stripchat-model-status.json"))).toMatchObject({
      nickname: "Olivia_Off",
      status: 100,
    });
    expect(parseStripchatModelStatus({ user: {} })).toBeNull();
  });

  it("turns the list into one complete poll", async () => {
    const fetcher: FetchLike = async () => ({
      ok: true,
      status: 200,
      json: async () => fixture("stripchat-models.json"),
    });
    const poll = await createStripchatCollector({
      feedUrl: "https://feed.test/models",
      fetch: fetcher,
    }).collect(new AbortController().signal);
    expect(poll).toMatchObject({ camSiteId: 36, complete: true, renames: [] });
    expect(poll?.observations).toHaveLength(6);
  });

  it("reports a model id listed under a new username as a rename, once", async () => {
    const recorded = fixture("stripchat-models.json");
    const renamed = {
      ...recorded,
      models: recorded.models.map((m: { id: number; username: string }) =>
        m.id === 1001 ? { ...m, username: "Eva_Sunset" } : m,
      ),
    };
    const feeds = [recorded, renamed, renamed];
    const fetcher: FetchLike = async () => ({ ok: true, status: 200, json: async () => feeds.shift() });
    const collector = createStripchatCollector({ feedUrl: "https://feed.test/models", fetch: fetcher });
    const signal = new AbortController().signal;
    expect((await collector.collect(signal))?.renames).toEqual([]);
    const second = await collector.collect(signal);
    expect(second?.renames).toEqual([{ from: "Eva_Sunrise", to: "Eva_Sunset", at: second?.observedAt }]);
    expect((await collector.collect(signal))?.renames).toEqual([]);
  });
});

describe("MyFreeCams websocket", () => {
  it("parses recorded frames into a table of online models with CamScore, rank and room count", () => {
    const table = new MfcModelTable();
    for (const frame of fixture("mfc-websocket-frames.json") as string[])
      for (const message of parseMfcFrame(frame)) table.apply(message);
    const online = table.online();
    expect(online.map((m) => [m.nickname, m.status])).toEqual([
      ["AspenLily", 1],
      ["MissNova", 5],
      ["ClubCandy", 4],
    ]);
    expect(online[0]).toMatchObject({
      viewers: 530,
      camscore: 3521.4,
      rank: 85,
      topic: "Hi! Goal: new toy <3",
    });
  });

  it("reports a known model uid arriving with another name as one rename", () => {
    const table = new MfcModelTable();
    const state = (uid: number, nm: string, lv?: number): MfcMessage => ({
      type: 20,
      from: 0,
      to: 0,
      arg1: 0,
      arg2: 0,
      payload: { uid, nm, vs: 0, ...(lv === undefined ? {} : { lv }) },
    });
    for (const frame of fixture("mfc-websocket-frames.json") as string[])
      for (const message of parseMfcFrame(frame)) table.apply(message, 1000);
    expect(table.renames.take()).toEqual([]);
    table.apply(state(30001, "AliceX", 4), 1000);
    table.apply(state(30001, "AliceX"), 1060);
    expect(table.renames.take()).toEqual([]);
    // The uid comes back under a new name, then again under it: one rename.
    table.apply(state(30001, "Alice_X"), 1120);
    table.apply(state(30001, "Alice_X"), 1180);
    expect(table.renames.take()).toEqual([{ from: "AliceX", to: "Alice_X", at: 1120 }]);
    expect(table.online().map((m) => m.nickname)).toContain("Alice_X");
    // A reconnect empties the table, not the names: a rename while disconnected is still seen.
    table.clear();
    table.apply(state(30001, "alice_x", 4), 1300);
    // Case only: reported too (her display spelling); applying it keeps no past nickname.
    expect(table.renames.take()).toEqual([{ from: "Alice_X", to: "alice_x", at: 1300 }]);
    // Members are not models: their names are not tracked.
    table.apply(state(20001111, "a_member_2", 1), 1400);
    expect(table.renames.take()).toEqual([]);
  });

  it("maps the video states", () => {
    expect([0, 2, 12, 13, 14, 127, 90].map(mfcStatus)).toEqual([1, 5, 2, 7, 4, 100, 100]);
  });
});

describe("feed fetching", () => {
  it("retries server errors with backoff, then succeeds", async () => {
    let calls = 0;
    const fetcher: FetchLike = async () => {
      calls++;
      return calls < 3
        ? { ok: false, status: 503, json: async () => ({}) }
        : { ok: true, status: 200, json: async () => ({ fine: true }) };
    };
    const delays: number[] = [];
    const result = await fetchJsonWithRetry(fetcher, "https://feed.test", new AbortController().signal, {
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    expect(result).toEqual({ fine: true });
    expect(delays).toHaveLength(2);
    expect(delays[1]).toBeGreaterThan(delays[0] ?? 0);
  });

  it("gives up at once on a 404 and after the retries on network errors", async () => {
    let calls = 0;
    const notFound: FetchLike = async () => {
      calls++;
      return { ok: false, status: 404, json: async () => ({}) };
    };
    await expect(
      fetchJsonWithRetry(notFound, "https://feed.test", new AbortController().signal, { sleep: noSleep }),
    ).rejects.toThrow(/404/);
    expect(calls).toBe(1);
    const down: FetchLike = async () => {
      throw new TypeError("fetch failed");
    };
    await expect(
      fetchJsonWithRetry(down, "https://feed.test", new AbortController().signal, {
        sleep: noSleep,
        retries: 2,
      }),
    ).rejects.toThrow(/fetch failed/);
  });
});
