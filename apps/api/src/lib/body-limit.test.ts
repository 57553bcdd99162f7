import { API_MESSAGES, BODY_LIMITS } from "@camatlas/shared";
import { OpenAPIHono } from "@hono/zod-openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "../app-env.ts";
import { handleError } from "../middleware/error-handler.ts";
import { createTestApi, type TestApi } from "../testing/test-api.ts";
import { bodyLimit } from "./body-limit.ts";

function cappedEcho(maxBytes: number) {
  const app = new OpenAPIHono<AppEnv>();
  app.post("/echo", bodyLimit(maxBytes, "Too big."), async (c) =>
    c.json({ bytes: (await c.req.text()).length }),
  );
  app.onError(handleError);
  return app;
}

/** A body sent in chunks without a Content-Length (what a client streaming a huge body does). */
function chunked(chunks: number, size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent++ >= chunks) controller.close();
      else controller.enqueue(new Uint8Array(size).fill(120));
    },
  });
}

describe("bodyLimit", () => {
  it("passes a body within the cap on to the handler", async () => {
    const res = await cappedEcho(100).request("/echo", { method: "POST", body: "x".repeat(100) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ bytes: 100 });
  });

  it("refuses a declared length over the cap with 413 {message}", async () => {
    const res = await cappedEcho(100).request("/echo", { method: "POST", body: "x".repeat(101) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: "Too big." });
  });

  it("counts the bytes of a body without a length and stops reading past the cap", async () => {
    const body = chunked(1_000, 1024);
    const request = new Request("http://localhost/echo", {
      method: "POST",
      body,
      duplex: "half",
    } as RequestInit);
    const res = await cappedEcho(10 * 1024).fetch(request);
    expect(res.status).toBe(413);
  });
});

describe("every write route has a body limit", () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi();
  });
  afterAll(() => t.close());

  it("answers 413 to a 10 MB body on unauthenticated JSON endpoints, before parsing it", async () => {
    const big = JSON.stringify({ token: "x".repeat(10 * 1024 * 1024) });
    for (const path of ["/api/auth/token/check", "/api/adblock-statistics", "/api/login"]) {
      const res = await t.call("POST", path, { body: big });
      expect(res.status, path).toBe(413);
      expect(await res.json()).toEqual({ message: API_MESSAGES.bodyTooLarge });
    }
  });

  it("takes bodies up to the JSON default and documents the limit", async () => {
    const token = "x".repeat(BODY_LIMITS.json - 100);
    expect((await t.call("POST", "/api/auth/token/check", { body: { token } })).status).toBe(422);
    const doc = await (await t.call("GET", "/api/openapi.json")).json();
    expect(doc.paths["/api/login"].post.responses["413"].description).toBe("Body over 64 KB");
    expect(doc.paths["/api/admin/pages"].post.responses["413"].description).toBe("Body over 512 KB");
  });
});
