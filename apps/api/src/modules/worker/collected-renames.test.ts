import { findStatsNicknameId, listDailyStats } from "@camatlas/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import type { CollectedPoll } from "../collectors/collector.ts";
import { type MfcMessage, MfcModelTable } from "../collectors/myfreecams.ts";
import { storeCollectedPoll } from "./stats-worker.ts";

// A MyFreeCams performer renamed between two polls: the worker applies the rename before the poll, her history
// continues under the new name and her stats page lists the past nickname.

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const T0 = Math.floor(Date.now() / 1000) - 3600;
const state = (nm: string): MfcMessage => ({
  type: 20,
  from: 0,
  to: 0,
  arg1: 0,
  arg2: 0,
  payload: { uid: 4242, nm, lv: 4, vs: 0, m: { camscore: 1500, rank: 90, rc: 40 } },
});
const pollOf = (table: MfcModelTable, at: number): CollectedPoll => ({
  camSiteId: 12,
  observedAt: at,
  complete: true,
  observations: table.online(),
  renames: table.renames.take(),
});

describe("collector renames through the worker", () => {
  it("moves her history to the new name and shows the past nickname on her stats page", async () => {
    const db = t.database.db;
    const table = new MfcModelTable();
    table.apply(state("AliceX"), T0);
    await storeCollectedPoll(db, pollOf(table, T0), 300);
    await storeCollectedPoll(db, pollOf(table, T0 + 60), 300);
    const id = (await findStatsNicknameId(db, 12, "alicex")) ?? 0;
    expect(id).toBeGreaterThan(0);

    table.apply(state("Alice_X"), T0 + 100);
    const renamedPoll = pollOf(table, T0 + 120);
    expect(renamedPoll.renames).toEqual([{ from: "AliceX", to: "Alice_X", at: T0 + 100 }]);
    await storeCollectedPoll(db, renamedPoll, 300);
    // The same poll again (a replay) changes nothing.
    await storeCollectedPoll(db, renamedPoll, 300);
    expect(await findStatsNicknameId(db, 12, "alice_x")).toBe(id);
    expect(await findStatsNicknameId(db, 12, "alicex")).toBeNull();
    const days = await listDailyStats(db, [id]);
    expect(days.reduce((sum, d) => sum + d.onlineSeconds, 0)).toBe(120);

    const reply = await t.call("GET", "/api/stats/nicknames/myfreecams/Alice_X/nickname-changes");
    expect(reply.status).toBe(200);
    const body = (await reply.json()) as { data: unknown[]; total: number };
    expect(body.total).toBe(1);
    expect(body.data).toEqual([
      {
        old_nickname: "AliceX",
        new_nickname: "Alice_X",
        changed_at: new Date((T0 + 100) * 1000).toISOString(),
      },
    ]);
  });

  it("applies renames carried over from a poll whose store failed", async () => {
    const db = t.database.db;
    const table = new MfcModelTable();
    table.apply(state("BellaB"), T0 + 1000);
    await storeCollectedPoll(db, pollOf(table, T0 + 1000), 300);
    const id = await findStatsNicknameId(db, 12, "bellab");
    table.apply(state("Bella_B"), T0 + 1050);
    // The poll that reported the rename was not stored: the loop keeps its renames for the next one.
    const carried = pollOf(table, T0 + 1060).renames ?? [];
    expect(carried).toHaveLength(1);
    await storeCollectedPoll(db, pollOf(table, T0 + 1120), 300, carried);
    expect(carried).toEqual([]);
    expect(await findStatsNicknameId(db, 12, "bella_b")).toBe(id);
  });
});
