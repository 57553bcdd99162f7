import { CATALOG_MESSAGES, ROLE } from "@camatlas/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { type SignedIn, signIn } from "../models/test-helpers.ts";

let t: TestApi;
let fan: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApi();
  [fan, admin] = await Promise.all([signIn(t), signIn(t, ROLE.admin)]);
});
afterAll(() => t.close());

describe("tags", () => {
  it("admins create and rename tags; everyone lists them with model counts", async () => {
    expect(
      (await t.call("POST", "/api/admin/tags", { headers: fan.headers, body: { name: "redhead" } })).status,
    ).toBe(403);
    const created = await t.call("POST", "/api/admin/tags", {
      headers: admin.headers,
      body: { name: "redhead" },
    });
    expect(created.status).toBe(201);
    const { tag } = await created.json();
    expect(tag).toMatchObject({ name: "redhead", slug: "redhead" });
    const dup = await t.call("POST", "/api/admin/tags", {
      headers: admin.headers,
      body: { name: "Redhead" },
    });
    expect((await dup.json()).errors.name).toEqual([CATALOG_MESSAGES.tagTaken]);
    await t.call("PUT", `/api/admin/tags/${tag.id}`, { headers: admin.headers, body: { name: "red hair" } });
    const list = await (await t.call("GET", "/api/tags?query=red")).json();
    expect(list.data).toEqual([
      expect.objectContaining({ name: "red hair", slug: "red-hair", models_count: 0 }),
    ]);
    expect(list.can).toEqual({ create: false, edit: false });
  });

  it("refuses an update that changes nothing (422 on body), without touching the tag", async () => {
    const { tag } = await (
      await t.call("POST", "/api/admin/tags", { headers: admin.headers, body: { name: "unchanged" } })
    ).json();
    for (const body of [{}, { name: undefined }]) {
      const res = await t.call("PUT", `/api/admin/tags/${tag.id}`, { headers: admin.headers, body });
      expect(res.status).toBe(422);
      expect((await res.json()).errors).toEqual({ body: [CATALOG_MESSAGES.nothingToChange] });
    }
    const list = await (await t.call("GET", "/api/tags?query=unchanged")).json();
    expect(list.data).toEqual([expect.objectContaining({ name: "unchanged" })]);
  });
});
