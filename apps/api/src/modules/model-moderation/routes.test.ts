import { schema } from "@camatlas/db";
import { createModel } from "@camatlas/db/factories";
import {
  CATALOG_MESSAGES,
  MODERATION_NOTICES,
  ROLE,
  SUCCESS_MESSAGES,
  VALIDATION_MESSAGES,
} from "@camatlas/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { auditOf, createMediaRow, type SignedIn, signIn } from "../models/test-helpers.ts";

let t: TestApi;
let fan: SignedIn;
let admin: SignedIn;
let girl: SignedIn;

beforeAll(async () => {
  t = await createTestApi();
  [fan, admin, girl] = await Promise.all([signIn(t), signIn(t, ROLE.admin), signIn(t, ROLE.camgirl)]);
});
afterAll(() => t.close());

describe("revisions queue", () => {
  it("shows a field-by-field diff; approving makes the change visible and is audited", async () => {
    const model = await createModel(t.database.db, { name: "Iris Vale", city: "Cali", country: "CO" });
    await t.call("PUT", `/api/models/${model.id}`, {
      headers: fan.headers,
      body: { city: "Bogotá", name: "Iris Valle" },
    });
    expect((await t.call("GET", "/api/admin/revisions", { headers: fan.headers })).status).toBe(403);
    expect((await t.call("GET", "/api/admin/revisions")).status).toBe(401);
    const queue = await (await t.call("GET", "/api/admin/revisions", { headers: admin.headers })).json();
    const item = queue.data.find((r: { model: { id: number } }) => r.model.id === model.id);
    expect(item.diff).toEqual(
      expect.arrayContaining([
        { field: "city", from: "Cali", to: "Bogotá" },
        { field: "name", from: "Iris Vale", to: "Iris Valle" },
      ]),
    );
    expect(item).toMatchObject({
      status: "pending",
      user: { id: fan.id },
      can: { approve: true, reject: true },
    });
    const res = await t.call("POST", `/api/admin/revisions/${item.id}/approve`, { headers: admin.headers });
    expect(res.status).toBe(200);
    const profile = await (await t.call("GET", `/api/models/${model.id}`)).json();
    expect(profile).toMatchObject({
      name: "Iris Valle",
      location: "Bogotá, Colombia",
      has_unchecked_revisions: false,
      moderation_state: "changed",
    });
    expect(await auditOf(t, "model", model.id)).toContain("model.revision_approved");
    // The author learns it in her notifications, with a link to the model.
    const notes = await (await t.call("GET", "/api/notifications", { headers: fan.headers })).json();
    expect(notes.data[0]).toMatchObject({
      type: "model.revision_approved",
      read_at: null,
      data: {
        title: MODERATION_NOTICES.revisionApproved.title,
        text: MODERATION_NOTICES.revisionApproved.text("Iris Valle"),
        models: [{ id: model.id, name: "Iris Valle" }],
      },
    });
    // A second decision on the same revision is refused.
    expect(
      (await t.call("POST", `/api/admin/revisions/${item.id}/reject`, { headers: admin.headers })).status,
    ).toBe(409);
  });

  it("rejecting leaves the profile unchanged", async () => {
    const model = await createModel(t.database.db, { name: "Jade Moon" });
    const submitted = await (
      await t.call("PUT", `/api/models/${model.id}`, { headers: fan.headers, body: { name: "Jade Spam" } })
    ).json();
    const res = await t.call("POST", `/api/admin/revisions/${submitted.revision.id}/reject`, {
      headers: admin.headers,
      body: { note: "Not her name" },
    });
    expect(res.status).toBe(200);
    const profile = await (await t.call("GET", `/api/models/${model.id}`)).json();
    expect(profile).toMatchObject({ name: "Jade Moon", has_unchecked_revisions: false });
    const one = await (
      await t.call("GET", `/api/admin/revisions/${submitted.revision.id}`, { headers: admin.headers })
    ).json();
    expect(one).toMatchObject({ status: "rejected", note: "Not her name", can: { approve: false } });
    const notes = await (await t.call("GET", "/api/notifications", { headers: fan.headers })).json();
    expect(notes.data[0]).toMatchObject({
      type: "model.revision_rejected",
      data: { text: `${MODERATION_NOTICES.revisionRejected.text("Jade Moon")} Not her name` },
    });
  });

  it("pages the queue 24 at a time", async () => {
    const model = await createModel(t.database.db, { name: "Queue Girl" });
    for (let i = 0; i < 25; i++)
      await t.call("PUT", `/api/models/${model.id}`, { headers: fan.headers, body: { city: `City ${i}` } });
    const page = await (await t.call("GET", "/api/admin/revisions", { headers: admin.headers })).json();
    expect(page.data).toHaveLength(24);
    expect(page.last_page).toBe(2);
  });
});

describe("nickname removals", () => {
  it("removes a nickname only after an admin approves", async () => {
    const model = await createModel(t.database.db, {
      name: "Removal Girl",
      nicknames: [{ camSiteId: 33, nickname: "removal_girl" }],
    });
    const nicknameId = model.nicknames[0]!.id;
    const res = await t.call("POST", `/api/model-nicknames/${nicknameId}/removal-request`, {
      headers: fan.headers,
      body: { reason: "Not her" },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe(SUCCESS_MESSAGES.nicknameRemovalRequested);
    const again = await t.call("POST", `/api/model-nicknames/${nicknameId}/removal-request`, {
      headers: fan.headers,
      body: {},
    });
    expect(again.status).toBe(422);
    expect((await (await t.call("GET", `/api/models/${model.id}`)).json()).nicknames).toHaveLength(1);
    const queue = await (
      await t.call("GET", "/api/admin/nickname-removals", { headers: admin.headers })
    ).json();
    const item = queue.data.find((r: { nickname: { id: number } }) => r.nickname.id === nicknameId);
    expect(item).toMatchObject({ reason: "Not her", model: { id: model.id } });
    await t.call("POST", `/api/admin/nickname-removals/${item.id}/approve`, { headers: admin.headers });
    expect((await (await t.call("GET", `/api/models/${model.id}`)).json()).nicknames).toHaveLength(0);
    expect(await auditOf(t, "nickname", nicknameId)).toEqual(["nickname.removal_approved"]);
  });
});

describe("nickname removal rejected", () => {
  it("keeps the nickname when an admin rejects the request; camfans cannot decide", async () => {
    const model = await createModel(t.database.db, {
      name: "Keeps Nick",
      nicknames: [{ camSiteId: 36, nickname: "keeps_nick" }],
    });
    const { id } = await (
      await t.call("POST", `/api/model-nicknames/${model.nicknames[0]!.id}/removal-request`, {
        headers: fan.headers,
        body: {},
      })
    ).json();
    expect(
      (await t.call("POST", `/api/admin/nickname-removals/${id}/reject`, { headers: fan.headers })).status,
    ).toBe(403);
    expect(
      (await t.call("POST", `/api/admin/nickname-removals/${id}/reject`, { headers: admin.headers })).status,
    ).toBe(200);
    expect((await (await t.call("GET", `/api/models/${model.id}`)).json()).nicknames).toHaveLength(1);
    const decided = await (
      await t.call("GET", "/api/admin/nickname-removals?status=rejected", { headers: admin.headers })
    ).json();
    expect(decided.data.map((r: { id: number }) => r.id)).toContain(id);
  });
});

describe("new models", () => {
  it("approves or rejects a user-created model; a rejected one disappears", async () => {
    const keep = await (
      await t.call("POST", "/api/models", { headers: fan.headers, body: { name: "Keep Me" } })
    ).json();
    const drop = await (
      await t.call("POST", "/api/models", { headers: fan.headers, body: { name: "Drop Me" } })
    ).json();
    expect(
      (await t.call("POST", `/api/admin/new-models/${keep.model.id}/approve`, { headers: admin.headers }))
        .status,
    ).toBe(200);
    expect(
      (await t.call("POST", `/api/admin/new-models/${drop.model.id}/reject`, { headers: admin.headers }))
        .status,
    ).toBe(200);
    const queue = await (await t.call("GET", "/api/admin/new-models", { headers: admin.headers })).json();
    const ids = queue.data.map((m: { id: number }) => m.id);
    expect(ids).not.toContain(keep.model.id);
    expect(ids).not.toContain(drop.model.id);
    expect((await t.call("GET", `/api/models/${drop.model.id}`)).status).toBe(404);
    expect((await t.call("GET", `/api/models/${keep.model.id}`)).status).toBe(200);
    expect(await auditOf(t, "model", drop.model.id)).toContain("model.rejected");
  });
});

describe("camgirl verification", () => {
  it("a camgirl claims a model with her verification image; the admin approves and she is bound", async () => {
    const model = await createModel(t.database.db, { name: "Claim Me" });
    const mediaId = await createMediaRow(t, girl.id);
    expect(
      (
        await t.call("POST", `/api/models/${model.id}/verification-requests`, {
          headers: fan.headers,
          body: { media_id: mediaId },
        })
      ).status,
    ).toBe(403);
    const fanMedia = await createMediaRow(t, fan.id);
    const notHers = await t.call("POST", `/api/models/${model.id}/verification-requests`, {
      headers: girl.headers,
      body: { media_id: fanMedia },
    });
    expect((await notHers.json()).errors.media_id).toEqual([VALIDATION_MESSAGES.mediaNotFound]);
    const res = await t.call("POST", `/api/models/${model.id}/verification-requests`, {
      headers: girl.headers,
      body: { media_id: mediaId, message: "It is me" },
    });
    expect(res.status).toBe(201);
    const twice = await t.call("POST", `/api/models/${model.id}/verification-requests`, {
      headers: girl.headers,
      body: { media_id: mediaId },
    });
    expect((await twice.json()).errors.model_id).toEqual([CATALOG_MESSAGES.verificationPending]);
    const mine = await (await t.call("GET", `/api/models/${model.id}`, { headers: girl.headers })).json();
    expect(mine.verification).toEqual({ is_verified: false, my_request_status: "pending" });

    const queue = await (
      await t.call("GET", "/api/admin/verification-requests", { headers: admin.headers })
    ).json();
    const item = queue.data.find((r: { model: { id: number } }) => r.model.id === model.id);
    expect(item).toMatchObject({
      message: "It is me",
      user: { id: girl.id },
      // Verification photos are private: the admins' media route, never a public /media/ path.
      image_path: expect.stringMatching(/^\/api\/admin\/media\/\d+\/file$/),
    });
    expect(
      (
        await t.call("POST", `/api/admin/verification-requests/${item.id}/approve`, {
          headers: admin.headers,
        })
      ).status,
    ).toBe(200);
    const after = await (await t.call("GET", `/api/models/${model.id}`, { headers: girl.headers })).json();
    expect(after).toMatchObject({
      is_verified: true,
      user: { id: girl.id },
      can: { change_visibility: true, block: true },
    });
    const [user] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, girl.id));
    expect(user!.verifiedCamgirl).toBe(true);
    const unread = await (
      await t.call("GET", "/api/notifications/unread-count", { headers: girl.headers })
    ).json();
    expect(unread.count).toBeGreaterThanOrEqual(1);
    expect(await auditOf(t, "model", model.id)).toEqual([
      "model.verification_requested",
      "model.verification_approved",
    ]);
    // A verified model cannot be claimed again.
    const girl2 = await signIn(t, ROLE.camgirl);
    const claim = await t.call("POST", `/api/models/${model.id}/verification-requests`, {
      headers: girl2.headers,
      body: { media_id: await createMediaRow(t, girl2.id) },
    });
    expect((await claim.json()).errors.model_id).toEqual([CATALOG_MESSAGES.alreadyVerified]);
  });

  it("a rejected request leaves the model unbound", async () => {
    const model = await createModel(t.database.db, { name: "Not Her" });
    const girl2 = await signIn(t, ROLE.camgirl);
    const created = await (
      await t.call("POST", `/api/models/${model.id}/verification-requests`, {
        headers: girl2.headers,
        body: { media_id: await createMediaRow(t, girl2.id) },
      })
    ).json();
    await t.call("POST", `/api/admin/verification-requests/${created.request.id}/reject`, {
      headers: admin.headers,
    });
    const profile = await (await t.call("GET", `/api/models/${model.id}`, { headers: girl2.headers })).json();
    expect(profile.verification).toEqual({ is_verified: false, my_request_status: "rejected" });
    const notes = await (await t.call("GET", "/api/notifications", { headers: girl2.headers })).json();
    expect(notes.data.map((n: { type: string }) => n.type)).toEqual(["model.verification_rejected"]);
  });
});

describe("reports", () => {
  it("resolves a report once, audited", async () => {
    const model = await createModel(t.database.db, { name: "Reported Girl" });
    const { id } = await (
      await t.call("POST", `/api/models/${model.id}/reports`, {
        headers: fan.headers,
        body: { reason: "fake" },
      })
    ).json();
    expect(
      (
        await t.call("POST", `/api/admin/model-reports/${id}/resolve`, {
          headers: admin.headers,
          body: { status: "maybe" },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await t.call("POST", `/api/admin/model-reports/${id}/resolve`, {
          headers: admin.headers,
          body: { status: "approved" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.call("POST", `/api/admin/model-reports/${id}/resolve`, {
          headers: admin.headers,
          body: { status: "rejected" },
        })
      ).status,
    ).toBe(404);
    expect(await auditOf(t, "model", model.id)).toEqual(["model.report_resolved"]);
  });
});
