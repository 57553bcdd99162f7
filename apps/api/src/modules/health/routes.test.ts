import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

describe("GET /api/health", () => {
  it("answers ok after a database round trip", async () => {
    const res = await t.call("GET", "/api/health");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: "ok", database: "ok", engine: t.database.engine });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });
});

describe("unknown API routes", () => {
  it("answer 404 JSON with a message", async () => {
    const res = await t.call("GET", "/api/no-such-endpoint");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ message: expect.any(String) });
  });
});

describe("API docs", () => {
  it("serve an OpenAPI document generated from the route schemas", async () => {
    const res = await t.call("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/health", "/api/models", "/api/cam-sites", "/api/login"]),
    );
  });

  it("render a readable page at /api/docs", async () => {
    const res = await t.call("GET", "/api/docs");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("/api/models");
  });
});
