import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { checkServices } from "./service-checks.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

describe("GET /api/health", () => {
  it("answers ok after a database round trip; Redis is off without REDIS_URL", async () => {
    const res = await t.call("GET", "/api/health");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: "ok", database: "ok", redis: "off", engine: t.database.engine });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("GET /api/health/ready answers 200 while the database answers", async () => {
    const res = await t.call("GET", "/api/health/ready");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ready", database: "ok", redis: "off" });
  });

  it("documents liveness and readiness (with its 503) in the OpenAPI document", async () => {
    const doc = await (await t.call("GET", "/api/openapi.json")).json();
    expect(Object.keys(doc.paths["/api/health"].get.responses)).toContain("200");
    expect(Object.keys(doc.paths["/api/health/ready"].get.responses)).toEqual(
      expect.arrayContaining(["200", "503"]),
    );
  });
});

describe("service checks", () => {
  const redis = (state: "ok" | "down") => ({ ping: async () => state }) as never;
  it("say unreachable when the database fails or does not answer in time, and what Redis answered", async () => {
    const db = t.database.db;
    expect(await checkServices({ db, redis: null }, async () => true)).toEqual({
      database: "ok",
      redis: "off",
    });
    expect(
      await checkServices({ db, redis: redis("down") }, async () => {
        throw new Error("connection refused");
      }),
    ).toEqual({ database: "unreachable", redis: "down" });
    const hung = () => new Promise<boolean>(() => {});
    const started = performance.now();
    expect(await checkServices({ db, redis: redis("ok") }, hung, 100)).toEqual({
      database: "unreachable",
      redis: "ok",
    });
    expect(performance.now() - started).toBeLessThan(1_000);
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
