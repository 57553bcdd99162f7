import { createModel, createUser } from "@camatlas/db/factories";
import { API_MESSAGES, CAMSITE_ID, ROLE, VALIDATION_MESSAGES } from "@camatlas/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../testing/test-api.ts";

// The one check every request passes (validation-hook.ts): strict path ids (404), body ids within the column
// (422), and no NUL or lone surrogate in any string that would reach a column (422 on the field).

let t: TestApi;
let admin: Record<string, string>;
let fan: Record<string, string>;
let modelId: number;

beforeAll(async () => {
  t = await createTestApi();
  const adminUser = await createUser(t.database.db, { roleId: ROLE.admin });
  const fanUser = await createUser(t.database.db, { roleId: ROLE.camfan });
  admin = { authorization: `Bearer ${await t.deps.tokens.issue(adminUser)}` };
  fan = { authorization: `Bearer ${await t.deps.tokens.issue(fanUser)}` };
  modelId = (
    await createModel(t.database.db, {
      nicknames: [{ camSiteId: CAMSITE_ID.chaturbate, nickname: "hook_x" }],
    })
  ).id;
});
afterAll(() => t.close());

describe("path ids", () => {
  it("never reads 0x1F or 1e0 as a row: the page stays, 404", async () => {
    const created = await t.call("POST", "/api/admin/pages", {
      body: { slug: "strict-ids", title: "Strict ids" },
      headers: admin,
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    for (const spelled of [`0x${id.toString(16)}`, `${id}e0`, `${id}.0`, `0${id}`, `${id}%0A`, `+${id}`]) {
      const res = await t.call("DELETE", `/api/admin/pages/${spelled}`, { headers: admin });
      expect(res.status, spelled).toBe(404);
      expect(await res.json()).toEqual({ message: API_MESSAGES.notFound });
    }
    const list = await (await t.call("GET", "/api/admin/pages?per_page=100", { headers: admin })).json();
    expect(list.data.map((page: { id: number }) => page.id)).toContain(id);
  });

  it("answers 404 for ids past the integer column, 0, negative and fractional ones", async () => {
    for (const id of ["2147483648", "9007199254740992", "0", "-1", "1.5", "%00"]) {
      const res = await t.call("POST", `/api/models/${id}/change-rating`, {
        body: { rating: 5 },
        headers: fan,
      });
      expect(res.status, id).toBe(404);
    }
  });
});

describe("body ids", () => {
  it("refuses ids past the integer column on their field", async () => {
    for (const bad of [2 ** 31, 2 ** 53, 0, -1, 1.5]) {
      const res = await t.call("PUT", `/api/models/${modelId}`, {
        body: { tags_id_list: [bad] },
        headers: fan,
      });
      expect(res.status).toBe(422);
      expect((await res.json()).errors).toEqual({ "tags_id_list.0": [VALIDATION_MESSAGES.invalidId] });
    }
  });
});

describe("characters no column can hold", () => {
  it("refuses NUL in the sign-in email on its field (no sign-in attempt is made)", async () => {
    const res = await t.call("POST", "/api/login", { body: { email: "\u0000", password: "x" } });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      message: API_MESSAGES.validationFailed,
      errors: { email: [VALIDATION_MESSAGES.invalidCharacters] },
    });
  });

  it("refuses a lone surrogate bound for a jsonb column (a revision), and keeps paired ones", async () => {
    const lone = await t.call("PUT", `/api/models/${modelId}`, { body: { city: "x\udfffy" }, headers: fan });
    expect(lone.status).toBe(422);
    expect((await lone.json()).errors).toEqual({ city: [VALIDATION_MESSAGES.invalidCharacters] });
    const paired = await t.call("PUT", `/api/models/${modelId}`, { body: { city: "Rio 🙂" }, headers: fan });
    expect(paired.status).toBe(200);
  });

  it("refuses NUL in a query string", async () => {
    const res = await t.call("GET", "/api/models?query=a%00b");
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ query: [VALIDATION_MESSAGES.invalidCharacters] });
  });

  it("answers 404 for NUL in a path segment that is not an id", async () => {
    const res = await t.call("GET", "/api/pages/ab%00c");
    expect(res.status).toBe(404);
  });
});
