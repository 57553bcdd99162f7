import { describe, expect, it } from "vitest";
import { createBongaCamsCollector, parseBongaCamsOnline } from "./bongacams.ts";
import { createCam4Collector, parseCam4Directory } from "./cam4.ts";
import { createCamSodaCollector, parseCamSodaOnline } from "./camsoda.ts";
import { createStreamateCollector, parseStreamateResult, STREAMATE_PAGE_SIZE } from "./streamate.ts";
import { fakeFetch, fixture, fixtureText, never, noSleep, reply } from "./testing/fake-fetch.ts";

const pairs = (page: { observations: Array<{ nickname: string; status: number }> }) =>
  page.observations.map((o) => [o.nickname, o.status]);

describe("CamSoda online list", () => {
  it("maps online, ticket (limited) and private rooms; an unknown status leaves the poll incomplete", async () => {
    const page = parseCamSodaOnline(fixture("camsoda-browse-online.json"));
    expect(pairs(page)).toEqual([
      ["sodasunny", 1],
      ["ticketteddy", 40],
      ["privpenny", 2],
    ]);
    expect(page.observations[1]).toMatchObject({
      viewers: 45,
      snapshotUrl: "https://thumbs-orig.camsoda.com/thumbs/ticketteddy.jpg",
    });
    const feed = fakeFetch(() => reply(fixture("camsoda-browse-online.json")));
    const poll = await createCamSodaCollector({ fetch: feed.fetcher }).collect(never);
    expect(poll).toMatchObject({
      camSiteId: 6,
      complete: false,
      incompleteReason: "1 unreadable entries skipped",
    });
    expect(feed.requests.map((r) => r.url.toString())).toEqual([
      "https://www.camsoda.com/api/v1/browse/online",
    ]);
  });

  it("treats the API's own error answer as a failed poll", () => {
    expect(() => parseCamSodaOnline({ status: false, error: "maintenance" })).toThrow(/maintenance/);
  });
});

describe("CAM4 directory", () => {
  it("maps show types; an entry without one is a public room", () => {
    expect(pairs(parseCam4Directory(fixture("cam4-directory.json")))).toEqual([
      ["camcarla", 1],
      ["grupogabi", 7],
      ["plainpaula", 1],
    ]);
    expect(
      pairs(parseCam4Directory([{ nickname: "affiliate_anna", viewers: 3, show_type: "PRIVATE_SHOW" }])),
    ).toEqual([["affiliate_anna", 2]]);
  });

  it("pages by page number until a short page, paced", async () => {
    const users = fixture("cam4-directory.json").users;
    const waits: number[] = [];
    const feed = fakeFetch((url) => {
      const page = Number(url.searchParams.get("page"));
      return reply({ users: users.slice((page - 1) * 2, page * 2) });
    });
    const poll = await createCam4Collector({
      fetch: feed.fetcher,
      pageSize: 2,
      sleep: async (ms) => void waits.push(ms),
    }).collect(never);
    expect(poll).toMatchObject({ camSiteId: 1, complete: true });
    expect(poll?.observations).toHaveLength(3);
    expect(
      feed.requests.map((r) => [r.url.searchParams.get("page"), r.url.searchParams.get("resultsPerPage")]),
    ).toEqual([
      ["1", "2"],
      ["2", "2"],
    ]);
    expect(waits).toEqual([1000]);
  });
});

describe("BongaCams affiliate list", () => {
  it("maps the list and asks it for the configured client IP", async () => {
    expect(pairs(parseBongaCamsOnline(fixture("bongacams-online.json")))).toEqual([
      ["bongabella", 1],
      ["grouppolly", 7],
      ["quietquinn", 1],
    ]);
    const feed = fakeFetch(() => reply(fixture("bongacams-online.json")));
    const poll = await createBongaCamsCollector({
      feedUrl: "https://tools.bongacams.test/promo.php?c=123456&type=api&api_type=json",
      clientIp: "203.0.113.9",
      fetch: feed.fetcher,
    }).collect(never);
    expect(poll).toMatchObject({ camSiteId: 3, complete: true });
    expect(poll?.observations[0]).toMatchObject({
      viewers: 120,
      snapshotUrl: "https://si.bongacams.com/live/bongabella_medium.jpg",
    });
    expect(feed.requests[0]?.url.searchParams.get("ip")).toBe("203.0.113.9");
  });
});

describe("Streamate SMLive", () => {
  it("reads performers and their shows from the XML answer, names kept as text", () => {
    const page = parseStreamateResult(fixtureText("streamate-smlresult.xml"));
    expect(page.total).toBe(3);
    expect(pairs(page)).toEqual([
      ["StreamStella", 1],
      ["GoldieGrace", 13],
      ["0101", 11],
    ]);
    expect(page.observations[0]?.snapshotUrl).toBe("https://m1.nsimg.net/biopic/native/77001");
  });

  it("posts one query a page, counting the total on the first, until the total is read", async () => {
    const performers = (from: number, n: number) =>
      Array.from(
        { length: n },
        (_, i) =>
          `<Performer Name="p${from + i}" StreamType="live" PartyChat="0" PreGoldShow="0" GoldShow="0"/>`,
      ).join("");
    const feed = fakeFetch((_url, init) => {
      const page = Number(/PageNum="(\d+)"/.exec(init.body ?? "")?.[1]);
      const count = page === 1 ? ' TotalResultCount="450"' : "";
      const n = page === 1 ? STREAMATE_PAGE_SIZE : 50;
      return reply(
        `<SMLResult><AvailablePerformers${count}>${performers((page - 1) * STREAMATE_PAGE_SIZE, n)}</AvailablePerformers></SMLResult>`,
      );
    });
    const poll = await createStreamateCollector({ fetch: feed.fetcher, sleep: noSleep }).collect(never);
    expect(poll).toMatchObject({ camSiteId: 8, complete: true });
    expect(poll?.observations).toHaveLength(450);
    expect(feed.requests.map((r) => r.method)).toEqual(["POST", "POST"]);
    expect(feed.requests[0]?.body).toContain('CountTotalResults="true"');
    expect(feed.requests[1]?.body).toContain('PageNum="2" CountTotalResults="false"');
  });
});
