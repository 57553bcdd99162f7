import type { DatabaseHandle } from "@camatlas/db";
import {
  findCamsiteCoverage,
  findStatsNicknameId,
  jobState,
  listCoveredSpans,
  listDailyStats,
} from "@camatlas/db";
import { createTestDatabase } from "@camatlas/db/testing";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realCollectors, simulatorEnabled, startStatsWorker } from "./stats-worker.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.execute(sql`insert into models (slug, name) values ('sim-girl', 'Sim Girl')`);
  await handle.db.execute(sql`
    insert into nicknames (nickname, cam_site_id, model_id)
    select n, c, (select id from models where slug = 'sim-girl')
    from (values ('SimGirlMFC', 12), ('simgirlcb', 33), ('SimGirlSC', 36)) as v(n, c)`);
});
afterAll(async () => handle?.close());

const env = {
  APP_ENV: "development" as const,
  DATA_DIR: "./data/test",
  s3: null,
  COLLECTORS: "",
  CHATURBATE_FEED_URL: undefined,
  STRIPCHAT_FEED_URL: undefined,
  MFC_SOCKET_URL: undefined,
  CAMSODA_FEED_URL: undefined,
  CAM4_FEED_URL: undefined,
  STREAMATE_FEED_URL: undefined,
  BONGACAMS_FEED_URL: undefined,
  BONGACAMS_CLIENT_IP: undefined,
  LIVEJASMIN_FEED_URLS: undefined,
  FLIRT4FREE_FEED_URL: undefined,
  COLLECTOR_INTERVALS: undefined,
  SIMULATOR: "1" as const,
  SIMULATOR_HISTORY_DAYS: 21,
  SIMULATOR_INTERVAL_SECONDS: 1,
  STATS_MAX_GAP: 300,
  seedDemo: true,
};

describe("stats worker", () => {
  it("writes the demo history through ingestion, runs its jobs and stops cleanly", async () => {
    const worker = await startStatsWorker({
      db: handle.db,
      env,
      logger: pino({ level: "silent" }),
      jobCheckSeconds: 1,
    });
    expect(worker.collectors).toEqual(["simulator"]);
    await worker.historyDone;
    const id = (await findStatsNicknameId(handle.db, 12, "simgirlmfc")) ?? 0;
    const days = await listDailyStats(handle.db, [id]);
    // Three to six streaming days a week over three weeks.
    expect(days.filter((d) => d.onlineSeconds > 0).length).toBeGreaterThanOrEqual(6);
    expect(days.some((d) => (d.camscoreMax ?? 0) > 0)).toBe(true);
    // The coverage notes learn how the history was polled: hourly, hour-long gaps counted.
    expect((await findCamsiteCoverage(handle.db, 12)).history).toMatchObject({
      pollIntervalSeconds: 3600,
      maxGapSeconds: 3600,
    });
    expect((await findCamsiteCoverage(handle.db, 2)).history).toBeNull();
    // Side records for the tabs: snapshots where she was on cam, MyFreeCams badges by month.
    const count = async (query: ReturnType<typeof sql>) =>
      Number(((await handle.db.execute(query)) as { rows?: Array<{ n: number }> }).rows?.[0]?.n ?? 0);
    const snapshots = await count(sql`
      select count(*)::int as n from image_records r join nicknames n on n.id = r.nickname_id
      where n.nickname = 'simgirlcb' and r.type = 'snapshot' and r.url like '/media/portraits/%/snapshot-%'`);
    expect(snapshots).toBeGreaterThan(0);
    // The history keeps her last 12; live polls, already running, add the current hour's when she is on cam now.
    expect(snapshots).toBeLessThanOrEqual(12 + 2);
    const badgesOf = (cam: number) =>
      count(sql`
      select count(*)::int as n from nickname_badges b join nicknames n on n.id = b.nickname_id
      where n.cam_site_id = ${cam} and not b.missed`);
    expect(await badgesOf(12)).toBeGreaterThanOrEqual(3);
    expect(await badgesOf(33)).toBe(0);
    await expect
      .poll(async () => (await jobState(handle.db, "stats:partitions"))?.runs ?? 0)
      .toBeGreaterThan(0);
    // Live polls follow the history at SIMULATOR_INTERVAL_SECONDS, one complete poll per camsite each time.
    const livePolls = async () => {
      const result = (await handle.db.execute(sql`
        select count(*)::int as n from ingest_polls
        where cam_site_id = 12 and observed_at > now() - interval '10 seconds'`)) as {
        rows?: Array<{ n: number }>;
      };
      return Number(result.rows?.[0]?.n ?? 0);
    };
    await expect.poll(livePolls, { timeout: 8_000 }).toBeGreaterThanOrEqual(3);
    // The live interval is measured on the polls after the history only.
    await expect
      .poll(async () => (await findCamsiteCoverage(handle.db, 12)).pollIntervalSeconds, { timeout: 8_000 })
      .toBeLessThanOrEqual(2);
    // The history skipped its quiet polls but was polled throughout, and the live polls continue it: one covered
    // span, no outage (decision 0043).
    expect(await listCoveredSpans(handle.db, 12)).toHaveLength(1);
    await worker.stop();
    expect((await jobState(handle.db, "stats:rollup-repair"))?.lastError ?? null).toBeNull();
  });

  it("reads its collectors from the environment", () => {
    expect(simulatorEnabled({ ...env, SIMULATOR: undefined })).toBe(true);
    expect(simulatorEnabled({ ...env, SIMULATOR: undefined, APP_ENV: "production" })).toBe(false);
    expect(
      realCollectors({
        ...env,
        COLLECTORS: "chaturbate, mfc",
        CHATURBATE_FEED_URL: "https://x.test/",
        MFC_SOCKET_URL: "wss://y.test/",
      }).map((c) => c.name),
    ).toEqual(["chaturbate", "mfc"]);
    expect(() => realCollectors({ ...env, COLLECTORS: "stripchat" })).toThrow(/STRIPCHAT_FEED_URL/);
    // Public feeds with a default URL need no setting; keyed ones name theirs.
    expect(
      realCollectors({
        ...env,
        COLLECTORS: "camsoda,cam4,streamate,mfc",
        COLLECTOR_INTERVALS: "cam4=300",
      }).map((c) => [c.name, c.intervalSeconds]),
    ).toEqual([
      ["camsoda", 120],
      ["cam4", 300],
      ["streamate", 120],
      ["mfc", 60],
    ]);
    expect(() => realCollectors({ ...env, COLLECTORS: "livejasmin" })).toThrow(/LIVEJASMIN_FEED_URLS/);
    expect(() => realCollectors({ ...env, COLLECTORS: "bongacams" })).toThrow(/BONGACAMS_FEED_URL/);
    expect(() => realCollectors({ ...env, COLLECTORS: "myspace" })).toThrow(/no collector/);
    expect(() => realCollectors({ ...env, COLLECTORS: "cam4", COLLECTOR_INTERVALS: "cam4=2" })).toThrow(
      /10 to 86400/,
    );
  });
});
