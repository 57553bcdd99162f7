import { TOKEN_ERRORS } from "@camatlas/shared";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { createMemoryDenyList, createTokenService, TokenError } from "./token-service.ts";

const HOUR = 3600;

const SECRET = "a-test-secret-that-is-long-enough-123456";

function serviceAt(clock: { now: number }, secret = SECRET) {
  return createTokenService({
    secret,
    ttlSeconds: HOUR,
    refreshTtlSeconds: 14 * 24 * HOUR,
    denyList: createMemoryDenyList(() => clock.now),
    now: () => clock.now,
  });
}

async function errorOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TokenError) return error.message;
    throw error;
  }
  return "no error";
}

describe("token service", () => {
  it("issues a token that verifies to its user and role", async () => {
    const clock = { now: Date.parse("2026-01-01T00:00:00Z") };
    const tokens = serviceAt(clock);
    const claims = await tokens.verify(await tokens.issue({ id: 42, roleId: 2 }));
    expect(claims).toMatchObject({ userId: 42, roleId: 2 });
  });

  it("says 'Token has expired' after the TTL, while the token can still be refreshed", async () => {
    const clock = { now: Date.parse("2026-01-01T00:00:00Z") };
    const tokens = serviceAt(clock);
    const token = await tokens.issue({ id: 1, roleId: 2 });
    clock.now += 2 * HOUR * 1000;
    expect(await errorOf(tokens.verify(token))).toBe(TOKEN_ERRORS.expired);
  });

  it("says it can no longer be refreshed after the refresh window", async () => {
    const clock = { now: Date.parse("2026-01-01T00:00:00Z") };
    const tokens = serviceAt(clock);
    const token = await tokens.issue({ id: 1, roleId: 2 });
    clock.now += 15 * 24 * HOUR * 1000;
    expect(await errorOf(tokens.verify(token))).toBe(TOKEN_ERRORS.refreshExpired);
    expect(await errorOf(tokens.refresh(token))).toBe(TOKEN_ERRORS.refreshExpired);
  });

  it("rejects a token signed with another secret, a tampered one and garbage", async () => {
    const clock = { now: Date.now() };
    const token = await serviceAt(clock, "another-secret-that-is-also-long-enough-xyz").issue({
      id: 1,
      roleId: 1,
    });
    const tokens = serviceAt(clock);
    expect(await errorOf(tokens.verify(token))).toBe(TOKEN_ERRORS.signatureInvalid);
    const own = await tokens.issue({ id: 1, roleId: 2 });
    const [header, , signature] = own.split(".");
    const forgedPayload = Buffer.from(
      JSON.stringify({ sub: "1", role: 1, jti: "x", exp: 9e9, iat: 0 }),
    ).toString("base64url");
    expect(await errorOf(tokens.verify(`${header}.${forgedPayload}.${signature}`))).toBe(
      TOKEN_ERRORS.signatureInvalid,
    );
    expect(await errorOf(tokens.verify("not-a-token"))).toBe(TOKEN_ERRORS.signatureInvalid);
  });

  it("refresh gives a new working token and blacklists the old one", async () => {
    const clock = { now: Date.parse("2026-01-01T00:00:00Z") };
    const tokens = serviceAt(clock);
    const old = await tokens.issue({ id: 7, roleId: 3 });
    clock.now += 2 * HOUR * 1000;
    const { token, claims } = await tokens.refresh(old);
    expect(claims).toMatchObject({ userId: 7, roleId: 3 });
    expect((await tokens.verify(token)).userId).toBe(7);
    expect(await errorOf(tokens.verify(old))).toBe(TOKEN_ERRORS.blacklisted);
    expect(await errorOf(tokens.refresh(old))).toBe(TOKEN_ERRORS.blacklisted);
  });

  it("refresh refuses a token of an earlier session version and issues with the stored one", async () => {
    const clock = { now: Date.parse("2026-01-01T00:00:00Z") };
    const tokens = serviceAt(clock);
    const stored = { id: 7, roleId: 3, sessionVersion: 2 };
    const subjectOf = async (id: number) => (id === stored.id ? stored : null);
    const stale = await tokens.issue({ id: 7, roleId: 3, sessionVersion: 1 });
    expect(await errorOf(tokens.refresh(stale, subjectOf))).toBe(TOKEN_ERRORS.blacklisted);
    const current = await tokens.issue({ id: 7, roleId: 3, sessionVersion: 2 });
    const { claims } = await tokens.refresh(current, subjectOf);
    expect(claims).toMatchObject({ userId: 7, sessionVersion: 2 });
    const gone = await tokens.issue({ id: 8, roleId: 2 });
    expect(await errorOf(tokens.refresh(gone, subjectOf))).toBe(TOKEN_ERRORS.blacklisted);
  });

  it("reads a token without a session version (issued before versions existed) as version 0", async () => {
    const clock = { now: Date.parse("2026-01-01T00:00:00Z") };
    const tokens = serviceAt(clock);
    const iat = Math.floor(clock.now / 1000);
    const legacy = await new SignJWT({ role: 2 })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject("3")
      .setJti("legacy-token")
      .setIssuedAt(iat)
      .setExpirationTime(iat + HOUR)
      .sign(new TextEncoder().encode(SECRET));
    expect((await tokens.verify(legacy)).sessionVersion).toBe(0);
  });

  it("revoke (logout) blacklists a token at once", async () => {
    const clock = { now: Date.now() };
    const tokens = serviceAt(clock);
    const token = await tokens.issue({ id: 1, roleId: 2 });
    await tokens.revoke(token);
    expect(await errorOf(tokens.verify(token))).toBe(TOKEN_ERRORS.blacklisted);
  });
});
