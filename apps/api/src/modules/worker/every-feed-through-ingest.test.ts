import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { createBongaCamsCollector } from "../collectors/bongacams.ts";
import { createCam4Collector } from "../collectors/cam4.ts";
import { createCamSodaCollector } from "../collectors/camsoda.ts";
import type { Collector } from "../collectors/collector.ts";
import { createFlirt4FreeCollector } from "../collectors/flirt4free.ts";
import { createLiveJasminCollector } from "../collectors/livejasmin.ts";
import { createStreamateCollector } from "../collectors/streamate.ts";
import { createStripchatCollector } from "../collectors/stripchat.ts";
import { startFakeFeedServer } from "../collectors/testing/fake-feed-server.ts";
import { storeCollectedPoll } from "./stats-worker.ts";

// Every list feed served from its recorded payload by a loopback server, read by its collector over HTTP and
// stored through the worker's ingestion path: the camsite's nicknames read online in the mapped statuses, and the
// stored poll is complete exactly when the recorded payload is wholly understood.

const fixture = (name: string) =>
  readFileSync(new URL(`../collectors/fixtures/${name}`, import.meta.url), "utf8");

let t: TestApi;
let feeds: Awaited<ReturnType<typeof startFakeFeedServer>>;
beforeAll(async () => {
  t = await createTestApi();
  const paged = (body: { users?: unknown[] }) => (url: URL) => {
    const page = Number(url.searchParams.get("page") ?? "1");
    return { body: page === 1 ? body : { users: [] } };
  };
  feeds = await startFakeFeedServer({
    "/stripchat/models": () => ({ body: fixture("stripchat-affiliate-models.json") }),
    "/stripchat/v2/models/username/TicketTina/cam": () => ({
      body: fixture("stripchat-model-status-renamed.json"),
    }),
    "/camsoda": () => ({ body: fixture("camsoda-browse-online.json") }),
    "/cam4": paged(JSON.parse(fixture("cam4-directory.json"))),
    "/bongacams": () => ({ body: fixture("bongacams-online.json") }),
    "/streamate": () => ({
      body: fixture("streamate-smlresult.xml"),
      headers: { "content-type": "text/xml" },
    }),
    "/awe": () => ({ body: fixture("livejasmin-awe-feed.json") }),
    "/vs": () => ({ body: fixture("flirt4free-vs-online.json") }),
  });
});
afterAll(async () => {
  await feeds?.close();
  await t?.close();
});

const cases: Array<{
  name: string;
  collector: () => Collector;
  complete: boolean;
  statuses: Record<string, number>;
}> = [
  {
    name: "Stripchat (affiliate list; a status detailed by her own page, renamed)",
    collector: () =>
      createStripchatCollector({
        feedUrl: `${feeds.origin}/stripchat/models`,
        statusUrl: `${feeds.origin}/stripchat/v2/models/username/{username}/cam`,
        pacingMs: 0,
      }),
    complete: true,
    statuses: { eva_sunrise: 1, groupgina: 7, tickettina_2: 7 },
  },
  {
    name: "CamSoda (a status nobody maps: incomplete)",
    collector: () => createCamSodaCollector({ feedUrl: `${feeds.origin}/camsoda` }),
    complete: false,
    statuses: { sodasunny: 1, ticketteddy: 40, privpenny: 2 },
  },
  {
    name: "CAM4",
    collector: () => createCam4Collector({ feedUrl: `${feeds.origin}/cam4`, pageSize: 3, pacingMs: 0 }),
    complete: true,
    statuses: { camcarla: 1, grupogabi: 7, plainpaula: 1 },
  },
  {
    name: "BongaCams",
    collector: () =>
      createBongaCamsCollector({ feedUrl: `${feeds.origin}/bongacams?c=1`, clientIp: "203.0.113.9" }),
    complete: true,
    statuses: { bongabella: 1, grouppolly: 7, quietquinn: 1 },
  },
  {
    name: "Streamate (XML)",
    collector: () => createStreamateCollector({ feedUrl: `${feeds.origin}/streamate`, pacingMs: 0 }),
    complete: true,
    statuses: { streamstella: 1, goldiegrace: 13, "0101": 11 },
  },
  {
    name: "LiveJasmin (keyed AWE feed)",
    collector: () => createLiveJasminCollector({ feedUrls: [`${feeds.origin}/awe?psId=p&accessKey=k`] }),
    complete: true,
    statuses: { jasminejoy: 1, membermila: 4, privatepam: 2 },
  },
  {
    name: "Flirt4Free (keyed VS feed)",
    collector: () => createFlirt4FreeCollector({ feedUrl: `${feeds.origin}/vs?key=k` }),
    complete: true,
    statuses: { fiona_flame: 1, pia_privat: 2, gus: 6 },
  },
];

describe("every list feed through ingestion", () => {
  it.each(cases)("$name", async ({ collector, complete, statuses }) => {
    const c = collector();
    const poll = await c.collect(new AbortController().signal);
    expect(poll?.complete).toBe(complete);
    if (!poll) return;
    await storeCollectedPoll(t.database.db, poll, 300, []);
    const rows = (
      (await t.database.db.execute(
        sql`select lower(nickname) as nickname, activity_status_id from nicknames where cam_site_id = ${c.camSiteId}`,
      )) as unknown as { rows: Array<{ nickname: string; activity_status_id: number }> }
    ).rows;
    expect(Object.fromEntries(rows.map((r) => [r.nickname, Number(r.activity_status_id)]))).toEqual(statuses);
    const [stored] = (
      (await t.database.db.execute(
        sql`select complete, observations from ingest_polls where cam_site_id = ${c.camSiteId}`,
      )) as unknown as { rows: Array<{ complete: boolean; observations: number }> }
    ).rows;
    expect(stored).toEqual({ complete, observations: Object.keys(statuses).length });
  });
});
