import { ACCOUNT_BLOCK_MESSAGES, TOKEN_ERRORS } from "@camatlas/shared";
import { Hono } from "hono";
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { ApiDeps, AppEnv } from "../app-env.ts";
import { createMemoryDenyList, createTokenService } from "../modules/auth/token-service.ts";
import { authenticate, requireUser, tokenOf } from "./authenticate.ts";
import { handleError } from "./error-handler.ts";

function setup() {
  const clock = { now: Date.parse("2026-06-01T00:00:00Z") };
  const tokens = createTokenService({
    secret: "auth-hook-test-secret-long-enough-0123456789",
    ttlSeconds: 3600,
    refreshTtlSeconds: 86_400,
    denyList: createMemoryDenyList(() => clock.now),
    now: () => clock.now,
  });
  const people = new Map([
    [1, { id: 1, roleId: 2, nickName: "fan", blockedAt: null as Date | null, sessionVersion: 0 }],
    [2, { id: 2, roleId: 2, nickName: "blocked", blockedAt: new Date(), sessionVersion: 0 }],
    [
      3,
      {
        id: 3,
        roleId: 2,
        nickName: "was_blocked",
        blockedAt: new Date("2026-01-01T00:00:00Z"),
        blockedUntil: new Date("2026-02-01T00:00:00Z"),
        sessionVersion: 0,
      },
    ],
  ]);
  const deps = {
    logger: pino({ level: "silent" }),
    tokens,
    users: { findForAuth: async (id: number) => people.get(id) ?? null },
  } as unknown as ApiDeps;
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  app.use("*", authenticate());
  app.get("/public", (c) => c.json({ user: c.var.user }));
  app.get("/private", requireUser(), (c) => c.json({ user: c.var.user }));
  app.post("/private", requireUser(), (c) => c.json({ saved: true }));
  app.post("/auth/cross-site/logout", (c) => c.json({ out: true }));
  app.onError(handleError);
  return { app, tokens, clock, people };
}

describe("tokenOf", () => {
  it("prefers the bearer header over the cookie", () => {
    expect(tokenOf("Bearer abc", "def")).toBe("abc");
    expect(tokenOf(undefined, "def")).toBe("def");
    expect(tokenOf("Basic xyz", undefined)).toBeNull();
  });
});

describe("authenticate + requireUser", () => {
  it("treats a caller without a token as a guest and refuses private calls with 401", async () => {
    const { app } = setup();
    expect(await (await app.request("/public")).json()).toEqual({ user: null });
    const res = await app.request("/private");
    expect(res.status).toBe(401);
  });

  it("resolves the user from a bearer token or the token cookie", async () => {
    const { app, tokens } = setup();
    const token = await tokens.issue({ id: 1, roleId: 2 });
    const viaHeader = await app.request("/private", { headers: { authorization: `Bearer ${token}` } });
    expect((await viaHeader.json()).user).toEqual({ id: 1, roleId: 2, nickName: "fan" });
    const viaCookie = await app.request("/private", { headers: { cookie: `token=${token}` } });
    expect(viaCookie.status).toBe(200);
  });

  it("answers an expired token with 401 'Token has expired' on private calls, guest on public ones", async () => {
    const { app, tokens, clock } = setup();
    const token = await tokens.issue({ id: 1, roleId: 2 });
    clock.now += 2 * 3600 * 1000;
    const res = await app.request("/private", { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: TOKEN_ERRORS.expired });
    expect((await app.request("/public", { headers: { authorization: `Bearer ${token}` } })).status).toBe(
      200,
    );
  });

  it("refuses a blacklisted token with the spec's message", async () => {
    const { app, tokens } = setup();
    const token = await tokens.issue({ id: 1, roleId: 2 });
    await tokens.revoke(token);
    const res = await app.request("/private", { headers: { authorization: `Bearer ${token}` } });
    expect(await res.json()).toEqual({ message: TOKEN_ERRORS.blacklisted });
  });

  it("refuses a token issued before the user's last password change, public calls treating it as a guest", async () => {
    const { app, tokens, people } = setup();
    const before = await tokens.issue({ id: 1, roleId: 2, sessionVersion: 0 });
    people.get(1)!.sessionVersion = 1;
    const after = await tokens.issue({ id: 1, roleId: 2, sessionVersion: 1 });
    const refused = await app.request("/private", { headers: { authorization: `Bearer ${before}` } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: TOKEN_ERRORS.blacklisted });
    const asGuest = await app.request("/public", { headers: { cookie: `token=${before}` } });
    expect(await asGuest.json()).toEqual({ user: null });
    const current = await app.request("/private", { headers: { authorization: `Bearer ${after}` } });
    expect((await current.json()).user).toEqual({ id: 1, roleId: 2, nickName: "fan" });
  });

  it("lets a blocked user read and sign out, and refuses their writes with 403 saying why", async () => {
    const { app, tokens } = setup();
    const headers = { authorization: `Bearer ${await tokens.issue({ id: 2, roleId: 2 })}` };
    const read = await app.request("/private", { headers });
    expect(read.status).toBe(200);
    expect((await read.json()).user).toMatchObject({ id: 2, blocked: true });
    const write = await app.request("/private", { method: "POST", headers });
    expect(write.status).toBe(403);
    expect((await write.json()).message).toBe(ACCOUNT_BLOCK_MESSAGES.writesRefused);
    expect((await app.request("/auth/cross-site/logout", { method: "POST", headers })).status).toBe(200);
  });

  it("treats a block whose end has passed as no block", async () => {
    const { app, tokens } = setup();
    const headers = { authorization: `Bearer ${await tokens.issue({ id: 3, roleId: 2 })}` };
    expect((await app.request("/private", { method: "POST", headers })).status).toBe(200);
  });
});
