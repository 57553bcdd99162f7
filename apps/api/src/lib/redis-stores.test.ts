import { randomUUID } from "node:crypto";
import { TOKEN_ERRORS } from "@camatlas/shared";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTokenService, type TokenDenyList } from "../modules/auth/token-service.ts";
import { createRedisConnection, type RedisConnection } from "./redis-connection.ts";
import { createRedisDenyListWithFallback } from "./redis-deny-list-fallback.ts";
import { createRedisRateLimitStore } from "./redis-rate-limit-store.ts";

// Runs when REDIS_URL is set (e.g. redis://127.0.0.1:6379); the memory and PostgreSQL versions are tested elsewhere.
const url = process.env.REDIS_URL;

describe.skipIf(!url)("Redis-backed stores", () => {
  let redis: Redis;
  let connection: RedisConnection;
  const prefix = `camatlas-test:${randomUUID()}:`;
  const silent = { warn: () => {}, info: () => {} };
  /** The PostgreSQL side of the deny-list, in memory here (its own tests are elsewhere). */
  const databaseSide = (): TokenDenyList & { jtis: Set<string> } => {
    const jtis = new Set<string>();
    return { jtis, add: async (jti) => void jtis.add(jti), has: async (jti) => jtis.has(jti) };
  };
  const denyListOn = (database: TokenDenyList) =>
    createRedisDenyListWithFallback({ connection, prefix: `${prefix}deny:`, database, logger: silent });
  beforeAll(async () => {
    redis = new Redis(url!);
    connection = createRedisConnection({ url: url!, logger: silent });
    await vi.waitFor(() => expect(connection.state()).toBe("ok"));
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await connection.close();
  });

  it("rate limit: counts hits per key in a fixed window shared by every client", async () => {
    const store = createRedisRateLimitStore(connection, `${prefix}rl:`);
    const other = createRedisRateLimitStore(redis, `${prefix}rl:`);
    const first = await store.hit("login:1.2.3.4", 60_000);
    expect(first.count).toBe(1);
    expect(first.resetAt).toBeGreaterThan(Date.now() + 55_000);
    expect((await other.hit("login:1.2.3.4", 60_000)).count).toBe(2);
    expect((await store.hit("login:5.6.7.8", 60_000)).count).toBe(1);
  });

  it("rate limit: a new window starts after the old one ends", async () => {
    const store = createRedisRateLimitStore(redis, `${prefix}rl:`);
    await store.hit("short", 50);
    await store.hit("short", 50);
    await new Promise((r) => setTimeout(r, 80));
    expect((await store.hit("short", 50)).count).toBe(1);
  });

  it("deny-list: a refreshed or revoked token is blacklisted until its refresh window ends", async () => {
    const database = databaseSide();
    const denyList = denyListOn(database);
    const tokens = createTokenService({
      secret: "test-secret-that-is-long-enough-for-hs256-signing",
      ttlSeconds: 60,
      refreshTtlSeconds: 3600,
      denyList,
    });
    const token = await tokens.issue({ id: 7, roleId: 2 });
    const next = await tokens.refresh(token);
    await expect(tokens.verify(token)).rejects.toThrow(TOKEN_ERRORS.blacklisted);
    await expect(tokens.verify(next.token)).resolves.toMatchObject({ userId: 7 });
    await tokens.revoke(next.token);
    await expect(tokens.verify(next.token)).rejects.toThrow(TOKEN_ERRORS.blacklisted);
    const ttl = await redis.pttl(`${prefix}deny:${next.claims.jti}`);
    expect(ttl).toBeGreaterThan(3_500_000);
    expect(ttl).toBeLessThanOrEqual(3_600_000);
    // PostgreSQL has it too (read while Redis is away) ...
    expect(database.jtis.has(next.claims.jti)).toBe(true);
    // ... and another instance sharing Redis sees it from Redis alone.
    expect(await denyListOn(databaseSide()).has(next.claims.jti)).toBe(true);
  });
});
