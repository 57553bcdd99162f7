import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

it("documents the public shell endpoints in the OpenAPI document", async () => {
  const res = await t.call("GET", "/api/openapi.json");
  expect(res.status).toBe(200);
  const doc = await res.json();
  for (const path of [
    "/api/media",
    "/api/media/comment-attachments",
    "/api/media/presigned",
    "/api/media/{id}",
    "/api/settings-object",
    "/api/settings/{name}",
    "/api/pages/{slug}",
    "/api/admin/pages",
    "/api/featured-models",
    "/api/admin/featured-models/{id}",
    "/api/adblock-statistics",
    "/api/legacy/resolve",
    "/api/sitemap-entries",
    "/api/client-errors",
  ]) {
    expect(Object.keys(doc.paths)).toContain(path);
  }
});

it("documents only the replies PUT /settings/{name} sends: an unknown name is a 422, not a 404", async () => {
  const doc = await (await t.call("GET", "/api/openapi.json")).json();
  const replies = Object.keys(doc.paths["/api/settings/{name}"].put.responses);
  expect(replies).toEqual(expect.arrayContaining(["200", "401", "403", "422"]));
  // routes.test.ts checks the 422 an unknown name gets.
  expect(replies).not.toContain("404");
});
