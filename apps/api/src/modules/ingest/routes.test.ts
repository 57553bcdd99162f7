import { findStatsNicknameId, listDailyStats } from "@camatlas/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";

const TOKEN = "test-ingest-token-0123456789";
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ INGEST_TOKEN: TOKEN, RATE_LIMIT_WRITES_PER_MINUTE: "10000" });
});
afterAll(() => t.close());

const auth = { authorization: `Bearer ${TOKEN}` };
// One clock reading for the whole file, so polls sit exactly the intended seconds apart.
const NOW = Math.floor(Date.now() / 1000);
const iso = (secondsAgo: number) => new Date((NOW - secondsAgo) * 1000).toISOString();
const post = (body: unknown, headers: Record<string, string> = auth) =>
  t.call("POST", "/api/ingest/observations", { body, headers });

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
async function count(table: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)),
  );
  return Number(row?.n);
}

describe("POST /api/ingest/observations", () => {
  it("refuses a missing or wrong token with 401", async () => {
    const body = { cam_site_id: 12, observed_at: iso(10), complete: true, observations: [] };
    expect((await post(body, {})).status).toBe(401);
    const wrong = await post(body, { authorization: "Bearer not-the-token-at-all" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: "A valid ingest token is required." });
    expect(await count("ingest_polls")).toBe(0);
  });

  it("applies a poll, creates unknown nicknames and counts the time to the next poll", async () => {
    const first = await post({
      cam_site_id: 12,
      observed_at: iso(120),
      complete: true,
      observations: [
        { nickname: "NewGirl_1", status: 1, viewers: 120, camscore: 2500.5, rank: 140, topic: "hello room" },
        { nickname: "other_girl", status: 2 },
      ],
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ applied: true, observations: 2, created_nicknames: 2, late: false });
    const second = await post({
      cam_site_id: 12,
      observed_at: iso(60),
      complete: true,
      observations: [{ nickname: "newgirl_1", status: 2, viewers: 80 }],
    });
    expect(await second.json()).toMatchObject({ applied: true, created_nicknames: 0 });

    const id = (await findStatsNicknameId(t.database.db, 12, "newgirl_1")) ?? 0;
    const [nickname] = rowsOf<{ activity_status_id: number; model_id: number | null; has_stats: boolean }>(
      await t.database.db.execute(
        sql`select activity_status_id, model_id, has_stats from nicknames where id = ${id}`,
      ),
    );
    expect(nickname).toEqual({ activity_status_id: 2, model_id: null, has_stats: true });
    const days = await listDailyStats(t.database.db, [id]);
    const total = days.reduce((sum, d) => sum + d.onlineSeconds, 0);
    expect(total).toBe(60);
    expect(Math.max(...days.map((d) => d.viewersMax ?? 0))).toBe(120);
    // other_girl was absent from the second complete poll: offline now, one minute of private counted.
    const other = (await findStatsNicknameId(t.database.db, 12, "other_girl")) ?? 0;
    const [row] = rowsOf<{ activity_status_id: number }>(
      await t.database.db.execute(sql`select activity_status_id from nicknames where id = ${other}`),
    );
    expect(row?.activity_status_id).toBe(100);
    expect(
      (await listDailyStats(t.database.db, [other])).reduce((s, d) => s + (d.secondsByStatus["2"] ?? 0), 0),
    ).toBe(60);
    expect(await count("nickname_topics")).toBe(1);
  });

  it("ignores a replayed poll", async () => {
    const body = {
      cam_site_id: 33,
      observed_at: iso(300),
      complete: true,
      observations: [{ nickname: "rep", status: 1 }],
    };
    expect(await (await post(body)).json()).toMatchObject({ applied: true });
    const polls = await count("ingest_polls");
    const replay = await post({
      ...body,
      observations: [
        { nickname: "rep", status: 2 },
        { nickname: "x2", status: 1 },
      ],
    });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({
      applied: false,
      observations: 0,
      created_nicknames: 0,
      late: false,
    });
    expect(await count("ingest_polls")).toBe(polls);
    expect(await findStatsNicknameId(t.database.db, 33, "x2")).toBeNull();
  });

  it("reports a late poll and merges it", async () => {
    const late = await post({
      cam_site_id: 33,
      observed_at: iso(400),
      complete: true,
      observations: [{ nickname: "rep", status: 1 }],
    });
    expect(await late.json()).toMatchObject({ applied: true, late: true });
    const id = (await findStatsNicknameId(t.database.db, 33, "rep")) ?? 0;
    expect((await listDailyStats(t.database.db, [id])).reduce((s, d) => s + d.onlineSeconds, 0)).toBe(100);
  });

  it.each([
    ["an unknown camsite id", { cam_site_id: 999 }, "cam_site_id"],
    ["an unknown status id", { observations: [{ nickname: "a", status: 55 }] }, "observations.0.status"],
    ["a malformed timestamp", { observed_at: "yesterday" }, "observed_at"],
    ["a timestamp without zone", { observed_at: "2026-03-01T10:00:00" }, "observed_at"],
    ["a poll from the future", { observed_at: iso(-120) }, "observed_at"],
    ["a missing nickname", { observations: [{ status: 1 }] }, "observations.0.nickname"],
  ])("answers 422 for %s and applies nothing", async (_label, patch, field) => {
    const polls = await count("ingest_polls");
    const nicknames = await count("nicknames");
    const res = await post({
      cam_site_id: 12,
      observed_at: iso(30),
      complete: true,
      observations: [{ nickname: "valid_one", status: 1 }],
      ...patch,
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors)).toContain(field);
    expect(await count("ingest_polls")).toBe(polls);
    expect(await count("nicknames")).toBe(nicknames);
  });

  it("accepts a poll up to 60 s ahead of the clock", async () => {
    const res = await post({ cam_site_id: 36, observed_at: iso(-30), complete: false, observations: [] });
    expect(res.status).toBe(200);
  });

  it("refuses a batch over 10,000 observations and applies none of it", async () => {
    const observations = Array.from({ length: 10_001 }, (_, i) => ({ nickname: `bulk_${i}`, status: 1 }));
    const res = await post({ cam_site_id: 36, observed_at: iso(20), complete: true, observations });
    expect([413, 422]).toContain(res.status);
    expect(await findStatsNicknameId(t.database.db, 36, "bulk_1")).toBeNull();
  });

  it("refuses a body over 5 MB with 413", async () => {
    const topic = "x".repeat(1000);
    const observations = Array.from({ length: 6000 }, (_, i) => ({ nickname: `big_${i}`, status: 1, topic }));
    const res = await post({ cam_site_id: 36, observed_at: iso(25), complete: true, observations });
    expect(res.status).toBe(413);
    expect(await findStatsNicknameId(t.database.db, 36, "big_1")).toBeNull();
  });
});

describe("POST /api/ingest/observations with renames", () => {
  const poll = (secondsAgo: number, nickname: string, renames?: unknown) => ({
    cam_site_id: 12,
    observed_at: iso(secondsAgo),
    complete: false,
    observations: [{ nickname, status: 1 }],
    ...(renames === undefined ? {} : { renames }),
  });

  it("applies the renames before the poll: her stats page lists the past nickname, a replay adds nothing", async () => {
    expect((await post(poll(1000, "RenameMe"))).status).toBe(200);
    const id = (await findStatsNicknameId(t.database.db, 12, "renameme")) ?? 0;
    const renamed = poll(940, "Renamed_Now", [{ from: "RenameMe", to: "Renamed_Now", at: iso(950) }]);
    const res = await post(renamed);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ applied: true, created_nicknames: 0 });
    expect((await post(renamed)).status).toBe(200);
    expect(await findStatsNicknameId(t.database.db, 12, "renamed_now")).toBe(id);
    const changes = await t.call("GET", "/api/stats/nicknames/myfreecams/renamed_now/nickname-changes");
    expect(await changes.json()).toMatchObject({
      total: 1,
      data: [{ old_nickname: "RenameMe", new_nickname: "Renamed_Now", changed_at: iso(950) }],
    });
  });

  it.each([
    ["a rename to the same name", { from: "KeepMe", to: "KeepMe", at: iso(900) }, "renames.1.to"],
    ["a rename without a new name", { from: "KeepMe", at: iso(900) }, "renames.1.to"],
    ["a malformed rename time", { from: "KeepMe", to: "Other", at: "now" }, "renames.1.at"],
    ["a rename from the future", { from: "KeepMe", to: "Other", at: iso(-120) }, "renames"],
  ])("answers 422 for %s and applies none of the renames", async (_label, bad, field) => {
    if ((await findStatsNicknameId(t.database.db, 12, "keepme")) === null)
      expect((await post(poll(905, "KeepMe"))).status).toBe(200);
    const polls = await count("ingest_polls");
    const res = await post(poll(890, "KeepMe_2", [{ from: "KeepMe", to: "KeepMe_2", at: iso(895) }, bad]));
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors)).toContain(field);
    expect(await count("ingest_polls")).toBe(polls);
    expect(await findStatsNicknameId(t.database.db, 12, "keepme")).not.toBeNull();
    expect(await findStatsNicknameId(t.database.db, 12, "keepme_2")).toBeNull();
  });
});
