import { schema } from "@camatlas/db";
import { createMedia, createModel, createUser } from "@camatlas/db/factories";
import { ROLE, SHELL_MESSAGES, VALIDATION_MESSAGES } from "@camatlas/shared";
import { modelCardSchema } from "@camatlas/shared/schemas/model-card";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";

let t: TestApi;
let admin: string;
let fan: string;
const m: Record<string, number> = {};
const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

beforeAll(async () => {
  t = await createTestApi();
  const { db } = t.database;
  const adminUser = await createUser(db, { roleId: ROLE.admin });
  const fanUser = await createUser(db);
  admin = `Bearer ${await t.deps.tokens.issue({ id: adminUser.id, roleId: ROLE.admin })}`;
  fan = `Bearer ${await t.deps.tokens.issue({ id: fanUser.id, roleId: ROLE.camfan })}`;
  const avatar = await createMedia(db, { path: "avatars/ava.webp" });
  m.ava = (
    await createModel(db, {
      slug: "ava",
      name: "Ava",
      avatarMediaId: avatar.id,
      nicknames: [{ camSiteId: 33, nickname: "AvaCam" }],
    })
  ).id;
  m.bea = (await createModel(db, { slug: "bea", name: "Bea" })).id;
  m.hidden = (await createModel(db, { slug: "hidden", isVisible: false })).id;
  m.members = (await createModel(db, { slug: "members-only", pageVisibleFor: "only_registered_users" })).id;
  m.later = (await createModel(db, { slug: "later" })).id;
  m.past = (await createModel(db, { slug: "past" })).id;
  m.picture = (await createMedia(db, { path: "featured/bea.webp", kind: "featured_model" })).id;
});
afterAll(() => t.close());

const asAdmin = (method: string, path: string, body?: unknown) =>
  t.call(method, `/api${path}`, { body, headers: { authorization: admin } });
const featured = async () => (await t.call("GET", "/api/featured-models")).json();

describe("featured models", () => {
  it("admins feature models; visitors see the visible ones inside their period, in admin order", async () => {
    const create = async (body: Record<string, unknown>) => {
      const res = await asAdmin("POST", "/admin/featured-models", body);
      expect(res.status).toBe(201);
      return res.json();
    };
    await create({ model_id: m.ava, position: 2 });
    const bea = await create({ model_id: m.bea, position: 1, media_id: m.picture });
    expect(bea).toMatchObject({ model_slug: "bea", image: "/media/featured/bea.webp", is_current: true });
    await create({ model_id: m.hidden, position: 0 });
    await create({ model_id: m.members, position: 0 });
    const later = await create({ model_id: m.later, position: 0, starts_at: at(1) });
    expect(later.is_current).toBe(false);
    await create({ model_id: m.past, position: 0, starts_at: at(-10), ends_at: at(-1) });

    const list = await featured();
    expect(list.map((f: { model: { slug: string } }) => f.model.slug)).toEqual(["bea", "ava"]);
    expect(list[0].image).toBe("/media/featured/bea.webp");
    expect(list[1].image).toBeNull();
    // The same card shape as GET /models.
    expect(() => modelCardSchema.parse(list[1].model)).not.toThrow();
    expect(list[1].model).toMatchObject({ avatar_path: "/media/avatars/ava.webp", name: "Ava" });
    expect(list[1].model.nicknames.map((n: { nickname: string }) => n.nickname)).toEqual(["AvaCam"]);
  });

  it("shows members-only models to signed-in visitors", async () => {
    const res = await t.call("GET", "/api/featured-models", { headers: { authorization: fan } });
    const slugs = (await res.json()).map((f: { model: { slug: string } }) => f.model.slug);
    expect(slugs).toEqual(["members-only", "bea", "ava"]);
  });

  it("leaves out a model blocked for the visitor's IP", async () => {
    await t.database.db
      .insert(schema.modelBlocks)
      .values({ modelId: m.bea!, blockableType: "ip", location: "198.51.100.23" });
    const fromBlockedIp = await t.call("GET", "/api/featured-models", {
      headers: { "x-internal-token": "test-internal-token", "CamAtlas-Client-Ip": "198.51.100.23" },
    });
    expect((await fromBlockedIp.json()).map((f: { model: { slug: string } }) => f.model.slug)).toEqual([
      "ava",
    ]);
    expect((await featured()).map((f: { model: { slug: string } }) => f.model.slug)).toEqual(["bea", "ava"]);
    await t.database.db.delete(schema.modelBlocks);
  });

  it("shows at most ten", async () => {
    for (let i = 0; i < 10; i++) {
      const model = await createModel(t.database.db, { slug: `extra-${i}` });
      await asAdmin("POST", "/admin/featured-models", { model_id: model.id, position: 50 + i });
    }
    expect(await featured()).toHaveLength(10);
    const all = await (await asAdmin("GET", "/admin/featured-models")).json();
    expect(all.length).toBe(16);
  });

  it("answers 422 for an unknown model or picture, or a period ending before it starts", async () => {
    const unknown = await asAdmin("POST", "/admin/featured-models", { model_id: 999_999, media_id: 888_888 });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors).toEqual({
      model_id: [SHELL_MESSAGES.modelNotFound],
      media_id: [VALIDATION_MESSAGES.mediaNotFound],
    });
    const backwards = await asAdmin("POST", "/admin/featured-models", {
      model_id: m.bea,
      starts_at: at(2),
      ends_at: at(1),
    });
    expect((await backwards.json()).errors.ends_at).toEqual([SHELL_MESSAGES.endsBeforeStart]);
  });

  it("refuses non-admins", async () => {
    const res = await t.call("POST", "/api/admin/featured-models", {
      body: { model_id: m.bea },
      headers: { authorization: fan },
    });
    expect(res.status).toBe(403);
    expect((await t.call("GET", "/api/admin/featured-models")).status).toBe(401);
  });

  it("reorders, re-times and removes entries", async () => {
    const all = await (await asAdmin("GET", "/admin/featured-models")).json();
    const ava = all.find((f: { model_slug: string }) => f.model_slug === "ava");
    const later = all.find((f: { model_slug: string }) => f.model_slug === "later");

    expect((await asAdmin("PUT", `/admin/featured-models/${ava.id}`, { position: 0 })).status).toBe(200);
    expect((await featured())[0].model.slug).toBe("ava");

    const bad = await asAdmin("PUT", `/admin/featured-models/${later.id}`, { ends_at: at(0.5) });
    expect((await bad.json()).errors.ends_at).toEqual([SHELL_MESSAGES.endsBeforeStart]);
    const now = await asAdmin("PUT", `/admin/featured-models/${later.id}`, { starts_at: null, position: 1 });
    expect(await now.json()).toMatchObject({ is_current: true, starts_at: null });
    expect((await featured()).map((f: { model: { slug: string } }) => f.model.slug).slice(0, 3)).toEqual([
      "ava",
      "bea",
      "later",
    ]);

    expect((await asAdmin("DELETE", `/admin/featured-models/${ava.id}`)).status).toBe(200);
    expect((await featured())[0].model.slug).toBe("bea");
    expect((await asAdmin("DELETE", `/admin/featured-models/${ava.id}`)).status).toBe(404);
    expect((await asAdmin("PUT", `/admin/featured-models/${ava.id}`, { position: 1 })).status).toBe(404);
  });
});
