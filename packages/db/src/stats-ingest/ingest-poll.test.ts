import { OFFLINE_STATUS_ID } from "@camatlas/shared";
import {
  coveredSpans,
  dailyTotals,
  deriveIntervals,
  type PollInput,
  sessionsOf,
} from "@camatlas/shared/stats";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../client.ts";
import { findCoverageGaps, listCoveredSpans } from "../queries/camsite-coverage.ts";
import { ingestPollSeries } from "../queries/stats-backfill.ts";
import { pruneIngestPolls, repairDailyRollups } from "../queries/stats-maintenance.ts";
import { listActivityPartitions } from "../queries/stats-partitions.ts";
import {
  findStatsNicknameId,
  listDailyStats,
  listNicknameActivities,
  listNicknameSessions,
} from "../queries/stats-read.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import { type IngestPollInput, ingestPoll, LAST_SEEN_RESOLUTION_SECONDS } from "./index.ts";

const GAP = 300;
const options = { maxGapSeconds: GAP };
// Starts an hour before a UTC midnight at the end of a month, so days and partitions are split too.
const T0 = Date.parse("2026-03-31T23:00:00Z") / 1000;
const NAMES = ["anna_rose", "bea_blue", "cleo", "dora_x"];

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => handle?.close());

/** A deterministic two-hour schedule with status changes, offline stretches, incomplete polls and an outage. */
function schedule(): PollInput[] {
  const polls: PollInput[] = [];
  for (let i = 0; i < 120; i++) {
    if (i >= 70 && i < 78) continue; // collector down for 8 minutes
    const observations: Array<{ nickname: string; status: number }> = [];
    if (i % 41 < 33) observations.push({ nickname: "anna_rose", status: i % 13 < 9 ? 1 : 2 });
    if (i % 29 > 4)
      observations.push({ nickname: i % 2 ? "Bea_Blue" : "bea_blue", status: i % 7 === 0 ? 5 : 1 });
    if (i > 40 && i < 100) observations.push({ nickname: "cleo", status: i % 17 < 3 ? 7 : 1 });
    if (i % 10 === 3) observations.push({ nickname: "dora_x", status: OFFLINE_STATUS_ID });
    polls.push({ at: T0 + i * 60, complete: i % 11 !== 5, observations });
  }
  return polls;
}

const poll = (at: number): PollInput => ({ at, complete: true, observations: [] });

function toInput(camSiteId: number, poll: PollInput): IngestPollInput {
  return {
    camSiteId,
    observedAt: poll.at,
    complete: poll.complete,
    observations: poll.observations.map((o, i) => ({
      ...o,
      viewers: 10 + i,
      camscore: 1000 + i,
      rank: 50 - i,
    })),
  };
}

function shuffle<T>(list: readonly T[], seed: number): T[] {
  const copy = [...list];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

describe("stats ingestion", () => {
  const polls = schedule();
  const expected = deriveIntervals(polls, GAP);

  it("stores exactly the reference intervals, sessions and daily totals for polls in time order", async () => {
    for (const poll of polls) await ingestPoll(handle.db, toInput(12, poll), options);
    await expectMatchesReference(12);
  });

  it("gives the same result for late, shuffled and replayed polls", async () => {
    const arrivals = [...shuffle(polls, 7), ...shuffle(polls, 99).slice(0, 30)];
    let replays = 0;
    for (const poll of arrivals) {
      const outcome = await ingestPoll(handle.db, toInput(33, poll), options);
      if (!outcome.applied) replays++;
    }
    expect(replays).toBe(30);
    await expectMatchesReference(33);
    // The rollups of both camsites are the same figures.
    for (const name of NAMES) {
      const a = await findStatsNicknameId(handle.db, 12, name);
      const b = await findStatsNicknameId(handle.db, 33, name);
      const strip = (rows: Awaited<ReturnType<typeof listDailyStats>>) =>
        rows.map(({ nicknameId: _n, camSiteId: _c, ...rest }) => rest);
      expect(strip(await listDailyStats(handle.db, [b ?? 0]))).toEqual(
        strip(await listDailyStats(handle.db, [a ?? 0])),
      );
    }
  });

  it("writes the same rows in bulk for a series of polls after everything stored", async () => {
    const outcome = await ingestPollSeries(
      handle.db,
      36,
      [...polls, ...polls.slice(0, 5)].map((p) => toInput(36, p)),
      options,
    );
    expect(outcome).toEqual({ polls: polls.length, mode: "bulk" });
    await expectMatchesReference(36);
    for (const name of NAMES) {
      const a = (await findStatsNicknameId(handle.db, 12, name)) ?? 0;
      const b = (await findStatsNicknameId(handle.db, 36, name)) ?? 0;
      const strip = (rows: Awaited<ReturnType<typeof listDailyStats>>) =>
        rows.map(({ nicknameId: _n, camSiteId: _c, ...rest }) => rest);
      expect(strip(await listDailyStats(handle.db, [b]))).toEqual(
        strip(await listDailyStats(handle.db, [a])),
      );
      expect(await listNicknameActivities(handle.db, b)).toEqual(await listNicknameActivities(handle.db, a));
      const state = async (id: number) =>
        (
          (await handle.db.execute(
            sql`select activity_status_id from nicknames where id = ${id}`,
          )) as unknown as { rows: unknown[] }
        ).rows;
      expect(await state(b)).toEqual(await state(a));
    }
    // A second series overlapping the stored polls goes poll by poll and changes nothing.
    expect(
      await ingestPollSeries(
        handle.db,
        36,
        polls.slice(-3).map((p) => toInput(36, p)),
        options,
      ),
    ).toEqual({
      polls: 3,
      mode: "per-poll",
    });
    await expectMatchesReference(36);
  });

  it("keeps current status, last seen and last activity", async () => {
    const [row] = (
      (await handle.db.execute(sql`
        select activity_status_id, extract(epoch from last_seen_at)::float8 as seen,
          extract(epoch from last_activity_at)::float8 as active, model_id, has_stats
        from nicknames where cam_site_id = 12 and lower(nickname) = 'cleo'`)) as unknown as {
        rows: Array<{
          activity_status_id: number;
          seen: number;
          active: number;
          model_id: number | null;
          has_stats: boolean;
        }>;
      }
    ).rows;
    // cleo was last listed at minute 99, then complete polls without her: offline; seen and active at minute 99,
    // to within the last-seen resolution.
    expect(row).toMatchObject({ activity_status_id: 100, model_id: null, has_stats: true });
    expect(Number(row?.seen)).toBeGreaterThanOrEqual(T0 + 99 * 60 - LAST_SEEN_RESOLUTION_SECONDS);
    expect(Number(row?.seen)).toBeLessThanOrEqual(T0 + 99 * 60);
    expect(Number(row?.active)).toBeGreaterThanOrEqual(T0 + 99 * 60 - LAST_SEEN_RESOLUTION_SECONDS);
  });

  it("keeps viewers, CamScore and rank per day", async () => {
    const id = (await findStatsNicknameId(handle.db, 12, "anna_rose")) ?? 0;
    const [day] = await listDailyStats(handle.db, [id], "2026-03-31", "2026-03-31");
    expect(day?.viewersMax).toBe(10);
    expect(day?.camscoreMin).toBe(1000);
    expect(day?.rankBest).toBe(50);
  });

  it("finds nothing to repair, and repairs a damaged rollup from the raw intervals", async () => {
    expect(await repairDailyRollups(handle.db, "2026-03-31")).toBe(0);
    expect(await repairDailyRollups(handle.db, "2026-04-01")).toBe(0);
    const id = (await findStatsNicknameId(handle.db, 12, "bea_blue")) ?? 0;
    const before = await listDailyStats(handle.db, [id], "2026-04-01", "2026-04-01");
    await handle.db.execute(
      sql`update nickname_daily_stats set online_seconds = 1, seconds_by_status = '{}' where nickname_id = ${id} and day = '2026-04-01'`,
    );
    expect(await repairDailyRollups(handle.db, "2026-04-01")).toBe(1);
    expect(await listDailyStats(handle.db, [id], "2026-04-01", "2026-04-01")).toEqual(before);
  });

  it("prunes old polls only", async () => {
    // The test polls are from March 2026; a 10,000-day window keeps them all.
    expect(await pruneIngestPolls(handle.db, 10_000)).toBe(0);
  });

  it("creates month partitions as polls need them", async () => {
    const partitions = await listActivityPartitions(handle.db);
    expect(partitions).toEqual(
      expect.arrayContaining(["nickname_activities_p2026_03", "nickname_activities_p2026_04"]),
    );
  });

  it("removes a hard-deleted nickname's points with her (no foreign key on the points)", async () => {
    await ingestPoll(
      handle.db,
      toInput(41, { at: T0, complete: true, observations: [{ nickname: "gone", status: 1 }] }),
      options,
    );
    const id = (await findStatsNicknameId(handle.db, 41, "gone")) ?? 0;
    expect(await listNicknameActivities(handle.db, id)).toHaveLength(1);
    await handle.db.execute(sql`delete from nicknames where id = ${id}`);
    const left = await handle.db.execute(
      sql`select count(*)::int as n from nickname_activities where nickname_id = ${id}`,
    );
    expect((left as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
  });

  it("keeps when each camsite was polled: the 8-minute outage is a gap, however the polls arrived", async () => {
    const spans = coveredSpans(
      polls.map((p) => p.at),
      GAP,
    );
    expect(spans).toEqual([
      { start: T0, end: T0 + 69 * 60 },
      { start: T0 + 78 * 60, end: T0 + 119 * 60 },
    ]);
    // In order (12), late and shuffled (33), in bulk (36).
    for (const camSiteId of [12, 33, 36]) expect(await listCoveredSpans(handle.db, camSiteId)).toEqual(spans);
    const iso = (at: number) => new Date(at * 1000).toISOString();
    expect(await findCoverageGaps(handle.db, 12, iso(T0), iso(T0 + 86_400))).toEqual({
      recordedSince: iso(T0),
      gaps: [{ start: iso(T0 + 69 * 60), end: iso(T0 + 78 * 60) }],
    });
    // A range after the outage, or before it, has none.
    expect((await findCoverageGaps(handle.db, 12, iso(T0 + 80 * 60), iso(T0 + 90 * 60))).gaps).toEqual([]);
    expect((await findCoverageGaps(handle.db, 12, iso(T0), iso(T0 + 60 * 60))).gaps).toEqual([]);
  });

  it("joins two spans when a late poll fills the silence between them", async () => {
    const at = (minute: number) => T0 + minute * 60;
    for (const minute of [0, 1, 20, 21]) await ingestPoll(handle.db, toInput(8, poll(at(minute))), options);
    expect(await listCoveredSpans(handle.db, 8)).toEqual([
      { start: at(0), end: at(1) },
      { start: at(20), end: at(21) },
    ]);
    // Late polls at minutes 5 and 15 extend each span; minute 10 then joins them.
    await ingestPoll(handle.db, toInput(8, poll(at(5))), options);
    await ingestPoll(handle.db, toInput(8, poll(at(15))), options);
    expect(await listCoveredSpans(handle.db, 8)).toEqual([
      { start: at(0), end: at(5) },
      { start: at(15), end: at(21) },
    ]);
    await ingestPoll(handle.db, toInput(8, poll(at(10))), options);
    expect(await listCoveredSpans(handle.db, 8)).toEqual([{ start: at(0), end: at(21) }]);
  });

  async function expectMatchesReference(camSiteId: number) {
    for (const name of NAMES) {
      const id = await findStatsNicknameId(handle.db, camSiteId, name);
      expect(id).not.toBeNull();
      const reference = expected.get(name) ?? [];
      const stored = (await listNicknameActivities(handle.db, id ?? 0))
        .filter((r) => r.seconds > 0)
        .map((r) => ({ start: r.start, end: r.end, status: r.status }));
      expect(stored).toEqual(reference);
      const sessions = (await listNicknameSessions(handle.db, id ?? 0)).map(({ start, end }) => ({
        start,
        end,
      }));
      expect(sessions).toEqual(sessionsOf(reference));
      const days = await listDailyStats(handle.db, [id ?? 0]);
      const totals = dailyTotals(reference);
      for (const [day, total] of totals) {
        const row = days.find((d) => d.day === day);
        expect(row?.secondsByStatus).toEqual(total.secondsByStatus);
        expect(row?.onlineSeconds).toBe(total.onlineSeconds);
        expect(row?.hourHistogram).toEqual(total.hourHistogram);
        const started = sessionsOf(reference).filter((s) =>
          new Date(s.start * 1000).toISOString().startsWith(day),
        );
        expect(row?.sessions).toBe(started.length);
        expect(row?.longestSessionSeconds).toBe(Math.max(0, ...started.map((s) => s.end - s.start)));
      }
      for (const row of days) if (!totals.has(row.day)) expect(row.onlineSeconds).toBe(0);
    }
  }
});
