import type { Redis } from "ioredis";
import type { RateLimitStore } from "./rate-limit-store.ts";

/**
 * Fixed windows in Redis, shared by every instance: the first hit creates the counter with the window as its
 * lifetime, later hits only increment it.
 */
export function createRedisRateLimitStore(redis: Redis, prefix = "camatlas:rl:"): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const k = `${prefix}${key}`;
      const results = await redis.multi().set(k, 0, "PX", windowMs, "NX").incr(k).pttl(k).exec();
      if (!results) throw new Error("Redis transaction aborted");
      for (const [error] of results) if (error) throw error;
      const count = Number(results[1]?.[1]);
      const ttl = Number(results[2]?.[1]);
      return { count, resetAt: Date.now() + (ttl > 0 ? ttl : windowMs) };
    },
  };
}
