import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

it("documents every catalog endpoint at /api/openapi.json", async () => {
  const res = await t.call("GET", "/api/openapi.json");
  expect(res.status).toBe(200);
  const paths = Object.keys((await res.json()).paths);
  for (const path of [
    "/api/models",
    "/api/models/{id}",
    "/api/models/by-slug/{slug}",
    "/api/models/{id}/like-her",
    "/api/admin/models/{id}",
    "/api/models/{id}/change-rating",
    "/api/models/{id}/block",
    "/api/models/{id}/unblock",
    "/api/models/{id}/change-avatar-accessibility",
    "/api/models/{id}/visibility-settings",
    "/api/models/{id}/bind/{userId}",
    "/api/models/{id}/unbind",
    "/api/models/bind-many/{userId}",
    "/api/models/{id}/reports",
    "/api/models/{id}/verification-requests",
    "/api/model-links",
    "/api/model-nicknames",
    "/api/model-nicknames/{id}/removal-request",
    "/api/tags",
    "/api/search/typeahead",
    "/api/cam-sites",
    "/api/cam-sites/{id}",
    "/api/cam-sites/get-by-slug/{slug}",
    "/api/cam-site-meta",
    "/api/admin/revisions",
    "/api/admin/revisions/{id}/approve",
    "/api/admin/nickname-removals",
    "/api/admin/new-models",
    "/api/admin/verification-requests",
    "/api/admin/model-reports",
    "/api/admin/models/{id}/content",
  ])
    expect(paths).toContain(path);
});

it("documents the replies POST /models can send, 403 (another site's write) and 404 (read back) included", async () => {
  const doc = await (await t.call("GET", "/api/openapi.json")).json();
  const replies = Object.keys(doc.paths["/api/models"].post.responses);
  expect(replies).toEqual(expect.arrayContaining(["201", "401", "403", "404", "422"]));
});
