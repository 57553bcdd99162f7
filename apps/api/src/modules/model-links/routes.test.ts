import { createModel } from "@camatlas/db/factories";
import { CATALOG_MESSAGES, ROLE } from "@camatlas/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { type SignedIn, signIn } from "../models/test-helpers.ts";

let t: TestApi;
let fan: SignedIn;
let girl: SignedIn;
let model: Awaited<ReturnType<typeof createModel>>;

beforeAll(async () => {
  t = await createTestApi();
  [fan, girl] = await Promise.all([signIn(t), signIn(t, ROLE.camgirl)]);
  model = await createModel(t.database.db, { name: "Lia Links", userId: girl.id });
});
afterAll(() => t.close());

describe("POST /api/model-links", () => {
  it("adds links with category and contains; the profile lists them", async () => {
    const res = await t.call("POST", "/api/model-links", {
      headers: fan.headers,
      body: {
        links: [
          { model_id: model.id, label: "Wishlist", url: "https://example.com/wish", category: "wish_list" },
          {
            model_id: model.id,
            label: "Pics",
            url: "http://example.com/g",
            category: "gallery",
            contains: "gallery_photo",
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    const profile = await (await t.call("GET", `/api/models/${model.id}`)).json();
    expect(
      profile.links.map((l: { category: string; contains: string }) => [l.category, l.contains]),
    ).toEqual([
      // Grouped by category for the Links tab.
      ["gallery", "gallery_photo"],
      ["wish_list", "text_only"],
    ]);
  });

  it("refuses non-http(s) URLs, unknown categories and unknown models, writing nothing", async () => {
    const res = await t.call("POST", "/api/model-links", {
      headers: fan.headers,
      body: {
        links: [
          { model_id: model.id, label: "ok", url: "https://example.com", category: "other" },
          { model_id: model.id, label: "bad", url: "javascript:alert(1)", category: "other" },
          { model_id: model.id, label: "bad", url: "https://example.com", category: "onlyfans" },
        ],
      },
    });
    expect(res.status).toBe(422);
    const { errors } = await res.json();
    expect(errors["links.1.url"]).toEqual([CATALOG_MESSAGES.httpUrlOnly]);
    expect(errors["links.2.category"]).toBeDefined();
    const unknown = await t.call("POST", "/api/model-links", {
      headers: fan.headers,
      body: { links: [{ model_id: 9_999_999, label: "x", url: "https://example.com", category: "other" }] },
    });
    expect((await unknown.json()).errors["links.0.model_id"]).toEqual([CATALOG_MESSAGES.unknownModel]);
    const profile = await (await t.call("GET", `/api/models/${model.id}`)).json();
    expect(profile.links).toHaveLength(2);
  });

  it("lets the bound camgirl delete a link, not a camfan", async () => {
    const profile = await (await t.call("GET", `/api/models/${model.id}`)).json();
    const linkId = profile.links[0].id;
    expect((await t.call("DELETE", `/api/model-links/${linkId}`, { headers: fan.headers })).status).toBe(403);
    expect((await t.call("DELETE", `/api/model-links/${linkId}`, { headers: girl.headers })).status).toBe(
      200,
    );
    expect((await (await t.call("GET", `/api/models/${model.id}`)).json()).links).toHaveLength(1);
  });
});
