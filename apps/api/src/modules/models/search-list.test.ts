import { schema } from "@camatlas/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";

let t: TestApi;
let ids: number[] = [];

beforeAll(async () => {
  t = await createTestApi();
  const rows = await t.database.db
    .insert(schema.models)
    .values(Array.from({ length: 250 }, (_, i) => ({ slug: `twin-cap-${i}`, name: "Twin Cap" })))
    .returning({ id: schema.models.id });
  ids = rows.map((r) => r.id).sort((a, b) => a - b);
});
afterAll(() => t.close());

describe("GET /api/models?query=", () => {
  it("lists at most 240 models of a search (20 pages), equally close ones oldest first", async () => {
    const first = await (await t.call("GET", "/api/models?query=Twin%20Cpa")).json();
    expect(first).toMatchObject({ total: 240, current_page: 1, last_page: 20 });
    expect(first.data.map((m: { id: number }) => m.id)).toEqual(ids.slice(0, 12));
    const last = await (await t.call("GET", "/api/models?query=Twin%20Cpa&page=20")).json();
    expect(last.data.map((m: { id: number }) => m.id)).toEqual(ids.slice(228, 240));
  });
});
