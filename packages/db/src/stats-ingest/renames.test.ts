import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../client.ts";
import { findStatsNicknameId, listDailyStats } from "../queries/stats-read.ts";
import { pageNicknameChanges } from "../queries/stats-read-details.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import { applyNicknameRenames, ingestPoll } from "./index.ts";

const options = { maxGapSeconds: 300 };
const T0 = Date.parse("2026-05-10T10:00:00Z") / 1000;

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => handle?.close());

// Each test polls its own hour: a second poll of a camsite at the same time would be a replay.
let hour = 0;
const online = (camSiteId: number, i: number, nickname: string) =>
  ingestPoll(
    handle.db,
    {
      camSiteId,
      observedAt: T0 + hour * 3600 + i * 60,
      complete: false,
      observations: [{ nickname, status: 1 }],
    },
    options,
  );
const idOf = async (camSiteId: number, name: string) => findStatsNicknameId(handle.db, camSiteId, name);
const changesOf = async (id: number) => (await pageNicknameChanges(handle.db, id, 1, 15)).rows;

describe("nickname renames", () => {
  it("renames the stats nickname in place: history, rollups and model link follow her, one past nickname", async () => {
    await handle.db.execute(sql`insert into models (slug, name) values ('alice-x', 'Alice X')`);
    await online(12, 0, "AliceX");
    await online(12, 1, "AliceX");
    const id = (await idOf(12, "alicex")) ?? 0;
    await handle.db.execute(
      sql`update nicknames set model_id = (select id from models where slug = 'alice-x') where id = ${id}`,
    );
    const rename = { from: "AliceX", to: "Alice_X", at: T0 + 150 };
    expect(await applyNicknameRenames(handle.db, 12, [rename])).toEqual(["renamed"]);
    expect(await idOf(12, "alice_x")).toBe(id);
    expect(await idOf(12, "alicex")).toBeNull();
    const [row] = (
      (await handle.db.execute(sql`select nickname, model_id from nicknames where id = ${id}`)) as {
        rows: Array<{ nickname: string; model_id: number | null }>;
      }
    ).rows;
    expect(row?.nickname).toBe("Alice_X");
    expect(row?.model_id).not.toBeNull();
    expect((await listDailyStats(handle.db, [id]))[0]?.onlineSeconds).toBe(60);
    expect(await changesOf(id)).toEqual([
      { oldNickname: "AliceX", newNickname: "Alice_X", changedAt: "2026-05-10T10:02:30.000Z" },
    ]);
    // The next poll under her new name continues her history.
    await online(12, 2, "Alice_X");
    expect(await idOf(12, "alice_x")).toBe(id);
    expect((await listDailyStats(handle.db, [id]))[0]?.onlineSeconds).toBe(120);
    // Applying the same rename again writes nothing.
    expect(await applyNicknameRenames(handle.db, 12, [rename])).toEqual(["unchanged"]);
    expect(await changesOf(id)).toHaveLength(1);
  });

  it("records the change on the new name when it already is a separate stats nickname", async () => {
    hour = 1;
    await online(12, 0, "BellaOld");
    await online(12, 1, "BellaNew");
    const oldId = (await idOf(12, "bellaold")) ?? 0;
    const newId = (await idOf(12, "bellanew")) ?? 0;
    const rename = { from: "BellaOld", to: "BellaNew", at: T0 + 90 };
    expect(await applyNicknameRenames(handle.db, 12, [rename, rename])).toEqual(["recorded", "unchanged"]);
    expect(await idOf(12, "bellaold")).toBe(oldId);
    expect(await changesOf(newId)).toHaveLength(1);
    expect(await changesOf(oldId)).toHaveLength(0);
  });

  it("keeps a case-only change as the new spelling, without a past nickname", async () => {
    hour = 2;
    await online(12, 0, "CaraCase");
    const id = (await idOf(12, "caracase")) ?? 0;
    expect(await applyNicknameRenames(handle.db, 12, [{ from: "CaraCase", to: "caraCASE", at: T0 }])).toEqual(
      ["respelled"],
    );
    const names = (await handle.db.execute(sql`select nickname from nicknames where id = ${id}`)) as {
      rows: Array<{ nickname: string }>;
    };
    expect(names.rows[0]?.nickname).toBe("caraCASE");
    expect(await changesOf(id)).toHaveLength(0);
  });

  it("records a rename back and forth, ignores unknown names and other camsites", async () => {
    hour = 3;
    await online(12, 0, "DanaA");
    const id = (await idOf(12, "danaa")) ?? 0;
    const results = await applyNicknameRenames(handle.db, 12, [
      { from: "DanaA", to: "DanaB", at: T0 + 60 },
      { from: "DanaB", to: "DanaA", at: T0 + 120 },
      { from: "Nobody", to: "StillNobody", at: T0 + 120 },
      { from: "DanaA", to: "x".repeat(101), at: T0 + 130 },
    ]);
    expect(results).toEqual(["renamed", "renamed", "unchanged", "unchanged"]);
    expect((await changesOf(id)).map((c) => c.newNickname)).toEqual(["DanaA", "DanaB"]);
    // A late replay of the first rename does not undo the second.
    expect(await applyNicknameRenames(handle.db, 12, [{ from: "DanaA", to: "DanaB", at: T0 + 60 }])).toEqual([
      "unchanged",
    ]);
    expect(await changesOf(id)).toHaveLength(2);
    expect(await applyNicknameRenames(handle.db, 33, [{ from: "DanaA", to: "DanaC", at: T0 }])).toEqual([
      "unchanged",
    ]);
    expect(await idOf(12, "danaa")).toBe(id);
  });

  it("lets a poll that lists the freed old name create a new nickname, not extend the renamed one", async () => {
    hour++;
    await online(12, 0, "BellaQ");
    const bella = (await idOf(12, "bellaq")) ?? 0;
    expect(
      await applyNicknameRenames(handle.db, 12, [
        { from: "BellaQ", to: "Bella_Q", at: T0 + hour * 3600 + 30 },
      ]),
    ).toEqual(["renamed"]);
    // Another performer takes the free name at once; ingestion must not answer from its id cache.
    await online(12, 1, "BellaQ");
    const newcomer = await idOf(12, "bellaq");
    expect(newcomer).not.toBeNull();
    expect(newcomer).not.toBe(bella);
    expect(await idOf(12, "bella_q")).toBe(bella);
  });
});
