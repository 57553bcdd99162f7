import { schema } from "@camatlas/db";
import { createModel, createNickname } from "@camatlas/db/factories";
import { CATALOG_MESSAGES, ROLE, SUCCESS_MESSAGES } from "@camatlas/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { type SignedIn, signIn } from "../models/test-helpers.ts";

let t: TestApi;
let fan: SignedIn;
let admin: SignedIn;
let girl: SignedIn;
let model: Awaited<ReturnType<typeof createModel>>;

beforeAll(async () => {
  t = await createTestApi();
  [fan, admin, girl] = await Promise.all([signIn(t), signIn(t, ROLE.admin), signIn(t, ROLE.camgirl)]);
  model = await createModel(t.database.db, {
    name: "Kira Sol",
    nicknames: [{ camSiteId: 33, nickname: "KiraSol" }],
  });
});
afterAll(() => t.close());

describe("POST /api/model-nicknames", () => {
  it("adds an admin's nicknames to a model at once: 'Nickname successfully added.'", async () => {
    const res = await t.call("POST", "/api/model-nicknames", {
      headers: admin.headers,
      body: { nicknames: [{ model_id: model.id, cam_site_id: 36, nickname: "KiraSolHD", type: "couple" }] },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe(SUCCESS_MESSAGES.nicknameAdded);
    expect(body.data[0]).toMatchObject({
      nickname: "KiraSolHD",
      type: "couple",
      cam_site: { id: 36 },
      model: { id: model.id },
      url: expect.stringContaining("KiraSolHD"),
    });
  });

  it("links a stats nickname nobody claimed yet instead of duplicating it", async () => {
    const stats = await createNickname(t.database.db, { camSiteId: 12, nickname: "kira_mfc" });
    const res = await t.call("POST", "/api/model-nicknames", {
      headers: admin.headers,
      body: { nicknames: [{ model_id: model.id, cam_site_id: 12, nickname: "KIRA_MFC" }] },
    });
    expect(res.status).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(schema.nicknames)
      .where(eq(schema.nicknames.id, stats.id));
    expect(row!.modelId).toBe(model.id);
  });

  it("refuses a duplicate on the same camsite, unknown camsites, twice in one request and guests; nothing written", async () => {
    const res = await t.call("POST", "/api/model-nicknames", {
      headers: fan.headers,
      body: {
        nicknames: [
          { model_id: model.id, cam_site_id: 2, nickname: "kira_new" },
          { model_id: model.id, cam_site_id: 33, nickname: "kirasol" },
          { model_id: model.id, cam_site_id: 999, nickname: "x" },
          { model_id: model.id, cam_site_id: 2, nickname: "KIRA_NEW" },
        ],
      },
    });
    expect(res.status).toBe(422);
    const { errors } = await res.json();
    expect(errors["nicknames.1.nickname"]).toEqual([CATALOG_MESSAGES.nicknameTakenOnCamsite]);
    expect(errors["nicknames.2.cam_site_id"]).toEqual([CATALOG_MESSAGES.unknownCamsite]);
    expect(errors["nicknames.3.nickname"]).toEqual([CATALOG_MESSAGES.duplicateNicknameInRequest]);
    const rows = await t.database.db
      .select()
      .from(schema.nicknames)
      .where(eq(schema.nicknames.nickname, "kira_new"));
    expect(rows).toHaveLength(0);
    expect((await t.call("POST", "/api/model-nicknames", { body: { nicknames: [] } })).status).toBe(401);
  });
});

describe("a camfan's new nickname waits for an admin", () => {
  const listed = async (modelId: number) =>
    (await (await t.call("GET", `/api/model-nicknames?model_id=${modelId}`)).json()).data.map(
      (n: { nickname: string }) => n.nickname,
    );

  it("is not listed, the camfan reads it as pending, and an admin's approval in the revisions queue lists it", async () => {
    const lena = await createModel(t.database.db, { name: "Lena Moor" });
    const res = await t.call("POST", "/api/model-nicknames", {
      headers: fan.headers,
      body: { nicknames: [{ model_id: lena.id, cam_site_id: 36, nickname: "LenaMoorLive" }] },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe(SUCCESS_MESSAGES.revisionSubmitted);
    expect(body.data).toEqual([]);
    expect(body.pending).toEqual([
      expect.objectContaining({ nickname: "LenaMoorLive", cam_site_id: 36, type: "solo" }),
    ]);
    expect(await listed(lena.id)).toEqual([]);

    // Only its author reads it as pending.
    const mine = await t.call("GET", `/api/model-nicknames/pending?model_id=${lena.id}`, {
      headers: fan.headers,
    });
    expect((await mine.json()).data).toMatchObject([
      { nickname: "LenaMoorLive", cam_site_name: expect.any(String) },
    ]);
    const others = await t.call("GET", `/api/model-nicknames/pending?model_id=${lena.id}`, {
      headers: girl.headers,
    });
    expect((await others.json()).data).toEqual([]);
    expect((await t.call("GET", `/api/model-nicknames/pending?model_id=${lena.id}`)).status).toBe(401);
    expect(
      (await t.call("GET", "/api/model-nicknames/pending?model_id=999999", { headers: fan.headers })).status,
    ).toBe(404);

    const queue = await (await t.call("GET", "/api/admin/revisions", { headers: admin.headers })).json();
    const item = queue.data.find((r: { model: { id: number } }) => r.model.id === lena.id);
    expect(item.diff).toEqual([
      { field: "new_nickname", from: null, to: expect.objectContaining({ nickname: "LenaMoorLive" }) },
    ]);
    const approved = await t.call("POST", `/api/admin/revisions/${item.id}/approve`, {
      headers: admin.headers,
    });
    expect(approved.status).toBe(200);
    expect(await listed(lena.id)).toEqual(["LenaMoorLive"]);
    const after = await t.call("GET", `/api/model-nicknames/pending?model_id=${lena.id}`, {
      headers: fan.headers,
    });
    expect((await after.json()).data).toEqual([]);
  });

  it("a rejected one is never listed; the bound camgirl's own nickname is listed at once", async () => {
    const mia = await createModel(t.database.db, { name: "Mia Dune", userId: girl.id });
    await t.call("POST", "/api/model-nicknames", {
      headers: fan.headers,
      body: { nicknames: [{ model_id: mia.id, cam_site_id: 36, nickname: "MiaDuneFake" }] },
    });
    const queue = await (await t.call("GET", "/api/admin/revisions", { headers: admin.headers })).json();
    const item = queue.data.find((r: { model: { id: number } }) => r.model.id === mia.id);
    expect(
      (await t.call("POST", `/api/admin/revisions/${item.id}/reject`, { headers: admin.headers })).status,
    ).toBe(200);
    expect(await listed(mia.id)).toEqual([]);

    const own = await t.call("POST", "/api/model-nicknames", {
      headers: girl.headers,
      body: { nicknames: [{ model_id: mia.id, cam_site_id: 36, nickname: "MiaDune" }] },
    });
    expect((await own.json()).message).toBe(SUCCESS_MESSAGES.nicknameAdded);
    expect(await listed(mia.id)).toEqual(["MiaDune"]);
  });
});

describe("GET /api/model-nicknames", () => {
  it("lists a model's nicknames with camsite and model, and finds one by camsite slug and name", async () => {
    const body = await (await t.call("GET", `/api/model-nicknames?model_id=${model.id}`)).json();
    expect(body.total).toBe(3);
    const one = await (await t.call("GET", "/api/model-nicknames/by-camsite/chaturbate/kirasol")).json();
    expect(one).toMatchObject({ nickname: "KiraSol", model: { id: model.id, slug: model.slug } });
    expect((await t.call("GET", "/api/model-nicknames/by-camsite/chaturbate/nobody")).status).toBe(404);
  });
});
