import { schema } from "@camatlas/db";
import { createModel } from "@camatlas/db/factories";
import { CATALOG_MESSAGES, ROLE } from "@camatlas/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { auditOf, type SignedIn, signIn } from "../models/test-helpers.ts";

let t: TestApi;
let fan: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApi();
  [fan, admin] = await Promise.all([signIn(t), signIn(t, ROLE.admin)]);
  await createModel(t.database.db, {
    name: "Counted",
    nicknames: [
      { camSiteId: 33, nickname: "counted_a", lastActivityAt: new Date() },
      { camSiteId: 36, nickname: "counted_b", lastActivityAt: new Date(Date.now() - 90 * 86_400_000) },
    ],
  });
});
afterAll(() => t.close());

describe("GET /api/cam-sites", () => {
  it("lists the 41 camsites with counters counted from the nicknames", async () => {
    const res = await t.call("GET", "/api/cam-sites");
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toHaveLength(41);
    const chaturbate = data.find((s: { id: number }) => s.id === 33);
    expect(chaturbate).toMatchObject({
      known_accounts_count: 1,
      active_accounts_count: 1,
      models_registered_count: 1,
      models_active_count: 1,
      can: { edit: false },
    });
    expect(data.find((s: { id: number }) => s.id === 36)).toMatchObject({
      known_accounts_count: 1,
      active_accounts_count: 0,
    });
  });
});

describe("camsite detail and admin edit", () => {
  it("reads by id and slug; an old slug answers with the redirect reply", async () => {
    expect(await (await t.call("GET", "/api/cam-sites/33")).json()).toMatchObject({
      id: 33,
      slug: "chaturbate",
    });
    expect((await t.call("GET", "/api/cam-sites/999")).status).toBe(404);
    const res = await t.call("PUT", "/api/cam-sites/33", {
      headers: admin.headers,
      body: {
        slug: "chaturbate-com",
        headline: "Biggest free site",
        price_range: "$0.05–$0.10 per token",
        advantages: "Free to watch| Huge choice ",
        disadvantages: ["Busy rooms"],
        seo_text: "## About\nMarkdown **text**.",
        is_indexed: false,
      },
    });
    expect(res.status).toBe(200);
    const { cam_site } = await res.json();
    expect(cam_site).toMatchObject({
      slug: "chaturbate-com",
      advantages: ["Free to watch", "Huge choice"],
      disadvantages: ["Busy rooms"],
      seo_text: "## About\nMarkdown **text**.",
      is_indexed: false,
      can: { edit: true },
    });
    expect(await (await t.call("GET", "/api/cam-sites/get-by-slug/chaturbate")).json()).toEqual({
      is_redirect: true,
      redirect_url: "/camsites/chaturbate-com",
    });
    expect((await (await t.call("GET", "/api/cam-sites/get-by-slug/chaturbate-com")).json()).id).toBe(33);
    expect(await auditOf(t, "camsite", 33)).toEqual(["camsite.updated"]);
  });

  it("refuses non-admins, taken slugs, bad templates and unknown logos", async () => {
    expect(
      (await t.call("PUT", "/api/cam-sites/12", { headers: fan.headers, body: { headline: "x" } })).status,
    ).toBe(403);
    const taken = await t.call("PUT", "/api/cam-sites/12", {
      headers: admin.headers,
      body: { slug: "stripchat" },
    });
    expect((await taken.json()).errors.slug).toEqual([CATALOG_MESSAGES.slugTaken]);
    const bad = await t.call("PUT", "/api/cam-sites/12", {
      headers: admin.headers,
      body: { model_url_template: "https://www.myfreecams.com/", logo_media_id: 999999 },
    });
    expect((await bad.json()).errors.model_url_template).toBeDefined();
    const logo = await t.call("PUT", "/api/cam-sites/12", {
      headers: admin.headers,
      body: { logo_media_id: 999999 },
    });
    expect((await logo.json()).errors.logo_media_id).toBeDefined();
  });
});

describe("camsite meta", () => {
  it("answers {data:[{metaKey, metaValue}]}, cached per camsite and refreshed on write", async () => {
    await t.database.db.insert(schema.camSiteMeta).values([
      { camSiteId: 12, metaKey: "tokens_price", metaValue: "$0.05" },
      { camSiteId: 12, metaKey: "internal_note", metaValue: "x", type: "private" },
    ]);
    const first = await (await t.call("GET", "/api/cam-site-meta?camsiteId=12&all=0")).json();
    expect(first).toEqual({ data: [{ metaKey: "tokens_price", metaValue: "$0.05" }] });
    const all = await (await t.call("GET", "/api/cam-site-meta?camsiteId=12&all=1")).json();
    expect(all.data).toHaveLength(2);
    const one = await (await t.call("GET", "/api/cam-site-meta?camsiteId=12&metaKey=internal_note")).json();
    expect(one.data).toEqual([{ metaKey: "internal_note", metaValue: "x" }]);
    // A change behind the API's back is not seen (cache) …
    await t.database.db
      .insert(schema.camSiteMeta)
      .values({ camSiteId: 12, metaKey: "sneaky", metaValue: "1" });
    expect((await (await t.call("GET", "/api/cam-site-meta?camsiteId=12&all=1")).json()).data).toHaveLength(
      2,
    );
    // … a write through the API clears it.
    const put = await t.call("PUT", "/api/cam-site-meta", {
      headers: admin.headers,
      body: { camsiteId: 12, metaKey: "tokens_price", metaValue: "$0.06" },
    });
    expect(put.status).toBe(200);
    const after = await (await t.call("GET", "/api/cam-site-meta?camsiteId=12&all=1")).json();
    expect(after.data).toContainEqual({ metaKey: "tokens_price", metaValue: "$0.06" });
    expect(after.data).toHaveLength(3);
    expect(
      (
        await t.call("PUT", "/api/cam-site-meta", {
          headers: fan.headers,
          body: { camsiteId: 12, metaKey: "a", metaValue: "b" },
        })
      ).status,
    ).toBe(403);
    expect((await t.call("GET", "/api/cam-site-meta?camsiteId=999")).status).toBe(404);
  });

  it("drops its cached meta when another process announces a write", async () => {
    const read = async () =>
      (await (await t.call("GET", "/api/cam-site-meta?camsiteId=36&all=1")).json()).data as unknown[];
    const before = (await read()).length;
    // Written through another process of the site: this one still answers from its cache …
    await t.database.db
      .insert(schema.camSiteMeta)
      .values({ camSiteId: 36, metaKey: "elsewhere", metaValue: "1" });
    expect(await read()).toHaveLength(before);
    // … until that process's announcement arrives (the in-process bus delivers a publish the same way).
    t.deps.invalidation.publish("catalog");
    expect(await read()).toContainEqual({ metaKey: "elsewhere", metaValue: "1" });
  });
});
