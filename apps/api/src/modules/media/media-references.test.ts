import { insertRevision, schema } from "@camatlas/db";
import { createModel } from "@camatlas/db/factories";
import { CATALOG_MESSAGES, ROLE, VALIDATION_MESSAGES } from "@camatlas/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { createMediaRow, type SignedIn, signIn } from "../models/test-helpers.ts";

// Regression tests of the media-reference rule (lib/media-reference.ts): a request may name only the caller's own
// media of a kind that fits; a verification photo never becomes a public image.

let t: TestApi;
let fan: SignedIn;
let girl: SignedIn;
let admin: SignedIn;
let model: { id: number };
let girlsPhoto: number;
let girlsAvatar: number;
let fansAvatar: number;

const notYours = { avatar_media_id: [VALIDATION_MESSAGES.mediaNotFound] };

beforeAll(async () => {
  t = await createTestApi();
  fan = await signIn(t, ROLE.camfan);
  girl = await signIn(t, ROLE.camgirl);
  admin = await signIn(t, ROLE.admin);
  model = await createModel(t.database.db, { name: "Reference Check" });
  girlsPhoto = await createMediaRow(t, girl.id, "verification_image");
  girlsAvatar = await createMediaRow(t, girl.id, "avatar");
  fansAvatar = await createMediaRow(t, fan.id, "avatar");
});
afterAll(() => t.close());

const avatarOf = async (id: number) =>
  (await t.database.db.select().from(schema.models).where(eq(schema.models.id, id)))[0]!.avatarMediaId;

describe("POST /api/models", () => {
  it("refuses another user's verification photo as the avatar (it used to answer 201 and publish it)", async () => {
    const res = await t.call("POST", "/api/models", {
      headers: fan.headers,
      body: { name: "Stolen Photo", avatar_media_id: girlsPhoto },
    });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual(notYours);
  });

  it("refuses another user's avatar and the owner's own verification photo, takes her own avatar", async () => {
    const foreign = await t.call("POST", "/api/models", {
      headers: fan.headers,
      body: { name: "Foreign Avatar", avatar_media_id: girlsAvatar },
    });
    expect((await foreign.json()).errors).toEqual(notYours);
    const ownPhoto = await t.call("POST", "/api/models", {
      headers: girl.headers,
      body: { name: "Own Photo", avatar_media_id: girlsPhoto },
    });
    expect((await ownPhoto.json()).errors).toEqual(notYours);
    const own = await t.call("POST", "/api/models", {
      headers: fan.headers,
      body: { name: "Own Avatar", avatar_media_id: fansAvatar },
    });
    expect(own.status).toBe(201);
  });
});

describe("PUT /api/models/{id} (an edit proposal)", () => {
  it("refuses foreign media at submission, leaving no revision for an admin", async () => {
    const res = await t.call("PUT", `/api/models/${model.id}`, {
      headers: fan.headers,
      body: { avatar_media_id: girlsAvatar },
    });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual(notYours);
    const revisions = await t.database.db
      .select()
      .from(schema.modelRevisions)
      .where(eq(schema.modelRevisions.modelId, model.id));
    expect(revisions).toHaveLength(0);
  });

  it("approving a proposal filed with foreign media does not apply that avatar", async () => {
    const revisionId = await insertRevision(t.database.db, {
      modelId: model.id,
      userId: fan.id,
      changes: { avatar_media_id: girlsPhoto, city: "Lima" },
      previous: { avatar_media_id: null, city: null },
    });
    const res = await t.call("POST", `/api/admin/revisions/${revisionId}/approve`, {
      headers: admin.headers,
    });
    expect(res.status).toBe(200);
    expect(await avatarOf(model.id)).toBeNull();
  });
});

describe("admins", () => {
  it("may set anyone's avatar upload on a model, never a verification photo", async () => {
    const photo = await t.call("PUT", `/api/admin/models/${model.id}`, {
      headers: admin.headers,
      body: { avatar_media_id: girlsPhoto },
    });
    expect(photo.status).toBe(422);
    expect((await photo.json()).errors).toEqual(notYours);
    const avatar = await t.call("PUT", `/api/admin/models/${model.id}`, {
      headers: admin.headers,
      body: { avatar_media_id: girlsAvatar },
    });
    expect(avatar.status).toBe(200);
    expect(await avatarOf(model.id)).toBe(girlsAvatar);
  });

  it("may not use a verification photo as a camsite logo or a featured picture", async () => {
    const logo = await t.call("PUT", "/api/cam-sites/1", {
      headers: admin.headers,
      body: { logo_media_id: girlsPhoto },
    });
    expect(logo.status).toBe(422);
    expect((await logo.json()).errors).toEqual({ logo_media_id: [VALIDATION_MESSAGES.mediaNotFound] });
    const featured = await t.call("POST", "/api/admin/featured-models", {
      headers: admin.headers,
      body: { model_id: model.id, media_id: girlsPhoto },
    });
    expect(featured.status).toBe(422);
    expect((await featured.json()).errors).toEqual({ media_id: [VALIDATION_MESSAGES.mediaNotFound] });
  });
});

describe("PUT /api/profile and verification claims", () => {
  it("refuses one's own verification photo as a profile avatar", async () => {
    const res = await t.call("PUT", "/api/profile", {
      headers: girl.headers,
      body: { avatar_media_id: girlsPhoto },
    });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual(notYours);
  });

  it("a claim takes only the claimant's own verification photo", async () => {
    const other = await signIn(t, ROLE.camgirl);
    const foreign = await t.call("POST", `/api/models/${model.id}/verification-requests`, {
      headers: other.headers,
      body: { media_id: girlsPhoto },
    });
    expect(foreign.status).toBe(422);
    expect((await foreign.json()).errors).toEqual({ media_id: [VALIDATION_MESSAGES.mediaNotFound] });
    const avatar = await t.call("POST", `/api/models/${model.id}/verification-requests`, {
      headers: girl.headers,
      body: { media_id: girlsAvatar },
    });
    expect((await avatar.json()).errors).toEqual({ media_id: [CATALOG_MESSAGES.wrongVerificationImage] });
  });
});
