import { schema } from "@camatlas/db";
import { createModel, createNickname } from "@camatlas/db/factories";
import { CATALOG_MESSAGES, SUCCESS_MESSAGES } from "@camatlas/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { type SignedIn, signIn } from "../models/test-helpers.ts";

let t: TestApi;
let fan: SignedIn;
let model: Awaited<ReturnType<typeof createModel>>;

beforeAll(async () => {
  t = await createTestApi();
  fan = await signIn(t);
  model = await createModel(t.database.db, {
    name: "Kira Sol",
    nicknames: [{ camSiteId: 33, nickname: "KiraSol" }],
  });
});
afterAll(() => t.close());

describe("POST /api/model-nicknames", () => {
  it("adds nicknames to a model: 'Nickname successfully added.'", async () => {
    const res = await t.call("POST", "/api/model-nicknames", {
      headers: fan.headers,
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
      headers: fan.headers,
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

describe("GET /api/model-nicknames", () => {
  it("lists a model's nicknames with camsite and model, and finds one by camsite slug and name", async () => {
    const body = await (await t.call("GET", `/api/model-nicknames?model_id=${model.id}`)).json();
    expect(body.total).toBe(3);
    const one = await (await t.call("GET", "/api/model-nicknames/by-camsite/chaturbate/kirasol")).json();
    expect(one).toMatchObject({ nickname: "KiraSol", model: { id: model.id, slug: model.slug } });
    expect((await t.call("GET", "/api/model-nicknames/by-camsite/chaturbate/nobody")).status).toBe(404);
  });
});
