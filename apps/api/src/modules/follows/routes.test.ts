import { createModel } from "@camatlas/db/factories";
import { CAMSITE_ID, FOLLOW_MESSAGES } from "@camatlas/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { type SignedIn, signIn } from "../models/test-helpers.ts";

let t: TestApi;
let fan: SignedIn;
let other: SignedIn;
let offline: Awaited<ReturnType<typeof createModel>>;
let online: Awaited<ReturnType<typeof createModel>>;
let registeredOnly: Awaited<ReturnType<typeof createModel>>;

beforeAll(async () => {
  t = await createTestApi();
  [fan, other] = await Promise.all([signIn(t), signIn(t)]);
  offline = await createModel(t.database.db, {
    name: "Anna Asleep",
    nicknames: [{ camSiteId: CAMSITE_ID.chaturbate, nickname: `anna_${Date.now()}` }],
  });
  online = await createModel(t.database.db, {
    name: "Zoe Live",
    nicknames: [
      { camSiteId: CAMSITE_ID.chaturbate, nickname: `zoe_cb_${Date.now()}` },
      { camSiteId: CAMSITE_ID.myFreeCams, nickname: `zoe_mfc_${Date.now()}`, activityStatusId: 2 },
    ],
  });
  registeredOnly = await createModel(t.database.db, {
    name: "Rita Members",
    pageVisibleFor: "only_registered_users",
  });
});
afterAll(() => t.close());

const follow = (id: number, who: SignedIn = fan) =>
  t.call("POST", `/api/models/${id}/follow`, { headers: who.headers });

describe("following a model", () => {
  it("a guest sees the followers count and that he must sign in; following needs a session", async () => {
    const state = await (await t.call("GET", `/api/models/${offline.id}/follow`)).json();
    expect(state).toEqual({ following: false, followers_count: 0, alerts: null, can: { follow: false } });
    expect((await t.call("POST", `/api/models/${offline.id}/follow`)).status).toBe(401);
  });

  it("follows once however often he presses, and the count says so", async () => {
    const first = await follow(offline.id);
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body.message).toBe(FOLLOW_MESSAGES.followed("Anna Asleep"));
    expect(body.following).toBe(true);
    expect(body.alerts).toEqual({ muted: false, each_session: null, show_changes: null });
    await follow(offline.id);
    const state = await (
      await t.call("GET", `/api/models/${offline.id}/follow`, { headers: fan.headers })
    ).json();
    expect(state.followers_count).toBe(1);
    expect(state.following).toBe(true);
  });

  it("lists online models first, with her camsites' statuses", async () => {
    await follow(online.id);
    const { data } = await (await t.call("GET", "/api/profile/follows", { headers: fan.headers })).json();
    expect(data.map((f: { model: { name: string } }) => f.model.name)).toEqual(["Zoe Live", "Anna Asleep"]);
    expect(data.map((f: { is_online: boolean }) => f.is_online)).toEqual([true, false]);
    const zoe = data[0].model.nicknames.find(
      (n: { cam_site_id: number }) => n.cam_site_id === CAMSITE_ID.myFreeCams,
    );
    expect(zoe.activity_status_id).toBe(2);
  });

  it("keeps each fan's list his own", async () => {
    const { data } = await (await t.call("GET", "/api/profile/follows", { headers: other.headers })).json();
    expect(data).toEqual([]);
  });

  it("saves per-model alert choices only for a model he follows", async () => {
    const saved = await t.call("PATCH", `/api/models/${online.id}/follow`, {
      headers: fan.headers,
      body: { muted: true, each_session: true },
    });
    expect(saved.status).toBe(200);
    expect((await saved.json()).alerts).toEqual({ muted: true, each_session: true, show_changes: null });
    const notFollowing = await t.call("PATCH", `/api/models/${online.id}/follow`, {
      headers: other.headers,
      body: { muted: true },
    });
    expect(notFollowing.status).toBe(404);
    const bad = await t.call("PATCH", `/api/models/${online.id}/follow`, {
      headers: fan.headers,
      body: { muted: "yes" },
    });
    expect(bad.status).toBe(422);
  });

  it("unfollows, and a second unfollow is harmless", async () => {
    const res = await t.call("DELETE", `/api/models/${offline.id}/follow`, { headers: fan.headers });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ following: false, followers_count: 0 });
    expect(
      (await t.call("DELETE", `/api/models/${offline.id}/follow`, { headers: fan.headers })).status,
    ).toBe(200);
    const { data } = await (await t.call("GET", "/api/profile/follows", { headers: fan.headers })).json();
    expect(data.map((f: { model: { id: number } }) => f.model.id)).toEqual([online.id]);
  });

  it("answers 404 for an unknown model and a guest asking about a members-only profile", async () => {
    expect((await follow(2_000_000_000)).status).toBe(404);
    expect((await t.call("GET", `/api/models/${registeredOnly.id}/follow`)).status).toBe(404);
    expect((await follow(registeredOnly.id)).status).toBe(200);
  });
});
