import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../client.ts";
import { ingestPollSeries } from "../queries/stats-backfill.ts";
import { findStatsNicknameId, listDailyStats, listNicknameActivities } from "../queries/stats-read.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import { createIngestCache, ingestPoll } from "./index.ts";

// Ingestion keeps the rollup rows, open sessions and online points its last poll wrote in memory; these pin that a row somebody
// else wrote since, or a CamScore stored as float4, is read from the database again, so the figures stay what the
// database says.

// Its own cache object, so nothing another test file ingests shares it.
const options = { maxGapSeconds: 300, cache: createIngestCache() };
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

  it("starts a rollup row again when another writer deleted it since the last poll", async () => {
    await ingestPoll(handle.db, poll(2, 0, 10, 1000), options);
    await ingestPoll(handle.db, poll(2, 1, 20, 1000), options);
    const id = (await findStatsNicknameId(handle.db, 2, "ivy_cache")) ?? 0;
    await handle.db.execute(sql`delete from nickname_daily_stats where nickname_id = ${id}`);
    await ingestPoll(handle.db, poll(2, 2, 30, 1000), options);
    await ingestPoll(handle.db, poll(2, 3, 40, 1000), options);
    const [day] = await listDailyStats(handle.db, [id]);
    expect(day?.viewersAvg).toBe(35);
    expect(day?.onlineSeconds).toBe(120);
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

  it("extends a session another writer rewrote since the last poll from the row as it is now", async () => {
    const at = (i: number) => ({
      camSiteId: 36,
      observedAt: T0 + i * 60,
      complete: true,
      observations: [{ nickname: "ivy_session", status: 1 }],
    });
    for (let i = 0; i < 3; i++) await ingestPoll(handle.db, at(i), options);
    const id = (await findStatsNicknameId(handle.db, 36, "ivy_session")) ?? 0;
    const sessions = async () =>
      (
        (await handle.db.execute(sql`
          select extract(epoch from started_at)::float8 as start, extract(epoch from ended_at)::float8 as "end", seconds
          from nickname_sessions where nickname_id = ${id} order by started_at`)) as unknown as {
          rows: Array<{ start: number; end: number; seconds: number }>;
        }
      ).rows.map((r) => ({ start: Number(r.start), end: Number(r.end), seconds: Number(r.seconds) }));
    expect(await sessions()).toEqual([{ start: T0, end: T0 + 120, seconds: 120 }]);
    // A hand edit moves the start (the row gets a new version): the next poll extends the row as it is now.
    await handle.db.execute(sql`
      update nickname_sessions set started_at = started_at - interval '10 minutes', seconds = seconds + 600
      where nickname_id = ${id}`);
    await ingestPoll(handle.db, at(3), options);
    expect(await sessions()).toEqual([{ start: T0 - 600, end: T0 + 180, seconds: 780 }]);
    // Deleted and written again under another id: found by index, extended once.
    await handle.db.execute(sql`
      with gone as (delete from nickname_sessions where nickname_id = ${id} returning nickname_id, started_at, ended_at, seconds)
      insert into nickname_sessions (nickname_id, started_at, ended_at, seconds) select * from gone`);
    await ingestPoll(handle.db, at(4), options);
    await ingestPoll(handle.db, at(5), options);
    expect(await sessions()).toEqual([{ start: T0 - 600, end: T0 + 300, seconds: 900 }]);
    // Cut short by hand (it no longer ends where the new interval starts): a new session starts.
    await handle.db.execute(sql`
      update nickname_sessions set ended_at = ended_at - interval '1 minute', seconds = seconds - 60
      where nickname_id = ${id}`);
    await ingestPoll(handle.db, at(6), options);
    expect(await sessions()).toEqual([
      { start: T0 - 600, end: T0 + 240, seconds: 840 },
      { start: T0 + 300, end: T0 + 360, seconds: 60 },
    ]);
  });

  it("moves the previous points as they are stored when another writer wrote them or the poll since", async () => {
    const at = (i: number, status = 1) => ({
      camSiteId: 18,
      observedAt: T0 + i * 60,
      complete: true,
      observations: [
        { nickname: "ivy_points", status },
        { nickname: "ivy_points_2", status: 1 },
      ],
    });
    await ingestPoll(handle.db, at(0), options);
    await ingestPoll(handle.db, at(1), options);
    const id = (await findStatsNicknameId(handle.db, 18, "ivy_points")) ?? 0;
    const other = (await findStatsNicknameId(handle.db, 18, "ivy_points_2")) ?? 0;
    // Her point of the last poll gets a new row version (same content): moved by the general statement.
    await handle.db.execute(sql`
      update nickname_activities set viewers = viewers where nickname_id = ${id} and started_at = to_timestamp(${T0 + 60})`);
    await ingestPoll(handle.db, at(2), options);
    // The next poll comes through another path (the bulk series): the one after it reads the window again.
    await ingestPollSeries(handle.db, 18, [at(3, 2)], options);
    await ingestPoll(handle.db, at(4), options);
    // A gap over the limit, then a poll listing only the other nickname: nothing before the gap moves.
    await ingestPoll(
      handle.db,
      { ...at(10), observations: [{ nickname: "ivy_points_2", status: 1 }] },
      options,
    );
    const expected = (status: number[], last: number) =>
      status.map((s, i) => ({
        start: T0 + i * 60,
        end: T0 + i * 60 + (i < last ? 60 : 0),
        seconds: i < last ? 60 : 0,
        status: s,
      }));
    expect(await listNicknameActivities(handle.db, id)).toEqual(expected([1, 1, 1, 2, 1], 4));
    expect((await listNicknameActivities(handle.db, other)).slice(0, 5)).toEqual(
      expected([1, 1, 1, 1, 1], 4),
    );
    const [day] = await listDailyStats(handle.db, [id]);
    expect(day?.secondsByStatus).toEqual({ "1": 180, "2": 60 });
  });
});
