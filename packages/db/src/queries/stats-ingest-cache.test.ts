import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../client.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import { ingestPoll } from "./stats-ingest.ts";
import { findStatsNicknameId, listDailyStats } from "./stats-read.ts";

// Ingestion keeps the rollup rows its last poll wrote in memory; these pin that a row somebody else wrote since, or
// a CamScore stored as float4, is read from the database again, so the figures stay what the database says.

const options = { maxGapSeconds: 300 };
const T0 = Date.parse("2026-05-10T10:00:00Z") / 1000;

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => handle?.close());

const poll = (camSiteId: number, i: number, viewers: number, camscore: number) => ({
  camSiteId,
  observedAt: T0 + i * 60,
  complete: true,
  observations: [{ nickname: "ivy_cache", status: 1, viewers, camscore, rank: 7 }],
});

describe("stats ingestion rollup cache", () => {
  it("reads a rollup row again when another writer changed it since the last poll", async () => {
    await ingestPoll(handle.db, poll(12, 0, 10, 1000), options);
    await ingestPoll(handle.db, poll(12, 1, 20, 1000), options);
    const id = (await findStatsNicknameId(handle.db, 12, "ivy_cache")) ?? 0;
    // Another process (or the repair job) writes the row between two polls.
    await handle.db.execute(sql`
      update nickname_daily_stats set viewers_sum = viewers_sum + 970, viewers_max = 1000, online_seconds = 7000,
        seconds_by_status = '{"1": 7000}'::jsonb
      where nickname_id = ${id}`);
    await ingestPoll(handle.db, poll(12, 2, 30, 1000), options);
    const [day] = await listDailyStats(handle.db, [id]);
    expect(day?.viewersMax).toBe(1000);
    expect(day?.viewersAvg).toBe((10 + 20 + 30 + 970) / 3);
    expect(day?.onlineSeconds).toBe(7060);
    expect(day?.secondsByStatus).toEqual({ "1": 7060 });
  });

  it("keeps CamScore figures as the database stores them (float4) across polls", async () => {
    const scores = [1234.5678901, 1234.5678, 1234.56789, 987.654321];
    for (const [i, score] of scores.entries()) await ingestPoll(handle.db, poll(33, i, 5, score), options);
    const id = (await findStatsNicknameId(handle.db, 33, "ivy_cache")) ?? 0;
    const [day] = await listDailyStats(handle.db, [id]);
    const asStored = async (value: number) =>
      Number(
        (
          (await handle.db.execute(sql`select ${value}::real as v`)) as unknown as {
            rows: Array<{ v: unknown }>;
          }
        ).rows[0]?.v,
      );
    expect(day?.camscoreMin).toBe(await asStored(987.654321));
    expect(day?.camscoreMax).toBe(await asStored(Math.max(...scores)));
    expect(day?.camscoreLast).toBe(await asStored(987.654321));
  });
});
