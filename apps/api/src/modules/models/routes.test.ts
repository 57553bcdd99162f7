import { schema } from "@camatlas/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
  const { db } = t.database;
  const rows = await db
    .insert(schema.models)
    .values([
      { slug: "luna-rivers", name: "Luna Rivers", rating: 4.5, birthday: "2000-01-15", country: "CO" },
      {
        slug: "mia-stone",
        name: "Mia Stone",
        rating: 3,
        country: "RO",
        isCountryAgeHidden: true,
        birthday: "1995-05-05",
      },
      { slug: "hidden-one", name: "Hidden One", rating: 5, isVisible: false },
    ])
    .returning({ id: schema.models.id, slug: schema.models.slug });
  const luna = rows.find((r) => r.slug === "luna-rivers")!;
  const mia = rows.find((r) => r.slug === "mia-stone")!;
  await db.insert(schema.nicknames).values([
    { modelId: luna.id, camSiteId: 33, nickname: "LunaRiversX" },
    { modelId: luna.id, camSiteId: 12, nickname: "sweet_luna" },
    { modelId: mia.id, camSiteId: 36, nickname: "MiaStoneHD" },
  ]);
});
afterAll(() => t.close());

describe("GET /api/models", () => {
  it("lists visible models in the list envelope, best rated first", async () => {
    const res = await t.call("GET", "/api/models");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ total: 2, current_page: 1, last_page: 1 });
    expect(body.data.map((m: { slug: string }) => m.slug)).toEqual(["luna-rivers", "mia-stone"]);
  });

  it("finds a model by one of her nicknames", async () => {
    const body = await (await t.call("GET", "/api/models?query=sweet_l")).json();
    expect(body.data.map((m: { name: string }) => m.name)).toEqual(["Luna Rivers"]);
  });

  it("finds a model by a misspelt nickname or name, closest first", async () => {
    const byNick = await (await t.call("GET", "/api/models?query=LunaRivesX")).json();
    expect(byNick.data.map((m: { name: string }) => m.name)).toEqual(["Luna Rivers"]);
    expect(byNick.total).toBe(1);
    // Past the last page the total still counts the ranking.
    const pastEnd = await (await t.call("GET", "/api/models?query=LunaRivesX&page=3")).json();
    expect(pastEnd).toMatchObject({ data: [], total: 1, current_page: 3 });
    const byName = await (await t.call("GET", "/api/models?query=Mia%20Stoen")).json();
    expect(byName.data[0].name).toBe("Mia Stone");
  });

  it("filters by camsite with the name[] array form", async () => {
    const body = await (await t.call("GET", "/api/models?cam_site_ids[]=36")).json();
    expect(body.data.map((m: { name: string }) => m.name)).toEqual(["Mia Stone"]);
  });

  it("shows nickname links built from the camsite template, Chaturbate lowercased", async () => {
    const body = await (await t.call("GET", "/api/models?query=luna")).json();
    const urls = body.data[0].nicknames.map((n: { url: string }) => n.url);
    expect(urls).toContain("https://chaturbate.com/lunariversx/");
  });

  it("hides country and age when the model asks for it", async () => {
    const body = await (await t.call("GET", "/api/models?query=mia")).json();
    expect(body.data[0]).toMatchObject({ country: null, age: null });
  });

  it("rejects an out-of-range per_page with 422 and field errors", async () => {
    const res = await t.call("GET", "/api/models?per_page=100000");
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.message).toEqual(expect.any(String));
    expect(body.errors.per_page[0]).toEqual(expect.any(String));
  });
});

describe("avatar placeholders", () => {
  it("gives a card whose avatar has a BlurHash its placeholder image, and none otherwise", async () => {
    const { db } = t.database;
    const [withHash, without] = await db
      .insert(schema.media)
      .values([
        {
          path: "avatars/a.webp",
          name: "a.webp",
          mimeType: "image/webp",
          blurhash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
        },
        { path: "avatars/b.webp", name: "b.webp", mimeType: "image/webp" },
      ])
      .returning({ id: schema.media.id });
    await db.insert(schema.models).values([
      { slug: "ada-blur", name: "Ada Blur", rating: 1, avatarMediaId: withHash!.id },
      { slug: "bea-plain", name: "Bea Plain", rating: 1, avatarMediaId: without!.id },
    ]);
    const ada = await (await t.call("GET", "/api/models/by-slug/ada-blur")).json();
    expect(ada.avatar_path).toBe("/media/avatars/a.webp");
    expect(ada.avatar_placeholder).toMatch(/^data:image\/bmp;base64,[A-Za-z0-9+/]+=*$/);
    const list = await (await t.call("GET", "/api/models?query=Bea%20Plain")).json();
    const bea = list.data.find((m: { slug: string }) => m.slug === "bea-plain");
    expect(bea).toMatchObject({ avatar_path: "/media/avatars/b.webp", avatar_placeholder: null });
    const luna = await (await t.call("GET", "/api/models/by-slug/luna-rivers")).json();
    expect(luna).toMatchObject({ avatar_path: null, avatar_placeholder: null });
  });
});

describe("GET /api/models/by-slug/{slug}", () => {
  it("returns the model with her nicknames", async () => {
    const res = await t.call("GET", "/api/models/by-slug/luna-rivers");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.name).toBe("Luna Rivers");
    expect(body.nicknames).toHaveLength(2);
  });

  it("answers 404 for an unknown slug", async () => {
    const res = await t.call("GET", "/api/models/by-slug/nobody-here");
    expect(res.status).toBe(404);
  });
});
