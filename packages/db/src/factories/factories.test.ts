import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../client.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import { createRandom } from "./create-random.ts";
import { createMedia } from "./media-factory.ts";
import { createModel } from "./model-factory.ts";
import { createModelLink } from "./model-link-factory.ts";
import { createModelRating } from "./model-rating-factory.ts";
import { createNickname } from "./nickname-factory.ts";
import { createNicknameRegistry, generateNickname } from "./nickname-styles.ts";
import { createTag } from "./tag-factory.ts";
import { createUser } from "./user-factory.ts";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

describe("createRandom", () => {
  it("repeats the same sequence for the same seed", () => {
    const a = createRandom("seed");
    const b = createRandom("seed");
    expect(Array.from({ length: 5 }, () => a.int(1, 1000))).toEqual(
      Array.from({ length: 5 }, () => b.int(1, 1000)),
    );
  });

  it("keeps int within bounds and sample distinct", () => {
    const random = createRandom(42);
    for (let i = 0; i < 1000; i++) {
      const value = random.int(3, 7);
      expect(value).toBeGreaterThanOrEqual(3);
      expect(value).toBeLessThanOrEqual(7);
    }
    const picked = random.sample([1, 2, 3, 4, 5, 6], 4);
    expect(new Set(picked).size).toBe(4);
  });
});

describe("nickname styles", () => {
  it("makes varied camsite handles from one name", () => {
    const random = createRandom("styles");
    const handles = new Set(
      Array.from({ length: 50 }, () => generateNickname(random, { firstName: "Luna", lastName: "Rivers" })),
    );
    expect(handles.size).toBeGreaterThan(15);
    for (const handle of handles) expect(handle).toMatch(/^[A-Za-z0-9_]+$/);
  });

  it("never hands out the same handle twice on one camsite, ignoring case", () => {
    const random = createRandom("registry");
    const registry = createNicknameRegistry({ lowercaseCamSiteIds: [33] });
    const taken = Array.from({ length: 500 }, () =>
      registry.take(random, 33, { firstName: "Mia", lastName: "Fox" }),
    );
    expect(new Set(taken.map((n) => n.toLowerCase())).size).toBe(500);
    expect(taken.every((n) => n === n.toLowerCase())).toBe(true);
  });
});

describe("factories", () => {
  it("createUser inserts a camfan with unique nick name and email", async () => {
    const a = await createUser(handle.db);
    const b = await createUser(handle.db, { roleId: 1, passwordHash: "hash" });
    expect(a.id).toBeGreaterThan(0);
    expect(a.roleId).toBe(2);
    expect(b.roleId).toBe(1);
    expect(b.passwordHash).toBe("hash");
    expect(a.nickName).not.toBe(b.nickName);
    expect(a.email).toMatch(/@example\.com$/);
    expect(a.nickName.length).toBeLessThanOrEqual(32);
  });

  it("createModel inserts an adult model with nicknames and tags", async () => {
    const tag = await createTag(handle.db, { name: "blonde" });
    const model = await createModel(handle.db, {
      name: "Luna Rivers",
      nicknames: [
        { camSiteId: 33, nickname: "lunarivers" },
        { camSiteId: 36, nickname: "LunaRiversX", type: "solo" },
      ],
      tagIds: [tag.id],
    });
    expect(model.name).toBe("Luna Rivers");
    expect(model.slug).toMatch(/^luna-rivers-/);
    expect(model.nicknames.map((n) => n.camSiteId)).toEqual([33, 36]);
    expect(model.nicknames.every((n) => n.modelId === model.id && n.activityStatusId === 100)).toBe(true);
    const age = (Date.now() - new Date(model.birthday!).getTime()) / (365.25 * 86_400_000);
    expect(age).toBeGreaterThanOrEqual(18);
    expect(age).toBeLessThan(46);
  });

  it("createNickname, createMedia, createModelLink and createModelRating insert valid rows", async () => {
    const model = await createModel(handle.db);
    const nickname = await createNickname(handle.db, { modelId: model.id });
    expect(nickname.camSiteId).toBe(33);
    const media = await createMedia(handle.db);
    expect(media.path).toMatch(/^avatars\/.+\.webp$/);
    expect(media.kind).toBe("avatar");
    const link = await createModelLink(handle.db, { modelId: model.id });
    expect(link.url).toMatch(/^https:\/\//);
    const user = await createUser(handle.db);
    await createModelRating(handle.db, { modelId: model.id, userId: user.id, rating: 4 });
    const other = await createUser(handle.db);
    await createModelRating(handle.db, { modelId: model.id, userId: other.id, rating: 5 });
    const updated = await handle.db.query.models.findFirst({ where: (m, { eq }) => eq(m.id, model.id) });
    expect(updated).toMatchObject({ ratingVotes: 2, ratingSum: 9, rating: 4.5 });
  });
});
