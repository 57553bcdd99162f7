import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../client.ts";
import { media } from "../schema/media.ts";
import { models, modelTags, nicknames, tags } from "../schema/models.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import { countModels, escapeLike, listModels, listNicknamesOfModels } from "./models.ts";

let handle: DatabaseHandle;
const ids: Record<string, number> = {};

beforeAll(async () => {
  handle = await createTestDatabase();
  const { db } = handle;
  const [avatar] = await db
    .insert(media)
    .values({ kind: "avatar", path: "avatars/luna.webp", name: "luna.webp", mimeType: "image/webp" })
    .returning();
  const rows = await db
    .insert(models)
    .values([
      {
        slug: "luna-rivers",
        name: "Luna Rivers",
        rating: 4.5,
        ratingVotes: 10,
        avatarMediaId: avatar?.id,
        lastActivityAt: new Date("2026-11-20T10:00:00Z"),
        createdAt: new Date("2026-01-01T00:00:00Z"),
      },
      {
        slug: "amber-stone",
        name: "Amber Stone",
        rating: 3,
        ratingVotes: 4,
        lastActivityAt: new Date("2026-11-21T10:00:00Z"),
        createdAt: new Date("2026-03-01T00:00:00Z"),
      },
      {
        slug: "cleo-night",
        name: "Cleo Night",
        rating: 4.5,
        ratingVotes: 2,
        createdAt: new Date("2026-02-01T00:00:00Z"),
      },
      {
        slug: "dana-sky",
        name: "Dana Sky",
        rating: 5,
        ratingVotes: 1,
        createdAt: new Date("2026-04-01T00:00:00Z"),
      },
      { slug: "hidden-one", name: "Hidden Luna", rating: 5, isVisible: false },
      { slug: "deleted-one", name: "Deleted Luna", rating: 5, deletedAt: new Date() },
      { slug: "old-luna", name: "Merged Luna", rating: 5, mergedIntoModelId: 1 },
    ])
    .returning({ id: models.id, slug: models.slug });
  for (const row of rows) ids[row.slug] = row.id;
  await db.insert(nicknames).values([
    { nickname: "LunaR", camSiteId: 33, modelId: ids["luna-rivers"] },
    { nickname: "luna_mfc", camSiteId: 12, modelId: ids["luna-rivers"] },
    // Amber is found by her nickname only.
    { nickname: "MoonlightKitty", camSiteId: 36, modelId: ids["amber-stone"] },
    { nickname: "cleo100%", camSiteId: 2, modelId: ids["cleo-night"] },
    // A removed nickname neither matches nor lists.
    { nickname: "GhostNick", camSiteId: 36, modelId: ids["dana-sky"], deletedAt: new Date() },
    { nickname: "dana_sky", camSiteId: 2, modelId: ids["dana-sky"] },
  ]);
  const [tag] = await db.insert(tags).values({ name: "Redhead", slug: "redhead" }).returning();
  await db.insert(modelTags).values({ modelId: ids["cleo-night"] ?? 0, tagId: tag?.id ?? 0 });
  ids.tag = tag?.id ?? 0;
});

afterAll(async () => {
  await handle?.close();
});

const slugs = (rows: { slug: string }[]) => rows.map((r) => r.slug);
const page = { page: 1, perPage: 12 };

describe("listModels", () => {
  it("lists visible, live, unmerged models best rated first by default", async () => {
    const rows = await listModels(handle.db, page);
    // Ties on rating fall back to more votes first.
    expect(slugs(rows)).toEqual(["dana-sky", "luna-rivers", "cleo-night", "amber-stone"]);
    expect(await countModels(handle.db, {})).toBe(4);
    expect(rows.find((r) => r.slug === "luna-rivers")?.avatarPath).toBe("avatars/luna.webp");
  });

  it("searches the model name and her nicknames", async () => {
    expect(slugs(await listModels(handle.db, { ...page, query: "luna" }))).toEqual(["luna-rivers"]);
    expect(slugs(await listModels(handle.db, { ...page, query: "moonlight" }))).toEqual(["amber-stone"]);
    expect(slugs(await listModels(handle.db, { ...page, query: "  STONE " }))).toEqual(["amber-stone"]);
    expect(await listModels(handle.db, { ...page, query: "ghostnick" })).toEqual([]);
  });

  it("tolerates a typo in the search", async () => {
    expect(slugs(await listModels(handle.db, { ...page, query: "moonlite kitty" }))).toContain("amber-stone");
  });

  it("treats LIKE wildcards in the search literally", async () => {
    expect(escapeLike("100%_a\\")).toBe("100\\%\\_a\\\\");
    expect(slugs(await listModels(handle.db, { ...page, query: "cleo100%" }))).toEqual(["cleo-night"]);
  });

  it("filters by camsite ids and by tags", async () => {
    expect(slugs(await listModels(handle.db, { ...page, camSiteIds: [36] }))).toEqual(["amber-stone"]);
    expect(slugs(await listModels(handle.db, { ...page, camSiteIds: [2, 33] }))).toEqual([
      "dana-sky",
      "luna-rivers",
      "cleo-night",
    ]);
    expect(await countModels(handle.db, { camSiteIds: [2, 33] })).toBe(3);
    expect(slugs(await listModels(handle.db, { ...page, tagIds: [ids.tag ?? 0] }))).toEqual(["cleo-night"]);
    expect(slugs(await listModels(handle.db, { ...page, query: "luna", camSiteIds: [36] }))).toEqual([]);
  });

  it("orders by name, newest and last activity in either direction", async () => {
    expect(slugs(await listModels(handle.db, { ...page, orderBy: "name" }))).toEqual([
      "amber-stone",
      "cleo-night",
      "dana-sky",
      "luna-rivers",
    ]);
    expect(slugs(await listModels(handle.db, { ...page, orderBy: "name", desc: true }))).toEqual([
      "luna-rivers",
      "dana-sky",
      "cleo-night",
      "amber-stone",
    ]);
    expect(slugs(await listModels(handle.db, { ...page, orderBy: "newest" }))).toEqual([
      "dana-sky",
      "amber-stone",
      "cleo-night",
      "luna-rivers",
    ]);
    // Lowest rated first; a tie still puts the better-voted model first.
    expect(slugs(await listModels(handle.db, { ...page, orderBy: "rating", desc: false }))).toEqual([
      "amber-stone",
      "luna-rivers",
      "cleo-night",
      "dana-sky",
    ]);
    // Models never seen online come last in both directions.
    const recent = slugs(await listModels(handle.db, { ...page, orderBy: "last_activity" }));
    expect(recent.slice(0, 2)).toEqual(["amber-stone", "luna-rivers"]);
    const oldest = slugs(await listModels(handle.db, { ...page, orderBy: "last_activity", desc: false }));
    expect(oldest.slice(0, 2)).toEqual(["luna-rivers", "amber-stone"]);
  });

  it("pages through the list", async () => {
    const first = await listModels(handle.db, { page: 1, perPage: 3 });
    const second = await listModels(handle.db, { page: 2, perPage: 3 });
    const third = await listModels(handle.db, { page: 3, perPage: 3 });
    expect(slugs(first)).toEqual(["dana-sky", "luna-rivers", "cleo-night"]);
    expect(slugs(second)).toEqual(["amber-stone"]);
    expect(third).toEqual([]);
  });
});

describe("listNicknamesOfModels", () => {
  it("returns live nicknames with their camsite, by camsite then id", async () => {
    const rows = await listNicknamesOfModels(handle.db, [ids["luna-rivers"] ?? 0, ids["dana-sky"] ?? 0]);
    expect(rows.map((r) => [r.nickname, r.camSiteId, r.modelId])).toEqual([
      ["dana_sky", 2, ids["dana-sky"]],
      ["luna_mfc", 12, ids["luna-rivers"]],
      ["LunaR", 33, ids["luna-rivers"]],
    ]);
    const chaturbate = rows.find((r) => r.camSiteId === 33);
    expect(chaturbate?.camSiteSlug).toMatch(/chaturbate/);
    expect(chaturbate?.activityStatusId).toBe(100);
  });

  it("answers an empty list without a query", async () => {
    expect(await listNicknamesOfModels(handle.db, [])).toEqual([]);
  });
});
