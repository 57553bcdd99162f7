import { createModel } from "@camatlas/db/factories";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
  await createModel(t.database.db, {
    name: "Scarlett Vega",
    nicknames: [{ camSiteId: 33, nickname: "ScarlettVegaXO" }],
  });
  await createModel(t.database.db, {
    name: "Bella Noir",
    nicknames: [{ camSiteId: 12, nickname: "bellanoir" }],
  });
  for (let i = 0; i < 10; i++)
    await createModel(t.database.db, {
      name: `Sam Sample ${i}`,
      nicknames: [{ camSiteId: 36, nickname: `samsample${i}` }],
    });
});
afterAll(() => t.close());

describe("GET /api/search/typeahead", () => {
  it("finds a model by a misspelt nickname, saying which nickname and camsite matched", async () => {
    const { data } = await (await t.call("GET", "/api/search/typeahead?query=ScarletVegaXO")).json();
    expect(data[0]).toMatchObject({
      name: "Scarlett Vega",
      matched: "ScarlettVegaXO",
      cam_site: { id: 33, name: "Chaturbate" },
    });
  });

  it("finds by a misspelt name and returns at most 8", async () => {
    expect((await (await t.call("GET", "/api/search/typeahead?query=Bela%20Noir")).json()).data[0].name).toBe(
      "Bella Noir",
    );
    const { data } = await (await t.call("GET", "/api/search/typeahead?query=samsample")).json();
    expect(data).toHaveLength(8);
    expect((await (await t.call("GET", "/api/search/typeahead?query=s")).json()).data).toEqual([]);
  });
});
