import { createIngestCache, ingestPoll } from "@camatlas/db";
import { createModel } from "@camatlas/db/factories";
import { CAMSITE_ID, ROLE } from "@camatlas/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { signIn } from "../models/test-helpers.ts";

// A model's merged timeline from polls through ingest: her Chaturbate and MyFreeCams nicknames overlap for ten
// minutes (counted once), a session crosses midnight UTC (two UTC days, one Tokyo day), her Stripchat nickname has
// no data (a row without spans).

let t: TestApi;
const stamp = Date.now();
const cb = `tl_cb_${stamp}`;
const mfc = `tl_mfc_${stamp}`;
const sc = `tl_sc_${stamp}`;
const DAY = 86_400;
const todayUtc = Math.floor(Date.now() / 1000 / DAY) * DAY;
/** Yesterday 10:00 UTC: 20 minutes of free chat then 10 of private on Chaturbate; 10:10–10:40 free chat on MyFreeCams. */
const A = todayUtc - DAY + 10 * 3600;
/** Three days ago 23:40 UTC to 00:20 on Chaturbate. */
const B = todayUtc - 2 * DAY - 20 * 60;
let model: Awaited<ReturnType<typeof createModel>>;

const path = (id: number, query = "") => `/api/models/${id}/timeline${query}`;

beforeAll(async () => {
  t = await createTestApi();
  model = await createModel(t.database.db, {
    name: "Timeline Tina",
    nicknames: [
      { camSiteId: CAMSITE_ID.chaturbate, nickname: cb },
      { camSiteId: CAMSITE_ID.myFreeCams, nickname: mfc },
      { camSiteId: CAMSITE_ID.stripchat, nickname: sc },
    ],
  });
  const cache = createIngestCache();
  const poll = (camSiteId: number, nickname: string, at: number, status: number | null) =>
    ingestPoll(
      t.database.db,
      {
        camSiteId,
        observedAt: at,
        complete: true,
        observations: status === null ? [] : [{ nickname, status, viewers: 10 }],
      },
      { maxGapSeconds: 300, cache },
    );
  const run = async (camSiteId: number, nickname: string, from: number, statuses: number[]) => {
    for (const [i, status] of statuses.entries()) await poll(camSiteId, nickname, from + i * 120, status);
    await poll(camSiteId, nickname, from + statuses.length * 120, null);
  };
  // Oldest first: ingest takes each camsite's polls in time order.
  await run(CAMSITE_ID.chaturbate, cb, B, Array(20).fill(1));
  await run(CAMSITE_ID.chaturbate, cb, A, [...Array(10).fill(1), ...Array(5).fill(2)]);
  await run(CAMSITE_ID.myFreeCams, mfc, A + 600, Array(15).fill(1));
});
afterAll(() => t.close());

describe("GET /api/models/{id}/timeline", () => {
  it("gives a row per camsite with her spans by show type and totals across sites (UTC days)", async () => {
    const res = await t.call("GET", path(model.id));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.days).toBe(7);
    expect(body.time_zone).toBe("UTC");
    expect(body.graph).toBe("show_all_data");
    expect(body.camsites.map((r: { cam_site: { id: number } }) => r.cam_site.id)).toEqual([
      CAMSITE_ID.chaturbate,
      CAMSITE_ID.myFreeCams,
      CAMSITE_ID.stripchat,
    ]);
    const [chaturbate, myFreeCams, stripchat] = body.camsites;
    expect(chaturbate.nicknames).toEqual([cb]);
    expect(chaturbate.online_seconds).toBe(40 * 60 + 30 * 60);
    // Touching intervals of one status are one span: session B, then A's free chat and its private.
    expect(chaturbate.spans).toEqual([
      { start: iso(B), end: iso(B + 40 * 60), status_id: 1 },
      { start: iso(A), end: iso(A + 20 * 60), status_id: 1 },
      { start: iso(A + 20 * 60), end: iso(A + 30 * 60), status_id: 2 },
    ]);
    expect(myFreeCams.spans).toEqual([{ start: iso(A + 600), end: iso(A + 40 * 60), status_id: 1 }]);
    expect(stripchat).toMatchObject({ nicknames: [sc], online_seconds: 0, spans: [] });
    expect(body.totals).toEqual({
      online_seconds: 80 * 60,
      sessions: 2,
      days_active: 3,
      longest_session_seconds: 40 * 60,
    });
  });

  it("counts days in the viewer's time zone", async () => {
    const body = await (await t.call("GET", path(model.id, "?time_zone=Asia/Tokyo"))).json();
    expect(body.time_zone).toBe("Asia/Tokyo");
    expect(body.totals.days_active).toBe(2);
    expect(body.totals.sessions).toBe(2);
  });

  it("keeps to the range: today only shows nothing from yesterday", async () => {
    const body = await (await t.call("GET", path(model.id, "?days=1"))).json();
    expect(body.from).toBe(iso(todayUtc));
    expect(body.totals.online_seconds).toBe(0);
    expect(body.camsites.every((r: { spans: unknown[] }) => r.spans.length === 0)).toBe(true);
  });

  it("answers 422 for a range or time zone it does not offer", async () => {
    const days = await t.call("GET", path(model.id, "?days=5"));
    expect(days.status).toBe(422);
    expect(Object.keys((await days.json()).errors)).toEqual(["days"]);
    const zone = await t.call("GET", path(model.id, "?time_zone=Mars/Olympus"));
    expect(zone.status).toBe(422);
    expect(Object.keys((await zone.json()).errors)).toEqual(["time_zone"]);
  });

  it("follows her graph setting: only time online, or no timeline, except for admins", async () => {
    const { db } = t.database;
    const onlyTotal = await createModel(db, {
      statsPageActivityGraphDetailsStatus: "show_only_total_time_online",
      nicknames: [{ camSiteId: CAMSITE_ID.chaturbate, nickname: `tl_total_${stamp}` }],
    });
    const cache = createIngestCache();
    for (const [i, status] of [1, 1, 2, 2].entries())
      await ingestPoll(
        db,
        {
          camSiteId: CAMSITE_ID.chaturbate,
          observedAt: A + 3600 + i * 120,
          complete: false,
          observations: [{ nickname: `tl_total_${stamp}`, status, viewers: 3 }],
        },
        { maxGapSeconds: 300, cache },
      );
    const guest = await (await t.call("GET", path(onlyTotal.id))).json();
    expect(guest.graph).toBe("show_only_total_time_online");
    expect(guest.camsites[0].spans).toEqual([
      { start: iso(A + 3600), end: iso(A + 3600 + 360), status_id: null },
    ]);
    const admin = await signIn(t, ROLE.admin);
    const full = await (await t.call("GET", path(onlyTotal.id), { headers: admin.headers })).json();
    expect(full.graph).toBe("show_all_data");
    expect(full.camsites[0].spans.map((s: { status_id: number }) => s.status_id)).toEqual([1, 2]);

    const hidden = await createModel(db, {
      statsPageActivityGraphDetailsStatus: "hide_graph",
      nicknames: [{ camSiteId: CAMSITE_ID.chaturbate, nickname: `tl_hidden_${stamp}` }],
    });
    const body = await (await t.call("GET", path(hidden.id))).json();
    expect(body.graph).toBe("hide_graph");
    expect(body.camsites[0].spans).toEqual([]);
  });

  it("follows the model page's visibility: 401 for guests where signing in shows her, 404 when hidden", async () => {
    const { db } = t.database;
    const members = await createModel(db, { pageVisibleFor: "only_registered_users" });
    expect((await t.call("GET", path(members.id))).status).toBe(401);
    const fan = await signIn(t);
    expect((await t.call("GET", path(members.id), { headers: fan.headers })).status).toBe(200);
    const own = await createModel(db, { pageVisibleFor: "only_model_and_admin" });
    expect((await t.call("GET", path(own.id), { headers: fan.headers })).status).toBe(404);
    const invisible = await createModel(db, { isVisible: false });
    expect((await t.call("GET", path(invisible.id))).status).toBe(404);
    expect((await t.call("GET", path(999_999_999))).status).toBe(404);
  });
});

function iso(seconds: number) {
  return new Date(seconds * 1000).toISOString();
}
