import type { Redis } from "ioredis";
import type { TokenDenyList } from "./token-service.ts";

/** The deny-list in Redis: one key per token id, expiring when the token could no longer be used anyway. */
export function createRedisDenyList(redis: Redis, prefix = "camatlas:deny:"): TokenDenyList {
  return {
    async add(jti, until) {
      const ms = until.getTime() - Date.now();
      if (ms <= 0) return;
      await redis.set(`${prefix}${jti}`, "1", "PX", ms);
    },
    async has(jti) {
      return (await redis.exists(`${prefix}${jti}`)) === 1;
    },
  };
}
