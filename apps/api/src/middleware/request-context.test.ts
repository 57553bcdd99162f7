import { Hono } from "hono";
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { ApiDeps, AppEnv } from "../app-env.ts";
import { requestContext } from "./request-context.ts";

function appEchoingIp(trustProxy = false) {
  const deps = {
    logger: pino({ level: "silent" }),
    clientIpHeader: "CamAtlas-Client-Ip",
    internalToken: "secret-internal-token",
    env: { TRUST_PROXY: trustProxy },
  } as unknown as ApiDeps;
  const app = new Hono<AppEnv>();
  app.use("*", requestContext(deps));
  app.get("/ip", (c) => c.json({ ip: c.var.clientIp, requestId: c.var.requestId }));
  return app;
}

const ipOf = async (app: Hono<AppEnv>, headers: Record<string, string>) =>
  (await (await app.request("/ip", { headers })).json()).ip;

describe("requestContext client IP", () => {
  it("trusts the product client IP header only from the SSR server (internal token)", async () => {
    const app = appEchoingIp();
    expect(
      await ipOf(app, { "CamAtlas-Client-Ip": "203.0.113.9", "x-internal-token": "secret-internal-token" }),
    ).toBe("203.0.113.9");
    expect(await ipOf(app, { "CamAtlas-Client-Ip": "203.0.113.9" })).not.toBe("203.0.113.9");
    expect(await ipOf(app, { "CamAtlas-Client-Ip": "203.0.113.9", "x-internal-token": "guess" })).not.toBe(
      "203.0.113.9",
    );
  });

  it("reads the first X-Forwarded-For entry only behind a trusted proxy", async () => {
    const headers = { "x-forwarded-for": "198.51.100.4, 10.0.0.1" };
    expect(await ipOf(appEchoingIp(true), headers)).toBe("198.51.100.4");
    expect(await ipOf(appEchoingIp(false), headers)).not.toBe("198.51.100.4");
  });

  it("gives every request an id, echoing a sane incoming one", async () => {
    const res = await appEchoingIp().request("/ip", { headers: { "x-request-id": "abc-123" } });
    expect(res.headers.get("x-request-id")).toBe("abc-123");
    expect((await appEchoingIp().request("/ip")).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("requestContext request id", () => {
  it("replaces an incoming id that is not plain", async () => {
    const res = await appEchoingIp().request("/ip", { headers: { "x-request-id": 'bad id {"level":60}' } });
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
