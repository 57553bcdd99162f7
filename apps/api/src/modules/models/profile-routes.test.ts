import { schema } from "@camatlas/db";
import { createModel } from "@camatlas/db/factories";
import { CATALOG_MESSAGES, ROLE, SUCCESS_MESSAGES } from "@camatlas/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { auditOf, fromIp, type SignedIn, signIn } from "./test-helpers.ts";

let t: TestApi;
let fan: SignedIn;
let admin: SignedIn;
let girl: SignedIn;
let luna: Awaited<ReturnType<typeof createModel>>;
let tagIds: number[];

beforeAll(async () => {
  t = await createTestApi();
  const { db } = t.database;
  [fan, admin, girl] = await Promise.all([signIn(t), signIn(t, ROLE.admin), signIn(t, ROLE.camgirl)]);
  const tags = await db
    .insert(schema.tags)
    .values([
      { name: "blonde", slug: "blonde" },
      { name: "petite", slug: "petite" },
      { name: "latina", slug: "latina" },
    ])
    .returning({ id: schema.tags.id });
  tagIds = tags.map((r) => r.id);
  luna = await createModel(db, {
    name: "Luna Rivers",
    slug: "luna-rivers",
    country: "CO",
    city: "Medellín",
    birthday: "2000-01-15",
    userId: girl.id,
    tagIds: [tagIds[0]!, tagIds[1]!],
    nicknames: [
      { camSiteId: 33, nickname: "LunaRiversX" },
      { camSiteId: 12, nickname: "sweet_luna" },
    ],
  });
  await db
    .insert(schema.modelLinks)
    .values([{ modelId: luna.id, label: "Twitter", url: "https://x.com/luna", category: "social_network" }]);
  // Similar models: shared tags, camsite and country.
  for (let i = 0; i < 6; i++)
    await createModel(db, {
      name: `Similar ${i}`,
      country: i < 3 ? "CO" : "RO",
      tagIds: i < 4 ? [tagIds[0]!] : [tagIds[2]!],
      nicknames: [{ camSiteId: i % 2 ? 33 : 36, nickname: `similar_${i}` }],
    });
});
afterAll(() => t.close());

describe("GET /api/models/{id} and by-slug", () => {
  it("shows the full profile: nicknames with camsites, tags, links, visibility, verification and abilities", async () => {
    const res = await t.call("GET", `/api/models/${luna.id}`, { headers: fan.headers });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      name: "Luna Rivers",
      location: "Medellín, Colombia",
      is_verified: true,
      verification: { is_verified: true, my_request_status: null },
      is_user_voted: false,
      visibility_settings: { page_visible_for: "everyone", is_country_age_hidden: false },
      blocks: null,
      can: { edit: true, edit_directly: false, rate: true, block: false, bind: false },
    });
    expect(body.nicknames.map((n: { cam_site: { name: string } }) => n.cam_site.name)).toEqual([
      "MyFreeCams",
      "Chaturbate",
    ]);
    expect(body.tags.map((tag: { name: string }) => tag.name)).toEqual(["blonde", "petite"]);
    expect(body.links).toEqual([expect.objectContaining({ label: "Twitter", category: "social_network" })]);
  });

  it("gives the bound camgirl her blocks and settings abilities", async () => {
    const body = await (await t.call("GET", `/api/models/${luna.id}`, { headers: girl.headers })).json();
    expect(body.blocks).toEqual([]);
    expect(body.can).toMatchObject({
      block: true,
      change_visibility: true,
      change_avatar_accessibility: true,
    });
  });

  it("answers an old slug and a merged model with the redirect reply", async () => {
    const { db } = t.database;
    await db.insert(schema.modelSlugRedirects).values({ oldSlug: "luna-old", modelId: luna.id });
    const moved = await (await t.call("GET", "/api/models/by-slug/luna-old")).json();
    expect(moved).toEqual({ is_redirect: true, redirect_url: "/models/luna-rivers" });
    const merged = await createModel(db, { name: "Luna Dup", mergedIntoModelId: luna.id });
    expect(await (await t.call("GET", `/api/models/${merged.id}`)).json()).toEqual({
      is_redirect: true,
      redirect_url: "/models/luna-rivers",
    });
    expect((await t.call("GET", "/api/models/999999")).status).toBe(404);
  });

  it("lists 4 similar models for Girls like her, best match first", async () => {
    const res = await t.call("GET", `/api/models/${luna.id}/like-her`);
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toHaveLength(4);
    expect(data.map((m: { id: number }) => m.id)).not.toContain(luna.id);
    expect(data[0].name).toMatch(/^Similar [0-3]$/);
  });
});

describe("page_visible_for and blocks on every read", () => {
  let hidden: Awaited<ReturnType<typeof createModel>>;
  let blocked: Awaited<ReturnType<typeof createModel>>;
  beforeAll(async () => {
    const { db } = t.database;
    hidden = await createModel(db, {
      name: "Members Only",
      pageVisibleFor: "only_registered_users",
      nicknames: [{ camSiteId: 33, nickname: "membersonlygirl" }],
    });
    blocked = await createModel(db, {
      name: "Blocked In Washington",
      nicknames: [{ camSiteId: 36, nickname: "wa_blocked_girl" }],
    });
    await db.insert(schema.modelBlocks).values([
      { modelId: blocked.id, blockableType: "state", location: "US-WA" },
      { modelId: blocked.id, blockableType: "country", location: "GB" },
    ]);
  });

  it("hides a registered-users-only model from guests in the list, the profile, search and nicknames", async () => {
    const list = await (await t.call("GET", "/api/models?query=members")).json();
    expect(list).toMatchObject({ data: [], total: 0 });
    expect((await t.call("GET", `/api/models/${hidden.id}`)).status).toBe(401);
    const nicks = await (await t.call("GET", `/api/model-nicknames?model_id=${hidden.id}`)).json();
    expect(nicks.total).toBe(0);
    const typeahead = await (await t.call("GET", "/api/search/typeahead?query=membersonlygirl")).json();
    expect(typeahead.data).toEqual([]);
    // Signed in, she is there.
    const signed = await (await t.call("GET", "/api/models?query=members", { headers: fan.headers })).json();
    expect(signed.data.map((m: { id: number }) => m.id)).toEqual([hidden.id]);
    expect(signed.total).toBe(1);
    expect((await t.call("GET", `/api/models/${hidden.id}`, { headers: fan.headers })).status).toBe(200);
  });

  it("hides a model from visitors whose IP is in a blocked state or country, not from others", async () => {
    // 216.160.83.56 is in Washington (US-WA); 81.2.69.142 in Great Britain; 89.160.20.112 in Sweden.
    for (const ip of ["216.160.83.56", "81.2.69.142"]) {
      expect((await t.call("GET", `/api/models/${blocked.id}`, { headers: fromIp(ip) })).status).toBe(404);
      const list = await (
        await t.call("GET", "/api/models?query=Blocked%20In", { headers: fromIp(ip) })
      ).json();
      expect(list.data).toEqual([]);
      const nicks = await (
        await t.call("GET", "/api/model-nicknames?query=wa_blocked", { headers: fromIp(ip) })
      ).json();
      expect(nicks.total).toBe(0);
    }
    expect(
      (await t.call("GET", `/api/models/${blocked.id}`, { headers: fromIp("89.160.20.112") })).status,
    ).toBe(200);
    const list = await (
      await t.call("GET", "/api/models?query=Blocked%20In", { headers: fromIp("89.160.20.112") })
    ).json();
    expect(list.data.map((m: { id: number }) => m.id)).toEqual([blocked.id]);
    // Guests' shared typeahead answers are per place: seen from Sweden, then not from Washington right after.
    const typeahead = async (ip: string) =>
      (
        await (await t.call("GET", "/api/search/typeahead?query=wa_blocked", { headers: fromIp(ip) })).json()
      ).data.map((m: { id: number }) => m.id);
    expect(await typeahead("89.160.20.112")).toEqual([blocked.id]);
    expect(await typeahead("216.160.83.56")).toEqual([]);
    expect(await typeahead("89.160.20.112")).toEqual([blocked.id]);
    // Admins see everything, wherever they are.
    const asAdmin = await t.call("GET", `/api/models/${blocked.id}`, {
      headers: fromIp("216.160.83.56", admin.headers),
    });
    expect(asAdmin.status).toBe(200);
  });

  it("hides a model only_model_and_admin from everyone but her and admins; country/age hidden when asked", async () => {
    const { db } = t.database;
    const own = await createModel(db, {
      name: "Private Girl",
      userId: girl.id,
      pageVisibleFor: "only_model_and_admin",
      isCountryAgeHidden: true,
      country: "RO",
      city: "Iasi",
      birthday: "1999-02-02",
    });
    expect((await t.call("GET", `/api/models/${own.id}`, { headers: fan.headers })).status).toBe(404);
    // The hiding is for other viewers: her camgirl and admins see (and can edit) the real values.
    const mine = await (await t.call("GET", `/api/models/${own.id}`, { headers: girl.headers })).json();
    expect(mine).toMatchObject({
      country: "RO",
      city: "Iasi",
      birthday: "1999-02-02",
      location: "Iasi, Romania",
      visibility_settings: { is_country_age_hidden: true },
    });
    expect(mine.age).toBeGreaterThan(20);
    const asAdmin = await t.call("GET", `/api/models/${own.id}`, { headers: admin.headers });
    expect(asAdmin.status).toBe(200);
    expect(await asAdmin.json()).toMatchObject({
      country: "RO",
      birthday: "1999-02-02",
      location: "Iasi, Romania",
    });
  });

  it("hides country and age from other viewers of a model that asks for it", async () => {
    const { db } = t.database;
    const shy = await createModel(db, {
      name: "Shy Girl",
      isCountryAgeHidden: true,
      country: "RO",
      region: "IS",
      city: "Iasi",
      birthday: "1999-02-02",
    });
    for (const headers of [undefined, fan.headers, girl.headers]) {
      const body = await (await t.call("GET", `/api/models/${shy.id}`, headers ? { headers } : {})).json();
      expect(body).toMatchObject({
        country: null,
        city: null,
        region: null,
        age: null,
        birthday: null,
        location: null,
      });
    }
    const list = await (await t.call("GET", "/api/models?query=Shy%20Girl")).json();
    expect(list.data).toEqual([expect.objectContaining({ name: "Shy Girl", country: null, age: null })]);
  });

  it("tells only admins whether the model is visible on the site at all", async () => {
    const { db } = t.database;
    const off = await createModel(db, { name: "Switched Off", isVisible: false });
    const asAdmin = await (await t.call("GET", `/api/models/${off.id}`, { headers: admin.headers })).json();
    expect(asAdmin.is_visible).toBe(false);
    expect(
      (await (await t.call("GET", `/api/models/${luna.id}`, { headers: admin.headers })).json()).is_visible,
    ).toBe(true);
    for (const headers of [fan.headers, girl.headers])
      expect(
        (await (await t.call("GET", `/api/models/${luna.id}`, { headers })).json()).is_visible,
      ).toBeNull();
    expect((await (await t.call("GET", `/api/models/${luna.id}`)).json()).is_visible).toBeNull();
  });

  it("links each nickname to the performer's page from the camsite's stored template", async () => {
    const { db } = t.database;
    const templates = await db
      .select({ id: schema.camSites.id, template: schema.camSites.modelUrlTemplate })
      .from(schema.camSites);
    const setTemplate = (id: number, template: string) =>
      db.update(schema.camSites).set({ modelUrlTemplate: template }).where(eq(schema.camSites.id, id));
    await setTemplate(33, "https://cb.example/rooms/{nickname}?ref=atlas");
    await setTemplate(12, "https://mfc.example/{nickname}");
    try {
      // Signed in: a guest's profile read may come from the few-seconds guest cache, and this edit bypassed the API.
      const body = await (await t.call("GET", `/api/models/${luna.id}`, { headers: fan.headers })).json();
      const urls = Object.fromEntries(
        body.nicknames.map((n: { nickname: string; url: string }) => [n.nickname, n.url]),
      );
      // Chaturbate (33) only knows lowercase names.
      expect(urls).toEqual({
        LunaRiversX: "https://cb.example/rooms/lunariversx?ref=atlas",
        sweet_luna: "https://mfc.example/sweet_luna",
      });
      const nicks = await (
        await t.call("GET", `/api/model-nicknames?model_id=${luna.id}&cam_site_id=33`)
      ).json();
      expect(nicks.data.map((n: { url: string }) => n.url)).toEqual([
        "https://cb.example/rooms/lunariversx?ref=atlas",
      ]);
      const one = await (
        await t.call("GET", "/api/model-nicknames/by-camsite/chaturbate/LunaRiversX")
      ).json();
      expect(one.url).toBe("https://cb.example/rooms/lunariversx?ref=atlas");
    } finally {
      for (const row of templates.filter((r) => r.id === 12 || r.id === 33))
        await setTemplate(row.id, row.template);
    }
  });
});

describe("POST /api/models", () => {
  it("creates a model with nicknames, moderation_state new, and puts it in the new-models queue", async () => {
    const res = await t.call("POST", "/api/models", {
      headers: fan.headers,
      body: {
        name: "Nova Star",
        country: "ro",
        tags_id_list: [tagIds[2]],
        nicknames: [{ cam_site_id: 36, nickname: "NovaStarLive" }],
      },
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.message).toBe(SUCCESS_MESSAGES.modelProfileCreated);
    expect(body.model).toMatchObject({
      name: "Nova Star",
      slug: "nova-star",
      country: "RO",
      moderation_state: "new",
    });
    expect(body.model.nicknames[0].nickname).toBe("NovaStarLive");
    const queue = await (await t.call("GET", "/api/admin/new-models", { headers: admin.headers })).json();
    expect(queue.data.map((m: { id: number }) => m.id)).toContain(body.model.id);
    expect(await auditOf(t, "model", body.model.id)).toContain("model.created");
  });

  it("refuses guests, unknown camsites, taken nicknames and unknown tags, writing nothing", async () => {
    expect((await t.call("POST", "/api/models", { body: { name: "X" } })).status).toBe(401);
    const res = await t.call("POST", "/api/models", {
      headers: fan.headers,
      body: {
        name: "Broken Model",
        tags_id_list: [999999],
        nicknames: [
          { cam_site_id: 999, nickname: "x" },
          { cam_site_id: 33, nickname: "lunariversx" },
        ],
      },
    });
    expect(res.status).toBe(422);
    const { errors } = await res.json();
    expect(errors.tags_id_list).toEqual([CATALOG_MESSAGES.unknownTag]);
    const rows = await t.database.db
      .select()
      .from(schema.models)
      .where(eq(schema.models.name, "Broken Model"));
    expect(rows).toHaveLength(0);
  });
});

describe("PUT /api/models/{id} (moderated) and PUT /api/admin/models/{id}", () => {
  it("turns a camfan's edit into a revision; the public profile is unchanged", async () => {
    const res = await t.call("PUT", `/api/models/${luna.id}`, {
      headers: fan.headers,
      body: { city: "Bogotá", tags_id_list: [tagIds[2]] },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      message: SUCCESS_MESSAGES.revisionSubmitted,
      revision: { status: "pending" },
      has_unchecked_revisions: true,
    });
    const profile = await (await t.call("GET", `/api/models/${luna.id}`)).json();
    expect(profile.location).toBe("Medellín, Colombia");
    expect(profile.has_unchecked_revisions).toBe(true);
  });

  it("moderates the bound camgirl's own edits too", async () => {
    const res = await t.call("PUT", `/api/models/${luna.id}`, {
      headers: girl.headers,
      body: { name: "Luna R." },
    });
    expect((await res.json()).message).toBe(SUCCESS_MESSAGES.revisionSubmitted);
  });

  it("refuses empty edits, unknown fields, guests, and avatar changes the model forbids", async () => {
    expect(
      (await t.call("PUT", `/api/models/${luna.id}`, { headers: fan.headers, body: { city: "Medellín" } }))
        .status,
    ).toBe(422);
    expect(
      (await t.call("PUT", `/api/models/${luna.id}`, { headers: fan.headers, body: { rating: 5 } })).status,
    ).toBe(422);
    expect((await t.call("PUT", `/api/models/${luna.id}`, { body: { city: "X" } })).status).toBe(401);
    await t.database.db
      .update(schema.models)
      .set({ forbidAvatarChanges: true })
      .where(eq(schema.models.id, luna.id));
    const media = await t.database.db
      .insert(schema.media)
      .values({ kind: "avatar", path: "a/b.webp", name: "b.webp", mimeType: "image/webp", userId: fan.id })
      .returning({ id: schema.media.id });
    const res = await t.call("PUT", `/api/models/${luna.id}`, {
      headers: fan.headers,
      body: { avatar_media_id: media[0]!.id },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(CATALOG_MESSAGES.avatarChangesForbidden);
  });

  it("shows guests an edit, a vote and a new link right after the write, though guests' reads are cached", async () => {
    const { db } = t.database;
    const m = await createModel(db, {
      name: "Cache Check",
      nicknames: [{ camSiteId: 36, nickname: "cache_check" }],
    });
    const guestRead = async () => (await t.call("GET", `/api/models/${m.id}`)).json();
    const bySlug = async () => (await t.call("GET", `/api/models/by-slug/${m.slug}`)).json();
    expect((await guestRead()).about).toBeNull();
    expect((await bySlug()).rating_votes).toBe(0);
    const likeHer = await t.call("GET", `/api/models/${m.id}/like-her`);
    expect(likeHer.status).toBe(200);

    const edit = await t.call("PUT", `/api/admin/models/${m.id}`, {
      headers: admin.headers,
      body: { about: "Now with a bio" },
    });
    expect(edit.status).toBe(200);
    expect((await guestRead()).about).toBe("Now with a bio");

    const vote = await t.call("POST", `/api/models/${m.id}/change-rating`, {
      headers: fan.headers,
      body: { rating: 4 },
    });
    expect(vote.status).toBe(200);
    expect(await bySlug()).toMatchObject({ rating: 4, rating_votes: 1 });

    const hide = await t.call("PUT", `/api/admin/models/${m.id}`, {
      headers: admin.headers,
      body: { is_visible: false },
    });
    expect(hide.status).toBe(200);
    expect((await t.call("GET", `/api/models/${m.id}`)).status).toBe(404);
    expect((await t.call("GET", `/api/models/${m.id}/like-her`)).status).toBe(404);
  });

  it("lets admins edit directly, rename the slug (the old one redirects) and set SEO fields", async () => {
    expect(
      (await t.call("PUT", `/api/admin/models/${luna.id}`, { headers: fan.headers, body: { about: "x" } }))
        .status,
    ).toBe(403);
    const res = await t.call("PUT", `/api/admin/models/${luna.id}`, {
      headers: admin.headers,
      body: { slug: "luna-rivers-cam", display_name: "Luna Rivers live", is_indexed_search_robots: false },
    });
    expect(res.status).toBe(200);
    const { model } = await res.json();
    expect(model).toMatchObject({
      slug: "luna-rivers-cam",
      display_name: "Luna Rivers live",
      is_indexed_search_robots: false,
    });
    expect(await (await t.call("GET", "/api/models/by-slug/luna-rivers")).json()).toEqual({
      is_redirect: true,
      redirect_url: "/models/luna-rivers-cam",
    });
    expect(await auditOf(t, "model", luna.id)).toContain("model.updated");
    const taken = await t.call("PUT", `/api/admin/models/${luna.id}`, {
      headers: admin.headers,
      body: { slug: "nova-star" },
    });
    expect(taken.status).toBe(422);
  });
});

describe("GET /api/models list parameters", () => {
  it("filters by tags and camsites, orders by name, and adds tags and nickname counts on request", async () => {
    const res = await t.call(
      "GET",
      `/api/models?tags_id_list[]=${tagIds[0]}&cam_site_ids[]=33&order_by=name&with[]=tags&with_count[]=nicknames`,
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    const names = body.data.map((m: { name: string }) => m.name);
    expect(names).toEqual([...names].sort());
    expect(names).toContain("Luna Rivers");
    const lunaCard = body.data.find((m: { id: number }) => m.id === luna.id);
    expect(lunaCard.nicknames_count).toBe(2);
    expect(lunaCard.tags.map((tag: { name: string }) => tag.name)).toContain("blonde");
  });
});
