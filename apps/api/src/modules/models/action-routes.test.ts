import { schema } from "@camatlas/db";
import { createModel } from "@camatlas/db/factories";
import { CATALOG_MESSAGES, ROLE } from "@camatlas/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { auditOf, fromIp, type SignedIn, signIn } from "./test-helpers.ts";

let t: TestApi;
let fan: SignedIn;
let fan2: SignedIn;
let admin: SignedIn;
let girl: SignedIn;
let model: Awaited<ReturnType<typeof createModel>>;

beforeAll(async () => {
  t = await createTestApi();
  [fan, fan2, admin, girl] = await Promise.all([
    signIn(t),
    signIn(t),
    signIn(t, ROLE.admin),
    signIn(t, ROLE.camgirl),
  ]);
  model = await createModel(t.database.db, { name: "Ava Bloom", userId: girl.id });
});
afterAll(() => t.close());

const modelRow = async () =>
  (await t.database.db.select().from(schema.models).where(eq(schema.models.id, model.id)))[0]!;

describe("POST /api/models/{id}/change-rating", () => {
  it("keeps one changeable vote per user and recomputes rating and rating_votes", async () => {
    const first = await t.call("POST", `/api/models/${model.id}/change-rating`, {
      headers: fan.headers,
      body: { rating: 5 },
    });
    expect(await first.json()).toMatchObject({ rating: 5, rating_votes: 1, user_rating: 5 });
    await t.call("POST", `/api/models/${model.id}/change-rating`, {
      headers: fan2.headers,
      body: { rating: 2 },
    });
    const changed = await t.call("POST", `/api/models/${model.id}/change-rating`, {
      headers: fan.headers,
      body: { rating: 4 },
    });
    expect(await changed.json()).toMatchObject({ rating: 3, rating_votes: 2, user_rating: 4 });
    const profile = await (await t.call("GET", `/api/models/${model.id}`, { headers: fan.headers })).json();
    expect(profile).toMatchObject({ is_user_voted: true, user_rating: 4, rating: 3, rating_votes: 2 });
  });

  it("refuses the bound camgirl's vote on her own model, with the reason, and says so in the profile", async () => {
    const res = await t.call("POST", `/api/models/${model.id}/change-rating`, {
      headers: girl.headers,
      body: { rating: 5 },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(CATALOG_MESSAGES.ownModelRating);
    const profile = await (await t.call("GET", `/api/models/${model.id}`, { headers: girl.headers })).json();
    expect(profile.can.rate).toBe(false);
  });

  it("refuses ratings outside 1–5 and guests", async () => {
    for (const rating of [0, 6, 2.5]) {
      const res = await t.call("POST", `/api/models/${model.id}/change-rating`, {
        headers: fan.headers,
        body: { rating },
      });
      expect(res.status).toBe(422);
      expect((await res.json()).errors.rating).toEqual([CATALOG_MESSAGES.ratingRange]);
    }
    expect(
      (await t.call("POST", `/api/models/${model.id}/change-rating`, { body: { rating: 3 } })).status,
    ).toBe(401);
    expect((await modelRow()).ratingVotes).toBe(2);
  });
});

describe("blocks", () => {
  it("lets the bound camgirl block a state, a country and an IP range, audited, and unblock", async () => {
    for (const body of [
      { blockable_type: "state", location: "us-wa" },
      { blockable_type: "country", location: "GB" },
      { blockable_type: "ip", location: "10.20.0.0/16" },
    ]) {
      const res = await t.call("POST", `/api/models/${model.id}/block`, { headers: girl.headers, body });
      expect(res.status).toBe(200);
    }
    const res = await t.call("POST", `/api/models/${model.id}/block`, {
      headers: girl.headers,
      body: { blockable_type: "state", location: "US-WA" },
    });
    const { blocks } = await res.json();
    expect(blocks.map((b: { location: string }) => b.location)).toEqual(["US-WA", "GB", "10.20.0.0/16"]);
    expect(
      (await t.call("GET", `/api/models/${model.id}`, { headers: fromIp("216.160.83.56") })).status,
    ).toBe(404);
    expect((await t.call("GET", `/api/models/${model.id}`, { headers: fromIp("10.20.3.4") })).status).toBe(
      404,
    );
    // She still sees herself from a blocked place.
    expect(
      (await t.call("GET", `/api/models/${model.id}`, { headers: fromIp("216.160.83.56", girl.headers) }))
        .status,
    ).toBe(200);
    const un = await t.call("POST", `/api/models/${model.id}/unblock`, {
      headers: girl.headers,
      body: { blockable_type: "state", location: "us-wa" },
    });
    expect((await un.json()).blocks).toHaveLength(2);
    expect(
      (await t.call("GET", `/api/models/${model.id}`, { headers: fromIp("216.160.83.56") })).status,
    ).toBe(200);
    const actions = await auditOf(t, "model", model.id);
    expect(actions.filter((a) => a === "model.blocked")).toHaveLength(3);
    expect(actions).toContain("model.unblocked");
  });

  it("refuses others and bad locations", async () => {
    expect(
      (
        await t.call("POST", `/api/models/${model.id}/block`, {
          headers: fan.headers,
          body: { blockable_type: "country", location: "RO" },
        })
      ).status,
    ).toBe(403);
    for (const body of [
      { blockable_type: "country", location: "XX" },
      { blockable_type: "state", location: "US-ZZ" },
      { blockable_type: "ip", location: "999.1.1.1" },
      { blockable_type: "planet", location: "Mars" },
    ]) {
      expect(
        (await t.call("POST", `/api/models/${model.id}/block`, { headers: girl.headers, body })).status,
      ).toBe(422);
    }
  });
});

describe("visibility settings and avatar accessibility", () => {
  it("lets the bound camgirl hide her page from guests and her country and age; audited", async () => {
    const res = await t.call("POST", `/api/models/${model.id}/visibility-settings`, {
      headers: girl.headers,
      body: { page_visible_for: "only_registered_users", is_country_age_hidden: true },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).visibility_settings).toMatchObject({
      page_visible_for: "only_registered_users",
    });
    expect((await t.call("GET", `/api/models/${model.id}`)).status).toBe(401);
    const seen = await (await t.call("GET", `/api/models/${model.id}`, { headers: fan.headers })).json();
    expect(seen).toMatchObject({ age: null, country: null, birthday: null });
    expect(await auditOf(t, "model", model.id)).toContain("model.visibility_changed");
    const forbidden = await t.call("POST", `/api/models/${model.id}/visibility-settings`, {
      headers: fan.headers,
      body: { page_visible_for: "everyone" },
    });
    expect(forbidden.status).toBe(403);
  });

  it("forbids avatar changes by others once she asks", async () => {
    const res = await t.call("POST", `/api/models/${model.id}/change-avatar-accessibility`, {
      headers: girl.headers,
      body: { forbid_avatar_changes: true },
    });
    expect((await res.json()).forbid_avatar_changes).toBe(true);
    const profile = await (await t.call("GET", `/api/models/${model.id}`, { headers: fan.headers })).json();
    expect(profile.can.change_avatar).toBe(false);
    expect(
      (
        await t.call("POST", `/api/models/${model.id}/change-avatar-accessibility`, {
          headers: fan.headers,
          body: { forbid_avatar_changes: false },
        })
      ).status,
    ).toBe(403);
  });
});

describe("bind, unbind, bind-many (admin)", () => {
  it("binds a camgirl, marks her verified, and unbinds; audited", async () => {
    const other = await createModel(t.database.db, { name: "Bindable One" });
    const girl2 = await signIn(t, ROLE.camgirl);
    expect(
      (await t.call("POST", `/api/models/${other.id}/bind/${girl2.id}`, { headers: fan.headers })).status,
    ).toBe(403);
    expect(
      (await t.call("POST", `/api/models/${other.id}/bind/${fan.id}`, { headers: admin.headers })).status,
    ).toBe(422);
    const res = await t.call("POST", `/api/models/${other.id}/bind/${girl2.id}`, { headers: admin.headers });
    expect(res.status).toBe(200);
    const profile = await (await t.call("GET", `/api/models/${other.id}`)).json();
    expect(profile).toMatchObject({ is_verified: true, user: { id: girl2.id } });
    const [user] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, girl2.id));
    expect(user!.verifiedCamgirl).toBe(true);
    expect((await t.call("POST", `/api/models/${other.id}/unbind`, { headers: admin.headers })).status).toBe(
      200,
    );
    expect((await (await t.call("GET", `/api/models/${other.id}`)).json()).is_verified).toBe(false);
    expect(await auditOf(t, "model", other.id)).toEqual(["model.bound", "model.unbound"]);
  });

  it("binds many models at once, or none when one id is unknown", async () => {
    const a = await createModel(t.database.db, { name: "Many A" });
    const b = await createModel(t.database.db, { name: "Many B" });
    const girl3 = await signIn(t, ROLE.camgirl);
    const bad = await t.call("POST", `/api/models/bind-many/${girl3.id}`, {
      headers: admin.headers,
      body: { models_ids: [a.id, 9_999_999] },
    });
    expect(bad.status).toBe(422);
    const [stillFree] = await t.database.db.select().from(schema.models).where(eq(schema.models.id, a.id));
    expect(stillFree!.userId).toBeNull();
    const ok = await t.call("POST", `/api/models/bind-many/${girl3.id}`, {
      headers: admin.headers,
      body: { models_ids: [a.id, b.id] },
    });
    expect((await ok.json()).models_ids.sort()).toEqual([a.id, b.id].sort());
  });
});

describe("POST /api/models/{id}/reports", () => {
  it("records a report for admins; refuses unknown reasons", async () => {
    const res = await t.call("POST", `/api/models/${model.id}/reports`, {
      headers: fan.headers,
      body: { reason: "account_closed", text: "Gone from Chaturbate" },
    });
    expect(res.status).toBe(200);
    expect(
      (
        await t.call("POST", `/api/models/${model.id}/reports`, {
          headers: fan.headers,
          body: { reason: "ugly" },
        })
      ).status,
    ).toBe(422);
    const queue = await (await t.call("GET", "/api/admin/model-reports", { headers: admin.headers })).json();
    expect(queue.data[0]).toMatchObject({ reason: "account_closed", model: { id: model.id } });
  });
});
