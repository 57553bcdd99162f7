import { createIngestCache, ingestPoll } from "@camatlas/db";
import { createModel } from "@camatlas/db/factories";
import { CAMSITE_ID, ROLE } from "@camatlas/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { type SignedIn, signIn } from "../models/test-helpers.ts";

// Card extras: her usual hours from her nicknames' rollups (two camsites summed), whether the caller follows her,
// her "hide graph" setting and the model page's visibility.

let t: TestApi;
let fan: SignedIn;
const stamp = Date.now();
const DAY = 86_400;
/** Yesterday 21:00 UTC. */
const EVENING = Math.floor(Date.now() / 1000 / DAY) * DAY - DAY + 21 * 3600;
/** Yesterday's UTC weekday, Monday = 0. */
const YESTERDAY = (new Date(EVENING * 1000).getUTCDay() + 6) % 7;
let streamer: Awaited<ReturnType<typeof createModel>>;
let quiet: Awaited<ReturnType<typeof createModel>>;
let secretive: Awaited<ReturnType<typeof createModel>>;
let membersOnly: Awaited<ReturnType<typeof createModel>>;

const facts = (ids: number[], headers?: Record<string, string>) =>
  t.call(
    "GET",
    `/api/model-card-facts?${ids.map((id) => `ids[]=${id}`).join("&")}`,
    headers ? { headers } : {},
  );

async function stream(camSiteId: number, nickname: string, from: number, minutes: number) {
  const cache = createIngestCache();
  for (let m = 0; m <= minutes; m += 5)
    await ingestPoll(
      t.database.db,
      {
        camSiteId,
        observedAt: from + m * 60,
        complete: true,
        observations: m < minutes ? [{ nickname, status: 1, viewers: 5 }] : [],
      },
      { maxGapSeconds: 600, cache },
    );
}

beforeAll(async () => {
  t = await createTestApi();
  fan = await signIn(t);
  const { db } = t.database;
  streamer = await createModel(db, {
    nicknames: [
      { camSiteId: CAMSITE_ID.chaturbate, nickname: `facts_cb_${stamp}` },
      { camSiteId: CAMSITE_ID.myFreeCams, nickname: `facts_mfc_${stamp}` },
    ],
  });
  quiet = await createModel(db, {
    nicknames: [{ camSiteId: CAMSITE_ID.stripchat, nickname: `facts_q_${stamp}` }],
  });
  secretive = await createModel(db, {
    statsPageActivityGraphDetailsStatus: "hide_graph",
    nicknames: [{ camSiteId: CAMSITE_ID.stripchat, nickname: `facts_s_${stamp}` }],
  });
  membersOnly = await createModel(db, { pageVisibleFor: "only_registered_users" });
  await stream(CAMSITE_ID.chaturbate, `facts_cb_${stamp}`, EVENING, 30);
  await stream(CAMSITE_ID.myFreeCams, `facts_mfc_${stamp}`, EVENING + 3600, 20);
  await stream(CAMSITE_ID.stripchat, `facts_s_${stamp}`, EVENING, 10);
  expect((await t.call("POST", `/api/models/${streamer.id}/follow`, { headers: fan.headers })).status).toBe(
    200,
  );
});
afterAll(() => t.close());

describe("GET /api/model-card-facts", () => {
  it("gives her online seconds per UTC hour across her camsites, and null for a model never seen online", async () => {
    const res = await facts([streamer.id, quiet.id]);
    expect(res.status).toBe(200);
    const { data } = await res.json();
    const byId = new Map(data.map((f: { id: number }) => [f.id, f]));
    const hours = (byId.get(streamer.id) as { hours_utc: number[] }).hours_utc;
    expect(hours).toHaveLength(24);
    expect(hours[21]).toBe(30 * 60);
    expect(hours[22]).toBe(20 * 60);
    expect(hours.reduce((a, b) => a + b, 0)).toBe(50 * 60);
    expect(byId.get(quiet.id)).toEqual({
      id: quiet.id,
      hours_utc: null,
      weekday_hours_utc: null,
      following: false,
    });
  });

  it("gives the same seconds by UTC weekday (Monday first) and hour, for her usual days", async () => {
    const { data } = await (await facts([streamer.id])).json();
    const week = data[0].weekday_hours_utc as number[][];
    expect(week).toHaveLength(7);
    for (const row of week) expect(row).toHaveLength(24);
    expect(week[YESTERDAY]?.[21]).toBe(30 * 60);
    expect(week[YESTERDAY]?.[22]).toBe(20 * 60);
    // Nothing on any other day; every hour's column adds up to hours_utc.
    expect(week.flat().reduce((a, b) => a + b, 0)).toBe(50 * 60);
    const columns = Array.from({ length: 24 }, (_, h) => week.reduce((sum, row) => sum + (row[h] ?? 0), 0));
    expect(columns).toEqual(data[0].hours_utc);
  });

  it("says whom the caller follows; a guest follows nobody", async () => {
    const mine = (await (await facts([streamer.id, quiet.id], fan.headers)).json()).data;
    expect(mine.map((f: { following: boolean }) => f.following).sort()).toEqual([false, true]);
    const guest = (await (await facts([streamer.id])).json()).data;
    expect(guest[0].following).toBe(false);
  });

  it("keeps the hours of a model who hides her stats graph from all but admins", async () => {
    const hidden = (await (await facts([secretive.id])).json()).data[0];
    expect(hidden.hours_utc).toBeNull();
    expect(hidden.weekday_hours_utc).toBeNull();
    const admin = await signIn(t, ROLE.admin);
    const seen = (await (await facts([secretive.id], admin.headers)).json()).data[0];
    expect(seen.hours_utc[21]).toBe(10 * 60);
    expect(seen.weekday_hours_utc[YESTERDAY][21]).toBe(10 * 60);
  });

  it("leaves out models the caller may not see, and refuses a missing or too long id list", async () => {
    expect((await (await facts([membersOnly.id, 999_999_999])).json()).data).toEqual([]);
    expect((await (await facts([membersOnly.id], fan.headers)).json()).data).toHaveLength(1);
    expect((await t.call("GET", "/api/model-card-facts")).status).toBe(422);
    const tooMany = await facts(Array.from({ length: 61 }, (_, i) => i + 1));
    expect(tooMany.status).toBe(422);
    expect(Object.keys((await tooMany.json()).errors)).toEqual(["ids"]);
  });
});
