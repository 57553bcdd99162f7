import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { TOO_MANY_REQUESTS } from "./app-wide-replies.ts";

let t: TestApi;
// biome-ignore lint/suspicious/noExplicitAny: the document is read loosely; each assertion pins what a client needs.
let doc: any;
beforeAll(async () => {
  t = await createTestApi({ PUBLIC_URL: "https://camatlas.example.org/" });
  const res = await t.call("GET", "/api/openapi.json");
  expect(res.status).toBe(200);
  doc = await res.json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(
    doc.paths as Record<string, Record<string, { security?: unknown[]; responses: object }>>,
  ).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method, path, operation })),
  );

it("says where the site runs and under which terms", () => {
  expect(doc.servers).toEqual([
    {
      url: "https://camatlas.example.org",
      description: "This site (PUBLIC_URL); every path starts with /api",
    },
  ]);
  expect(doc.info.license).toEqual({ name: "Terms of use", url: "https://camatlas.example.org/terms" });
});

it("gives every operation a security requirement: the optional session for public ones", () => {
  const login = doc.paths["/api/login"].post;
  expect(login.security).toEqual([{}, { bearerAuth: [] }, { cookieAuth: [] }]);
  expect(doc.paths["/api/profile"].get.security).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
  expect(operations().filter(({ operation }) => !operation.security?.length)).toEqual([]);
});

it("documents the per-IP limit's 429 on every operation, reads included", () => {
  const camsites = doc.paths["/api/cam-sites"].get.responses["429"];
  expect(camsites.description).toBe(TOO_MANY_REQUESTS);
  expect(camsites.content["application/json"].schema.properties.message).toBeDefined();
  expect(operations().filter(({ operation }) => !("429" in operation.responses))).toEqual([]);
});
