import { createModel } from "@camatlas/db/factories";
import { API_MESSAGES, CATALOG_MESSAGES, ROLE, SUCCESS_MESSAGES } from "@camatlas/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { auditOf, type SignedIn, signIn } from "../models/test-helpers.ts";

let t: TestApi;
let admin: SignedIn;
let fan: SignedIn;

beforeAll(async () => {
  t = await createTestApi();
  [admin, fan] = await Promise.all([signIn(t, ROLE.admin), signIn(t)]);
});
afterAll(() => t.close());

describe("model content", () => {
  it("creates generated text from a template combination, then uses a unique text when asked", async () => {
    const model = await createModel(t.database.db, {
      name: "Tess Ray",
      country: "CO",
      nicknames: [{ camSiteId: 33, nickname: "tessray" }],
    });
    expect(
      (await t.call("POST", `/api/admin/models/${model.id}/content`, { headers: fan.headers, body: {} }))
        .status,
    ).toBe(403);
    const created = await (
      await t.call("POST", `/api/admin/models/${model.id}/content`, {
        headers: admin.headers,
        body: { combination: [0, 1, 0, 2, 0] },
      })
    ).json();
    expect(created.message).toBe(SUCCESS_MESSAGES.modelContentCreated);
    expect(created.content.generated_text).toContain("Tess Ray is a webcam model");
    expect(created.content.generated_text).toContain("Her home country is Colombia.");
    expect(created.content.combination).toEqual([0, 1, 0, 2, 0]);
    let profile = await (await t.call("GET", `/api/models/${model.id}`)).json();
    expect(profile.description).toBe(created.content.generated_text);

    const updated = await (
      await t.call("POST", `/api/admin/models/${model.id}/content`, {
        headers: admin.headers,
        body: { unique_text: "Tess is unique.", is_unique_text_used: true },
      })
    ).json();
    expect(updated.message).toBe(SUCCESS_MESSAGES.modelContentUpdated);
    expect(updated.content.generated_text).toBe(created.content.generated_text);
    profile = await (await t.call("GET", `/api/models/${model.id}`)).json();
    expect(profile).toMatchObject({ description: "Tess is unique.", is_unique_text_used: true });
    expect(await auditOf(t, "model", model.id)).toEqual(["model.content_created", "model.content_updated"]);
    const read = await (
      await t.call("GET", `/api/admin/models/${model.id}/content`, { headers: admin.headers })
    ).json();
    expect(read).toMatchObject({
      unique_text: "Tess is unique.",
      is_unique_text_used: true,
      text: "Tess is unique.",
    });
    expect(
      (await t.call("GET", `/api/admin/models/${model.id}/content`, { headers: fan.headers })).status,
    ).toBe(403);
  });

  it("creates the generated text from an empty body once, then refuses an empty update (422, nothing written)", async () => {
    const model = await createModel(t.database.db, { name: "Empty Body" });
    const path = `/api/admin/models/${model.id}/content`;
    const first = await t.call("POST", path, { headers: admin.headers, body: {} });
    expect(first.status).toBe(200);
    expect((await first.json()).message).toBe(SUCCESS_MESSAGES.modelContentCreated);
    const again = await t.call("POST", path, { headers: admin.headers, body: {} });
    expect(again.status).toBe(422);
    expect(await again.json()).toEqual({
      message: API_MESSAGES.validationFailed,
      errors: { body: [CATALOG_MESSAGES.nothingToChange] },
    });
    expect(await auditOf(t, "model", model.id)).toEqual(["model.content_created"]);
  });
});
