import { afterEach, describe, expect, it, vi } from "vitest";
import { createMyFreeCamsCollector, type MfcCollector } from "./myfreecams.ts";
import {
  camsDumpRef,
  decodeBulkRows,
  FCTYPE,
  frameMfc,
  HANDSHAKE,
  MFC_ORIGIN,
  MfcFrameReader,
  MfcProtocolError,
} from "./myfreecams-protocol.ts";
import { MfcModelTable, mfcStatus } from "./myfreecams-table.ts";
import { fakeFetch, fixture, reply } from "./testing/fake-fetch.ts";
import { startFakeMfcServer } from "./testing/fake-mfc-server.ts";

const bootstrap = fixture("mfc-bootstrap-messages.json") as { sessionId: number; messages: string[] };
const dump = fixture("mfc-cams-dump.json");

/** Reads the recorded bootstrap into a table, the dump fetched where its EXTDATA points. */
function bootstrappedTable(at = 1000) {
  const reader = new MfcFrameReader();
  const table = new MfcModelTable();
  const refs: unknown[] = [];
  for (const data of bootstrap.messages)
    for (const message of reader.push(data)) {
      const ref = camsDumpRef(message);
      if (ref) {
        refs.push(ref);
        table.applyCamsDump(dump, at);
      } else table.apply(message, at + 1);
    }
  return { table, refs, reader };
}

describe("MyFreeCams frames", () => {
  it("reads messages across websocket message boundaries", () => {
    const reader = new MfcFrameReader();
    const [first, second, third] = bootstrap.messages;
    expect(reader.push(first ?? "").map((m) => m.type)).toEqual([FCTYPE.LOGIN, 46]);
    // The EXTDATA frame is cut after 40 characters: nothing yet, the part is kept.
    expect(reader.push(second ?? "")).toEqual([]);
    expect(reader.pending).toBe(40);
    const rest = reader.push(third ?? "");
    expect(rest.map((m) => m.type)).toEqual([FCTYPE.EXTDATA, FCTYPE.SESSIONSTATE]);
    expect(
      camsDumpRef(rest[0] ?? { type: 0, from: 0, to: 0, arg1: 0, arg2: 0, payload: null }),
    ).toMatchObject({
      respkey: 31337,
      serv: 1451,
    });
  });

  it("gives up on a stream that lost its framing", () => {
    expect(() => new MfcFrameReader().push("garbage that is no frame")).toThrow(MfcProtocolError);
  });

  it("decodes a bulk list's schema and rows into nested model states", () => {
    expect(decodeBulkRows(dump.rdata)[0]).toEqual({
      uid: 10112233,
      nm: "AspenLily",
      vs: 0,
      lv: 4,
      m: {
        camscore: 3521.4,
        continent: "EU",
        flags: 16,
        rank: 87,
        rc: 412,
        topic: "Hi%21%20Goal%3A%20new%20toy%20%3C3",
      },
      u: { camserv: 1045, country: "Romania" },
    });
  });
});

describe("MyFreeCams model table", () => {
  it("loads the bulk dump, then applies partial updates and room counts", () => {
    const { table, refs } = bootstrappedTable();
    expect(refs).toHaveLength(1);
    expect(table.loaded).toBe(true);
    expect(table.online().map((m) => [m.nickname, m.status, m.viewers])).toEqual([
      // The update without name or level moved her room count and rank.
      ["AspenLily", 1, 530],
      // Away by an update carrying only uid and vs.
      ["MissNova", 5, 0],
      // Club show; her room count from ROOMDATA.
      ["ClubCandy", 4, 41],
      ["PrivPia", 2, 0],
      ["NewNadia", 1, 9],
    ]);
    expect(table.online()[0]).toMatchObject({ camscore: 3521.4, rank: 85, topic: "Hi! Goal: new toy <3" });
  });

  it("emits true private when her private carries the true-private flag", () => {
    expect(mfcStatus(12, 8)).toBe(22);
    expect(mfcStatus(12, 16)).toBe(2);
    const table = new MfcModelTable();
    table.applyCamsDump(dump, 1000);
    table.apply(
      { type: 20, from: 0, to: 0, arg1: 0, arg2: 0, payload: { uid: 10118800, m: { flags: 24 } } },
      1010,
    );
    expect(table.online().find((m) => m.nickname === "PrivPia")?.status).toBe(22);
  });

  it("dates each pushed change to its second, and the dump itself is no change", () => {
    const { table } = bootstrappedTable(1000);
    expect(table.takeChanges(2000)).toEqual([
      {
        observedAt: 1001,
        observations: [
          expect.objectContaining({ nickname: "MissNova", status: 5 }),
          expect.objectContaining({ nickname: "NewNadia", status: 1 }),
        ],
      },
    ]);
    table.apply({ type: 20, from: 0, to: 0, arg1: 0, arg2: 0, payload: { uid: 10112233, vs: 127 } }, 1500);
    expect(table.takeChanges(1500)).toEqual([]);
    expect(table.takeChanges(1501)).toEqual([
      { observedAt: 1500, observations: [expect.objectContaining({ nickname: "AspenLily", status: 100 })] },
    ]);
  });

  it("does not understand a video state nobody mapped: the poll must not end her", () => {
    const table = new MfcModelTable();
    table.applyCamsDump(dump, 1000);
    table.apply({ type: 20, from: 0, to: 0, arg1: 0, arg2: 0, payload: { uid: 10112233, vs: 77 } }, 1001);
    expect(table.unmapped()).toEqual([{ nickname: "AspenLily", vs: 77 }]);
    expect(table.online().map((m) => m.nickname)).not.toContain("AspenLily");
  });

  it("reports a known model uid arriving with another name as one rename, also across a reconnect", () => {
    const table = new MfcModelTable();
    const state = (uid: number, nm: string, lv?: number) => ({
      type: 20,
      from: 0,
      to: 0,
      arg1: 0,
      arg2: 0,
      payload: { uid, nm, vs: 0, ...(lv === undefined ? {} : { lv }) },
    });
    table.apply(state(30001, "AliceX", 4), 1000);
    table.apply(state(30001, "Alice_X"), 1120);
    table.apply(state(30001, "Alice_X"), 1180);
    expect(table.renames.take()).toEqual([{ from: "AliceX", to: "Alice_X", at: 1120 }]);
    table.clear();
    table.apply(state(30001, "alice_x", 4), 1300);
    expect(table.renames.take()).toEqual([{ from: "Alice_X", to: "alice_x", at: 1300 }]);
    // Members are not models: their names are not tracked.
    table.apply(state(20001111, "a_member_2", 1), 1400);
    expect(table.renames.take()).toEqual([]);
  });

  it("maps the video states, the RX twins included", () => {
    expect([0, 2, 12, 13, 14, 90, 91, 93, 94, 127].map((vs) => mfcStatus(vs))).toEqual([
      1, 5, 2, 7, 4, 5, 2, 7, 4, 100,
    ]);
    expect(mfcStatus(77)).toBeUndefined();
  });
});

describe("MyFreeCams collector over a loopback chat server", () => {
  let collector: MfcCollector | null = null;
  let server: Awaited<ReturnType<typeof startFakeMfcServer>> | null = null;
  afterEach(async () => {
    collector?.close?.();
    await server?.close();
    collector = null;
    server = null;
  });

  async function connected(options: { keepAliveMs?: number } = {}) {
    server = await startFakeMfcServer({ sessionId: bootstrap.sessionId });
    const fake = server;
    fake.afterLogin((socket) => {
      // The server answered the LOGIN itself; the rest of the recorded bootstrap follows, cut as recorded.
      const [first = "", ...rest] = bootstrap.messages;
      socket.send(first.slice(first.indexOf("000013")));
      for (const data of rest) socket.send(data);
    });
    const feed = fakeFetch((url) => {
      if (url.pathname.endsWith("serverconfig.js")) return reply(fixture("mfc-serverconfig.json"));
      if (url.pathname.endsWith("FcwExtResp.php")) return reply(dump);
      return reply({}, 404);
    });
    collector = createMyFreeCamsCollector({
      socketUrl: fake.url,
      fetch: feed.fetcher,
      extDataUrl: "https://mfc.test/php/FcwExtResp.php",
      keepAliveMs: options.keepAliveMs ?? 15_000,
    });
    return { fake, feed, collector };
  }

  const pollWhenLoaded = async (c: MfcCollector) => {
    await c.collect(new AbortController().signal);
    await vi.waitFor(async () => expect(c.state().loaded).toBe(true), { timeout: 5000 });
    return c.collect(new AbortController().signal);
  };

  it("says hello, logs in as a guest with the Origin of the site's client, joins the room counts, loads the dump", async () => {
    const { fake, feed, collector: c } = await connected();
    expect(await c.collect(new AbortController().signal)).toBeNull();
    const poll = await pollWhenLoaded(c);
    expect(fake.origins).toEqual([MFC_ORIGIN]);
    expect(fake.received.slice(0, 3)).toEqual([
      HANDSHAKE,
      "1 0 0 20080910 0 guest:guest\n\0",
      `44 ${bootstrap.sessionId} 0 1 0\n\0`,
    ]);
    expect(feed.requests.map((r) => r.url.search)).toEqual(["?respkey=31337&type=14&opts=256&serv=1451"]);
    expect(poll).toMatchObject({ camSiteId: 12, complete: true });
    expect(poll?.observations.map((o) => o.nickname).sort()).toEqual([
      "AspenLily",
      "ClubCandy",
      "MissNova",
      "NewNadia",
      "PrivPia",
    ]);
  });

  it("keeps the socket alive with NULL messages", async () => {
    const { fake, collector: c } = await connected({ keepAliveMs: 50 });
    await pollWhenLoaded(c);
    await vi.waitFor(() =>
      expect(fake.received.filter((m) => m === "0 0 0 0 0\n\0").length).toBeGreaterThanOrEqual(2),
    );
  });

  it("reports nothing while the socket is down and reconnects to a fresh dump", async () => {
    const { fake, collector: c } = await connected();
    await pollWhenLoaded(c);
    fake.drop();
    await vi.waitFor(() => expect(c.state().connected).toBe(false));
    expect(await c.collect(new AbortController().signal)).toBeNull();
    const poll = await vi.waitFor(
      async () => {
        const p = await c.collect(new AbortController().signal);
        expect(p).not.toBeNull();
        return p;
      },
      { timeout: 8000, interval: 100 },
    );
    expect(c.state().connections).toBe(2);
    expect(poll).toMatchObject({ complete: true });
  });

  it("picks its chat server from serverconfig.js when none is set", async () => {
    const feed = fakeFetch(() => reply({ websocket_servers: {} }));
    collector = createMyFreeCamsCollector({
      fetch: feed.fetcher,
      serverConfigUrl: "https://mfc.test/_js/serverconfig.js",
    });
    await collector.collect(new AbortController().signal);
    await vi.waitFor(() => expect(collector?.state().lastError).toMatch(/lists no websocket server/));
    expect(feed.requests[0]?.url.pathname).toBe("/_js/serverconfig.js");
    // Never connected: the poll fails with the reason (the health table shows it), and no second attempt starts
    // before the back-off.
    await expect(collector.collect(new AbortController().signal)).rejects.toThrow(
      /serverconfig: serverconfig.js lists/,
    );
    expect(feed.requests).toHaveLength(1);
  });
});

it("frames messages as the server does", () => {
  expect(frameMfc(20, 0, 0, 0, 0, { uid: 1, vs: 2 })).toBe(
    "00004520 0 0 0 0 %7B%22uid%22%3A1%2C%22vs%22%3A2%7D",
  );
});
