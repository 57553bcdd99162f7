import { Redis } from "ioredis";
import type { RateLimitStore } from "./rate-limit-store.ts";
import type { RedisConnection } from "./redis-connection.ts";

/**
 * Fixed windows in Redis, shared by every instance: the first hit creates the counter with the window as its
 * lifetime, later hits only increment it. Given the process's RedisConnection, a hit fails at once while Redis is
 * away (see createFallbackRateLimitStore).
 */
export function createRedisRateLimitStore(
  redis: Redis | Pick<RedisConnection, "run">,
  prefix = "camatlas:rl:",
): RateLimitStore {
  const run: RedisConnection["run"] =
    redis instanceof Redis ? (command) => command(redis) : (command) => redis.run(command);
  return {
    async hit(key, windowMs) {
      const k = `${prefix}${key}`;
      const results = await run((client) =>
        client.multi().set(k, 0, "PX", windowMs, "NX").incr(k).pttl(k).exec(),
      );
      if (!results) throw new Error("Redis transaction aborted");
      for (const [error] of results) if (error) throw error;
      const count = Number(results[1]?.[1]);
      const ttl = Number(results[2]?.[1]);
      return { count, resetAt: Date.now() + (ttl > 0 ? ttl : windowMs) };
    },
  };
}
