import type { Logger } from "pino";
import type { TokenDenyList } from "../modules/auth/token-service.ts";
import type { RedisConnection } from "./redis-connection.ts";

export interface RedisDenyListFallbackOptions {
  connection: Pick<RedisConnection, "run" | "onRecover">;
  /** Key prefix of the site, e.g. `camatlas:{site}:deny:`. */
  prefix: string;
  /** The deny-list in PostgreSQL (revoked_tokens): every revocation is written there too. */
  database: TokenDenyList;
  logger: Pick<Logger, "warn" | "info">;
  now?: () => number;
}

/**
 * The deny-list with REDIS_URL (decision 0010): every revocation is written to PostgreSQL and to Redis; reads ask
 * Redis, one key lookup per signed-in request. While Redis is away, reads ask PostgreSQL instead, which holds every
 * revocation, so the answer stays exact (neither open nor closed); revocations made meanwhile are kept in this
 * process and written to Redis when it answers again.
 */
export function createRedisDenyListWithFallback(
  options: RedisDenyListFallbackOptions,
): TokenDenyList & { pending(): number } {
  const { connection, prefix, database, logger } = options;
  const now = options.now ?? Date.now;
  /** Revocations Redis has not heard of yet: token id → when the entry may go. */
  const pending = new Map<string, number>();

  const writeToRedis = (jti: string, until: number) => {
    const ms = until - now();
    if (ms <= 0) return Promise.resolve();
    return connection.run((redis) => redis.set(`${prefix}${jti}`, "1", "PX", ms)).then(() => {});
  };

  connection.onRecover(() => {
    const entries = [...pending];
    if (entries.length === 0) return;
    Promise.allSettled(
      entries.map(([jti, until]) => writeToRedis(jti, until).then(() => pending.delete(jti))),
    ).then((results) => {
      const failed = results.filter((r) => r.status === "rejected").length;
      if (failed > 0)
        logger.warn({ failed }, "replaying revoked tokens to Redis failed; retried on its return");
      else logger.info({ replayed: entries.length }, "revoked tokens of the Redis outage written to Redis");
    });
  });

  return {
    async add(jti, until) {
      // PostgreSQL is the record every process reads while Redis is away; Redis alone still serves the reads of a
      // revocation made while the database is away. Only when neither takes it does the revocation fail.
      const [stored, shared] = await Promise.allSettled([
        database.add(jti, until),
        writeToRedis(jti, until.getTime()),
      ]);
      if (shared.status === "rejected") {
        if (stored.status === "rejected") throw stored.reason;
        pending.set(jti, until.getTime());
      }
    },
    async has(jti) {
      const kept = pending.get(jti);
      if (kept !== undefined && kept > now()) return true;
      try {
        return (await connection.run((redis) => redis.exists(`${prefix}${jti}`))) === 1;
      } catch {
        return database.has(jti);
      }
    },
    pending: () => pending.size,
  };
}
