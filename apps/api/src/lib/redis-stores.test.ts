import { randomUUID } from "node:crypto";
import { TOKEN_ERRORS } from "@camatlas/shared";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisDenyList } from "../modules/auth/redis-deny-list.ts";
import { createTokenService } from "../modules/auth/token-service.ts";
import { createRedisRateLimitStore } from "./redis-rate-limit-store.ts";

// Runs when REDIS_URL is set (e.g. redis://127.0.0.1:6379); the memory and PostgreSQL versions are tested elsewhere.
const url = process.env.REDIS_URL;

describe.skipIf(!url)("Redis-backed stores", () => {
  let redis: Redis;
  const prefix = `camatlas-test:${randomUUID()}:`;
  beforeAll(() => {
    redis = new Redis(url!);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it("rate limit: counts hits per key in a fixed window shared by every client", async () => {
    const store = createRedisRateLimitStore(redis, `${prefix}rl:`);
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
    const denyList = createRedisDenyList(redis, `${prefix}deny:`);
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
    // Another instance sharing Redis sees it too.
    expect(await createRedisDenyList(redis, `${prefix}deny:`).has(next.claims.jti)).toBe(true);
  });
});
