import { Redis } from "ioredis";
import type { Logger } from "pino";

/**
 * How long a request may wait for Redis. Everything kept in Redis has a fallback (rate limits in memory, the
 * deny-list in PostgreSQL, cache invalidations in this process), so a slow or absent Redis costs at most these
 * waits, never an error page.
 */
export const REDIS_TIMEOUTS = {
  /** Opening a connection. */
  connectMs: 1_000,
  /** One command on an open connection (a Redis that accepts but does not answer). */
  commandMs: 500,
  /** Longest pause between reconnection attempts (they back off from 100 ms). */
  retryMaxMs: 2_000,
  /** After a failed command, requests skip Redis this long before one tries again. */
  cooldownMs: 5_000,
} as const;

export class RedisUnavailableError extends Error {
  override name = "RedisUnavailableError";
  constructor() {
    super("Redis is unavailable");
  }
}

/** The process's Redis client and whether Redis is answering right now. */
export interface RedisConnection {
  readonly client: Redis;
  /** Runs a command when Redis is up; throws RedisUnavailableError at once while it is known to be away. */
  run<T>(command: (client: Redis) => Promise<T>): Promise<T>;
  /** "ok" when connected and no command failed in the last cooldown; "down" otherwise. */
  state(): "ok" | "down";
  /** A round trip (bounded by the command time-out), for /api/health. */
  ping(): Promise<"ok" | "down">;
  /** Calls `listener` each time Redis answers again after being away (e.g. to replay what was kept aside). */
  onRecover(listener: () => void): () => void;
  close(): Promise<void>;
}

export interface RedisConnectionOptions {
  url: string;
  logger: Pick<Logger, "warn" | "info">;
  timeouts?: Partial<typeof REDIS_TIMEOUTS>;
  now?: () => number;
}

/**
 * One Redis client with short time-outs and no offline queue: while Redis is away a command fails at once instead of
 * waiting for a reconnection, and callers use their fallback. The client reconnects by itself with back-off, so
 * Redis is used again as soon as it answers, without a restart.
 */
export function createRedisConnection(options: RedisConnectionOptions): RedisConnection {
  const timeouts = { ...REDIS_TIMEOUTS, ...options.timeouts };
  const now = options.now ?? Date.now;
  const { logger } = options;
  const client = new Redis(options.url, {
    connectTimeout: timeouts.connectMs,
    commandTimeout: timeouts.commandMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(100 * 2 ** Math.min(times, 10), timeouts.retryMaxMs),
  });
  let failedUntil = 0;
  let down = false;
  const recoverListeners = new Set<() => void>();

  const markDown = (error: unknown) => {
    failedUntil = now() + timeouts.cooldownMs;
    if (down) return;
    down = true;
    logger.warn(
      { err: error },
      "Redis unreachable: rate limits count in this process's memory, the token deny-list reads PostgreSQL, cache invalidations stay in this process",
    );
  };
  const markUp = () => {
    failedUntil = 0;
    if (!down) return;
    down = false;
    logger.info("Redis answers again: shared rate limits, deny-list and cache invalidations resume");
    for (const listener of recoverListeners) listener();
  };
  const available = () => client.status === "ready" && now() >= failedUntil;

  // Every reconnection attempt fails with an "error" event while Redis is away: one warning per outage is enough.
  client.on("error", (error) => markDown(error));
  client.on("close", () => {
    if (client.status !== "end") markDown(new Error("connection closed"));
  });
  client.on("ready", () => markUp());

  const run = async <T>(command: (redis: Redis) => Promise<T>): Promise<T> => {
    if (!available()) throw new RedisUnavailableError();
    try {
      const result = await command(client);
      markUp();
      return result;
    } catch (error) {
      // A reply error (wrong type, script error) is Redis answering: only connection troubles count as an outage.
      if (!isReplyError(error)) markDown(error);
      throw error;
    }
  };

  return {
    client,
    run,
    state: () => (available() ? "ok" : "down"),
    async ping() {
      // Past the cooldown, a health check is the probe that finds Redis back (or still away).
      if (client.status !== "ready") return "down";
      try {
        failedUntil = 0;
        await run((redis) => redis.ping());
        return "ok";
      } catch {
        return "down";
      }
    },
    onRecover(listener) {
      recoverListeners.add(listener);
      return () => recoverListeners.delete(listener);
    },
    async close() {
      // Not QUIT: with Redis away it would wait for a reply that never comes.
      client.disconnect();
    },
  };
}

function isReplyError(error: unknown): boolean {
  return error instanceof Error && error.name === "ReplyError";
}
