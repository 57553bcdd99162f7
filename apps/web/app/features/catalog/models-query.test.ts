import { describe, expect, it } from "vitest";
import { modelsApiQuery, modelsHref, parseModelsState, toggleId } from "./models-query.ts";

describe("models page state", () => {
  it("reads filters, order and page from the address", () => {
    const state = parseModelsState(
      new URLSearchParams("query=%20anna%20&tag=3&tag=1&camsite=33&order=newest&page=2&tag=x"),
    );
    expect(state).toEqual({ query: "anna", tags: [1, 3], camsites: [33], order: "newest", page: 2 });
  });

  it("ignores unknown orders and bad pages", () => {
    const state = parseModelsState(new URLSearchParams("order=drop&page=-4"));
    expect(state.order).toBe("");
    expect(state.page).toBe(1);
  });

  it("asks the API with the spec's list parameters and 12 per page", () => {
    const query = modelsApiQuery({ query: "", tags: [2], camsites: [], order: "rating", page: 3 });
    expect(query).toMatchObject({ tags_id_list: [2], order_by: "rating", page: 3, per_page: 12 });
    expect(query.cam_site_ids).toBeUndefined();
  });

  it("builds links that restart at page 1 when a filter changes", () => {
    const state = { query: "mia", tags: [1], camsites: [33], order: "" as const, page: 4 };
    expect(modelsHref(state, { page: 5 })).toBe("/models?query=mia&tag=1&camsite=33&page=5");
    expect(modelsHref(state, { tags: toggleId(state.tags, 2) })).toBe(
      "/models?query=mia&tag=1&tag=2&camsite=33",
    );
    expect(modelsHref({ query: "", tags: [], camsites: [], order: "", page: 1 })).toBe("/models");
  });
});
