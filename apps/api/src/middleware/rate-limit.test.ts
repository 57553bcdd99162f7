import { Hono } from "hono";
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { ApiDeps, AppEnv } from "../app-env.ts";
import { createMemoryRateLimitStore } from "../lib/rate-limit-store.ts";
import { handleError } from "./error-handler.ts";
import { defaultRateLimit, rateLimit } from "./rate-limit.ts";

function appWith(middleware: ReturnType<typeof rateLimit>, clientIp = "203.0.113.7") {
  const deps = {
    rateLimitStore: createMemoryRateLimitStore(),
    logger: pino({ level: "silent" }),
  } as unknown as ApiDeps;
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    c.set("clientIp", (c.req.header("x-test-ip") ?? clientIp) as string);
    await next();
  });
  app.use("*", middleware);
  app.all("/x", (c) => c.json({ ok: true }));
  app.onError(handleError);
  return app;
}

describe("rateLimit", () => {
  it("answers 429 with Retry-After once the limit is passed, per client IP", async () => {
    const app = appWith(rateLimit({ name: "login", limit: 2, windowMs: 60_000 }));
    expect((await app.request("/x")).status).toBe(200);
    expect((await app.request("/x")).status).toBe(200);
    const limited = await app.request("/x");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ message: expect.any(String) });
    // Another visitor is not affected.
    expect((await app.request("/x", { headers: { "x-test-ip": "198.51.100.1" } })).status).toBe(200);
  });

  it("gives writes a tighter budget than reads", async () => {
    const app = appWith(defaultRateLimit(1));
    expect((await app.request("/x", { method: "POST" })).status).toBe(200);
    expect((await app.request("/x", { method: "POST" })).status).toBe(429);
    expect((await app.request("/x")).status).toBe(200);
  });
});
