import { findStatsNicknameId, listDailyStats } from "@camatlas/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { createChaturbateCollector } from "../collectors/chaturbate.ts";
import type { CollectedPoll } from "../collectors/collector.ts";
import { createMyFreeCamsCollector, type MfcCollector } from "../collectors/myfreecams.ts";
import { FCL_CAMS, FCTYPE, FCWOPT_REDIS_JSON, frameMfc } from "../collectors/myfreecams-protocol.ts";
import { startFakeFeedServer } from "../collectors/testing/fake-feed-server.ts";
import { startFakeMfcServer } from "../collectors/testing/fake-mfc-server.ts";
import { storeCollectedPoll } from "./stats-worker.ts";

// Two camsites' feeds played from one schedule, read over loopback by the real collectors and stored through the
// worker's ingestion path. One performer is on both: online (free chat) from T0+77 to T0+180. Chaturbate polls at
// T0+0, 60, 120, 180, 240 and dates her start by seconds_online; MyFreeCams pushes her start and end over its socket
// and polls at T0+30, 90, 150, 210. Her end falls on a Chaturbate poll, the only moment that feed can see an end:
// both camsites must then count exactly 103 seconds, from the same second to the same second.

const T0 = Math.floor(Date.now() / 1000 / 60) * 60 - 3600;
const START = T0 + 77;
const END = T0 + 180;
const UID = 40404040;

let t: TestApi;
let clock = T0;
const now = () => clock;
const online = () => clock >= START && clock < END;

let feeds: Awaited<ReturnType<typeof startFakeFeedServer>>;
let chat: Awaited<ReturnType<typeof startFakeMfcServer>>;
let mfc: MfcCollector;

beforeAll(async () => {
  t = await createTestApi();
  feeds = await startFakeFeedServer({
    "/api/public/affiliates/onlinerooms/": (url) => {
      const rooms = [
        { username: "always_on_cb", current_show: "public", num_users: 5, seconds_online: clock - T0 + 600 },
        ...(online()
          ? [
              {
                username: "twofeeds_cb",
                current_show: "public",
                num_users: 40,
                seconds_online: clock - START,
              },
            ]
          : []),
      ];
      const offset = Number(url.searchParams.get("offset"));
      const limit = Number(url.searchParams.get("limit"));
      return { body: { count: rooms.length, results: rooms.slice(offset, offset + limit) } };
    },
    "/php/FcwExtResp.php": () => ({
      body: {
        count: 1,
        op: 0,
        owner: 0,
        channel: 0,
        rdata: [
          ["uid", "nm", "vs", "lv", { m: ["rc", "topic"] }],
          [10101, "AlwaysOnMFC", 0, 4, 12, ""],
        ],
      },
    }),
  });
  chat = await startFakeMfcServer();
  chat.afterLogin((socket) => {
    const ext = {
      msg: { type: FCTYPE.MANAGELIST, from: 0, to: chat.sessionId, arg1: 0, arg2: FCL_CAMS, len: 1 },
    };
    socket.send(
      frameMfc(FCTYPE.EXTDATA, 0, chat.sessionId, 0, FCWOPT_REDIS_JSON, {
        ...ext,
        msglen: 1,
        opts: FCWOPT_REDIS_JSON,
        respkey: 7,
        serv: 1,
        type: FCTYPE.MANAGELIST,
      }),
    );
  });
  mfc = createMyFreeCamsCollector({
    socketUrl: chat.url,
    extDataUrl: `${feeds.origin}/php/FcwExtResp.php`,
    now,
  });
});

afterAll(async () => {
  mfc?.close?.();
  await chat?.close();
  await feeds?.close();
  await t?.close();
});

const cb = () =>
  createChaturbateCollector({
    feedUrl: `${feeds.origin}/api/public/affiliates/onlinerooms/?wm=abcde&client_ip=request_ip`,
    now,
    pacingMs: 0,
  });

async function store(poll: CollectedPoll | null) {
  expect(poll).not.toBeNull();
  if (poll) await storeCollectedPoll(t.database.db, poll, 300, []);
}

/** Pushes a MyFreeCams state change at the current virtual second and waits until the collector read it. */
async function push(payload: Record<string, unknown>) {
  const before = mfc.state().messages;
  chat.send(frameMfc(FCTYPE.SESSIONSTATE, 0, 0, 0, 0, payload));
  await vi.waitFor(() => expect(mfc.state().messages).toBe(before + 1));
}

async function statsOf(camSiteId: number, nickname: string) {
  const id = (await findStatsNicknameId(t.database.db, camSiteId, nickname)) ?? 0;
  const days = await listDailyStats(t.database.db, [id]);
  const sessions = (
    (await t.database.db.execute(
      sql`select extract(epoch from started_at)::int as started, extract(epoch from ended_at)::int as ended, seconds
          from nickname_sessions where nickname_id = ${id} order by started_at`,
    )) as unknown as { rows: Array<{ started: number; ended: number; seconds: number }> }
  ).rows;
  return {
    onlineSeconds: days.reduce((sum, d) => sum + d.onlineSeconds, 0),
    freeChatSeconds: days.reduce((sum, d) => sum + (d.secondsByStatus["1"] ?? 0), 0),
    sessions: sessions.map((s) => ({
      started: Number(s.started),
      ended: Number(s.ended),
      seconds: Number(s.seconds),
    })),
  };
}

describe("two feeds read end to end through ingestion", () => {
  it("give a performer seen on both the same stats, to the second of the schedule", async () => {
    const chaturbate = cb();
    const signal = new AbortController().signal;
    // The MyFreeCams socket connects, logs in and loads its dump before the first poll.
    await mfc.collect(signal);
    await vi.waitFor(() => expect(mfc.state().loaded).toBe(true), { timeout: 5000 });

    for (const second of [0, 30, 60, 77, 90, 120, 150, 180, 210, 240]) {
      clock = T0 + second;
      if (second === 77) await push({ sid: 9, uid: UID, nm: "TwoFeeds", lv: 4, vs: 0, m: { rc: 30 } });
      if (second === 180) await push({ uid: UID, vs: 127 });
      if (second % 60 === 0) await store(await chaturbate.collect(signal));
      if (second % 60 === 30) await store(await mfc.collect(signal));
    }

    const expected = { onlineSeconds: END - START, freeChatSeconds: END - START };
    const onChaturbate = await statsOf(33, "twofeeds_cb");
    const onMfc = await statsOf(12, "TwoFeeds");
    expect(onChaturbate).toMatchObject(expected);
    expect(onMfc).toMatchObject(expected);
    expect(onChaturbate.sessions).toEqual([{ started: START, ended: END, seconds: 103 }]);
    expect(onMfc.sessions).toEqual(onChaturbate.sessions);
    // The performers online all along count every second of the polls' span on their camsite.
    expect((await statsOf(33, "always_on_cb")).onlineSeconds).toBe(240);
    expect((await statsOf(12, "AlwaysOnMFC")).onlineSeconds).toBe(180);
  });
});
