import type { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import type { TokenDenyList } from "../modules/auth/token-service.ts";
import { createFallbackRateLimitStore, createMemoryRateLimitStore } from "./rate-limit-store.ts";
import { createRedisConnection, RedisUnavailableError } from "./redis-connection.ts";
import { createRedisDenyListWithFallback } from "./redis-deny-list-fallback.ts";

const silent = { warn: () => {}, info: () => {} };

/** A Redis that can be "stopped": commands fail at once as the real connection does while Redis is away. */
function fakeRedis() {
  const keys = new Map<string, number>();
  const recover: Array<() => void> = [];
  let up = true;
  const client = {
    set: async (key: string, _value: string, _px: string, ms: number) => {
      keys.set(key, ms);
      return "OK";
    },
    exists: async (key: string) => (keys.has(key) ? 1 : 0),
  } as unknown as Redis;
  return {
    keys,
    connection: {
      run: async <T>(command: (redis: Redis) => Promise<T>) => {
        if (!up) throw new RedisUnavailableError();
        return command(client);
      },
      onRecover: (listener: () => void) => {
        recover.push(listener);
        return () => {};
      },
    },
    stop: () => {
      up = false;
    },
    start: () => {
      up = true;
      for (const listener of recover) listener();
    },
  };
}

function memoryDenyList(): TokenDenyList & { jtis: Set<string> } {
  const jtis = new Set<string>();
  return { jtis, add: async (jti) => void jtis.add(jti), has: async (jti) => jtis.has(jti) };
}

describe("rate limits while Redis is away", () => {
  it("count in this process's memory, and in the shared store again once it answers", async () => {
    let sharedUp = true;
    const shared = createMemoryRateLimitStore();
    const store = createFallbackRateLimitStore({
      hit: (key, windowMs) =>
        sharedUp ? shared.hit(key, windowMs) : Promise.reject(new RedisUnavailableError()),
    });
    expect((await store.hit("write:1.2.3.4", 60_000)).count).toBe(1);
    sharedUp = false;
    // The outage does not fail the request, and limits still add up.
    expect((await store.hit("write:1.2.3.4", 60_000)).count).toBe(1);
    expect((await store.hit("write:1.2.3.4", 60_000)).count).toBe(2);
    sharedUp = true;
    expect((await store.hit("write:1.2.3.4", 60_000)).count).toBe(2);
  });
});

describe("the token deny-list with Redis (decision 0010)", () => {
  const until = () => new Date(Date.now() + 3_600_000);
  const denyListOver = (redis: ReturnType<typeof fakeRedis>, database: TokenDenyList) =>
    createRedisDenyListWithFallback({ connection: redis.connection, prefix: "p:", database, logger: silent });

  it("writes every revocation to PostgreSQL and Redis, and reads Redis while it answers", async () => {
    const redis = fakeRedis();
    const database = memoryDenyList();
    const list = denyListOver(redis, database);
    await list.add("before", until());
    expect(database.jtis.has("before")).toBe(true);
    expect(redis.keys.get("p:before")).toBeGreaterThan(3_590_000);
    // Read from Redis: an entry only Redis holds counts.
    redis.keys.set("p:redis-only", 1000);
    expect(await list.has("redis-only")).toBe(true);
    expect(await list.has("unknown")).toBe(false);
  });

  it("while Redis is away, reads PostgreSQL (exact: older revocations hold), keeps new ones aside and replays them", async () => {
    const redis = fakeRedis();
    const database = memoryDenyList();
    const list = denyListOver(redis, database);
    await list.add("before", until());
    redis.stop();
    // Neither open (a token revoked before the outage stays refused) nor closed (others pass).
    expect(await list.has("before")).toBe(true);
    expect(await list.has("valid")).toBe(false);
    await list.add("during", until());
    expect(await list.has("during")).toBe(true);
    expect(database.jtis.has("during")).toBe(true);
    expect(redis.keys.has("p:during")).toBe(false);
    expect(list.pending()).toBe(1);
    redis.start();
    await expect.poll(() => redis.keys.has("p:during")).toBe(true);
    expect(list.pending()).toBe(0);
    expect(await list.has("during")).toBe(true);
  });

  it("a revocation while the database is away still holds through Redis; with both away it fails", async () => {
    const redis = fakeRedis();
    const failing: TokenDenyList = {
      add: () => Promise.reject(new Error("Connection terminated unexpectedly")),
      has: () => Promise.reject(new Error("Connection terminated unexpectedly")),
    };
    const list = denyListOver(redis, failing);
    await list.add("while-db-away", until());
    expect(await list.has("while-db-away")).toBe(true);
    redis.stop();
    await expect(list.add("nowhere", until())).rejects.toThrow(/Connection terminated/);
  });
});

describe("the Redis connection without Redis", () => {
  it("says down and fails commands at once instead of waiting for a reconnection", async () => {
    // Nothing listens on port 1.
    const connection = createRedisConnection({ url: "redis://127.0.0.1:1", logger: silent });
    try {
      await expect.poll(() => connection.state()).toBe("down");
      const started = performance.now();
      await expect(connection.run((redis) => redis.get("x"))).rejects.toBeInstanceOf(RedisUnavailableError);
      expect(await connection.ping()).toBe("down");
      expect(performance.now() - started).toBeLessThan(100);
    } finally {
      await connection.close();
    }
  });
});

const url = process.env.REDIS_URL;
describe.skipIf(!url)("the Redis connection with Redis (REDIS_URL)", () => {
  it("answers and says ok", async () => {
    const connection = createRedisConnection({ url: url!, logger: silent });
    try {
      await expect.poll(() => connection.state()).toBe("ok");
      expect(await connection.run((redis) => redis.ping())).toBe("PONG");
      expect(await connection.ping()).toBe("ok");
    } finally {
      await connection.close();
    }
  });
});
