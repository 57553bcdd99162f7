import { schema } from "@camatlas/db";
import { createMedia, createModel, createUser } from "@camatlas/db/factories";
import { ROLE } from "@camatlas/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";

let t: TestApi;
let camgirlId: number;
let modelSlug: string;
beforeAll(async () => {
  t = await createTestApi();
  const { db } = t.database;
  const avatar = await createMedia(db, { path: "avatars/rosa.webp" });
  const camgirl = await createUser(db, {
    nickName: "Rosa_Cam",
    firstName: "Rosa",
    lastName: "Marquez",
    roleId: ROLE.camgirl,
    avatarMediaId: avatar.id,
    blockedAt: new Date(),
    passwordHash: "$argon2id$v=19$m=1,t=1,p=1$c2FsdA$aGFzaA",
  });
  camgirlId = camgirl.id;
  modelSlug = (await createModel(db, { name: "Rosa Marquez", userId: camgirl.id })).slug;
  await createUser(db, { nickName: "fan_anna", firstName: "Anna", lastName: "Berg", roleId: ROLE.camfan });
  await createUser(db, { nickName: "fan_bert", firstName: "Bert", lastName: "Larosa", roleId: ROLE.camfan });
  await createUser(db, { nickName: "gone_user", firstName: "Rosa", deletedAt: new Date() });
});
afterAll(() => t.close());

const PRIVATE_FIELDS = [
  "email",
  "password",
  "password_hash",
  "blocked_at",
  "last_login_at",
  "oauth_id",
  "birthday",
  "token",
];

describe("GET /api/users/{id} and /users/by-nick-name/{nick_name}", () => {
  it("shows the public profile with owned models and counts, never private fields", async () => {
    const res = await t.call("GET", `/api/users/${camgirlId}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      id: camgirlId,
      nick_name: "Rosa_Cam",
      full_name: "Rosa Marquez",
      avatar_path: "/media/avatars/rosa.webp",
      role_id: ROLE.camgirl,
      models: [{ name: "Rosa Marquez", slug: modelSlug }],
      stats: { comments: 0, reviews: 0, ratings: 0 },
    });
    for (const field of PRIVATE_FIELDS) expect(body).not.toHaveProperty(field);
    expect(JSON.stringify(body)).not.toMatch(/argon2|@example\.com/);

    const byNick = await t.call("GET", "/api/users/by-nick-name/rosa_cam");
    expect(byNick.status).toBe(200);
    expect((await byNick.json()).id).toBe(camgirlId);
  });

  it("answers 404 for unknown and deleted users", async () => {
    expect((await t.call("GET", "/api/users/999999")).status).toBe(404);
    expect((await t.call("GET", "/api/users/by-nick-name/gone_user")).status).toBe(404);
    expect((await t.call("GET", "/api/users/by-nick-name/nobody_here")).status).toBe(404);
  });
});

describe("GET /api/users", () => {
  it("searches nick, first and last names, filters by role and pages in the envelope", async () => {
    const rosa = await (await t.call("GET", "/api/users?query=rosa")).json();
    expect(rosa.data.map((u: { nick_name: string }) => u.nick_name).sort()).toEqual(["Rosa_Cam", "fan_bert"]);
    expect(rosa).toMatchObject({ total: 2, current_page: 1, last_page: 1 });
    for (const field of PRIVATE_FIELDS) expect(rosa.data[0]).not.toHaveProperty(field);

    const fans = await (await t.call("GET", `/api/users?role_id=${ROLE.camfan}&per_page=1&page=2`)).json();
    expect(fans).toMatchObject({ total: 2, current_page: 2, last_page: 2 });
    expect(fans.data).toHaveLength(1);

    const percent = await (await t.call("GET", "/api/users?query=%25")).json();
    expect(percent.total).toBe(0);
    expect((await t.call("GET", "/api/users?role_id=9")).status).toBe(422);
  });
});

describe("a user's models follow the model page's visibility", () => {
  it("hide a model visible only to her and admins, or geo-blocked for the viewer, from her profile", async () => {
    const { db } = t.database;
    const owner = await createUser(db, { nickName: "Vera_Hidden", roleId: ROLE.camgirl });
    const admin = await createUser(db, { roleId: ROLE.admin });
    const fan = await createUser(db, { roleId: ROLE.camfan });
    const bearer = async (user: { id: number; roleId: number }) => ({
      authorization: `Bearer ${await t.deps.tokens.issue({ id: user.id, roleId: user.roleId })}`,
    });
    const secret = await createModel(db, { name: "Vera Secret", userId: owner.id });
    await db
      .update(schema.models)
      .set({ pageVisibleFor: "only_model_and_admin" })
      .where(eq(schema.models.id, secret.id));
    const blocked = await createModel(db, { name: "Vera Blocked", userId: owner.id });
    await db
      .insert(schema.modelBlocks)
      .values({ modelId: blocked.id, blockableType: "country", location: "GB" });
    const open = await createModel(db, { name: "Vera Open", userId: owner.id });

    const namesOf = async (path: string, headers: Record<string, string> = {}) => {
      const res = await t.call("GET", path, { headers });
      expect(res.status).toBe(200);
      const body = await res.json();
      const user = "data" in body ? body.data.find((u: { id: number }) => u.id === owner.id) : body;
      return user.models.map((m: { name: string }) => m.name);
    };
    const fromGreatBritain = {
      "CamAtlas-Client-Ip": "81.2.69.142",
      "x-internal-token": "test-internal-token",
    };
    for (const path of [
      `/api/users/${owner.id}`,
      "/api/users/by-nick-name/Vera_Hidden",
      "/api/users?query=Vera_Hidden",
    ]) {
      expect(await namesOf(path)).toEqual(["Vera Blocked", "Vera Open"]);
      expect(await namesOf(path, await bearer(fan))).toEqual(["Vera Blocked", "Vera Open"]);
      expect(await namesOf(path, fromGreatBritain)).toEqual(["Vera Open"]);
      expect(await namesOf(path, await bearer(owner))).toEqual(["Vera Blocked", "Vera Open", "Vera Secret"]);
      expect(await namesOf(path, await bearer(admin))).toEqual(["Vera Blocked", "Vera Open", "Vera Secret"]);
    }
    // Her own account page lists every model bound to her.
    const own = await (
      await t.call("GET", "/api/profile?with[]=models", { headers: await bearer(owner) })
    ).json();
    expect(own.models.map((m: { name: string }) => m.name)).toEqual([
      "Vera Blocked",
      "Vera Open",
      "Vera Secret",
    ]);
    expect(open.id).toBeGreaterThan(0);
  });
});
