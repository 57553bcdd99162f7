import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Redis } from "ioredis";
import type { Logger } from "pino";

/**
 * Which in-memory caches a write makes stale: `model-reads` (the API's guest profile / like-her reads) or `pages`
 * (the site's guest page cache and its copy of the IP blocks).
 */
export type InvalidationScope = "model-reads" | "pages";

/**
 * Tells every process of the site that a write made some in-memory caches stale. `publish(scope)` runs this process's
 * listeners for that scope at once and, with Redis, sends the scope to the other processes, which run theirs. A
 * process ignores its own messages (it has already run its listeners). Failures of Redis are logged and never reach
 * the request: caches then still expire by their TTL.
 */
export interface InvalidationBus {
  publish(scope: InvalidationScope): void;
  /** Calls `listener` on every invalidation of `scope`, local or from another process. Returns an unsubscribe. */
  onInvalidate(scope: InvalidationScope, listener: () => void): () => void;
  /** Stops listening to other processes (closes the subscriber connection; the publishing client is the caller's). */
  close(): Promise<void>;
}

/**
 * API writes that change no public read: ad-block counters, browser error reports, sign-in and token checks, and
 * collector polls, whose live statuses show within the caches' TTLs (a cache emptied by every poll would hardly ever
 * hit). They drop no guest page, and the API's guest reads only in the process they went through.
 */
const NEUTRAL_WRITE_PATHS: ReadonlySet<string> = new Set([
  "/api/adblock-statistics",
  "/api/client-errors",
  "/api/ingest/observations",
  "/api/login",
  "/api/auth/token/check",
  "/api/auth/cross-site/logout",
]);

/** Whether a write to this path (`/api/...`, trailing slashes ignored) is one of the neutral writes above. */
export function isNeutralWrite(pathname: string): boolean {
  return NEUTRAL_WRITE_PATHS.has(pathname.replace(/\/+$/, ""));
}

interface Listeners {
  add(scope: InvalidationScope, listener: () => void): () => void;
  run(scope: InvalidationScope | "all"): void;
}

function createListeners(logger?: Pick<Logger, "warn">): Listeners {
  const byScope = new Map<InvalidationScope, Set<() => void>>();
  return {
    add(scope, listener) {
      const set = byScope.get(scope) ?? new Set();
      byScope.set(scope, set);
      // A wrapper, so the same function may be registered twice and unsubscribed once.
      const entry = () => listener();
      set.add(entry);
      return () => set.delete(entry);
    },
    run(scope) {
      const sets = scope === "all" ? [...byScope.values()] : [byScope.get(scope) ?? new Set<() => void>()];
      for (const set of sets) {
        for (const listener of set) {
          try {
            listener();
          } catch (error) {
            logger?.warn({ err: error }, "a cache invalidation listener failed");
          }
        }
      }
    },
  };
}

/** One process (no REDIS_URL): `publish` runs the listeners of this process only. */
export function createLocalInvalidationBus(logger?: Pick<Logger, "warn">): InvalidationBus {
  const listeners = createListeners(logger);
  return {
    publish: (scope) => listeners.run(scope),
    onInvalidate: (scope, listener) => listeners.add(scope, listener),
    close: async () => {},
  };
}

export interface RedisInvalidationBusOptions {
  /** The publishing connection (shared with the other Redis stores); a subscriber connection is duplicated from it. */
  redis: Redis;
  /** Channel shared by the processes of one site, e.g. `camatlas:{site}:cache-invalidate`. */
  channel: string;
  logger: Pick<Logger, "warn" | "info">;
  /** Tells this bus's messages apart from the others' (default: host, pid and a random part). */
  origin?: string;
}

const SCOPES = new Set<string>(["model-reads", "pages"] satisfies InvalidationScope[]);

/** Several processes (REDIS_URL): invalidations travel on a Redis pub/sub channel as `{origin, scope}`. */
export function createRedisInvalidationBus(options: RedisInvalidationBusOptions): InvalidationBus {
  const { redis, channel, logger } = options;
  const origin = options.origin ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const listeners = createListeners(logger);
  // A subscribed connection can run no other command: it gets its own. Commands wait for Redis however long it is
  // down (no retry limit), so the SUBSCRIBE is not lost when Redis is unreachable at start.
  const subscriber = redis.duplicate({ maxRetriesPerRequest: null });
  let connectedBefore = false;
  let closed = false;
  subscriber.on("error", (error) =>
    logger.warn({ err: error }, "redis error (cache invalidation subscriber)"),
  );
  subscriber.on("ready", () => {
    // Messages sent while this process was disconnected are lost: after a reconnect, drop every cache once, when
    // the subscription is active again (ioredis resubscribes on "ready"; this SUBSCRIBE is answered after that one),
    // so a write is either before the drop or heard.
    if (connectedBefore) {
      subscriber.subscribe(channel).then(
        () => {
          logger.info({ channel }, "cache invalidation subscriber reconnected: in-memory caches dropped");
          listeners.run("all");
        },
        (error: unknown) => {
          if (!closed) logger.warn({ err: error, channel }, "subscribing to cache invalidations failed");
        },
      );
    }
    connectedBefore = true;
  });
  subscriber.on("message", (from: string, message: string) => {
    if (from !== channel) return;
    const scope = parseMessage(message, origin);
    if (scope) listeners.run(scope);
  });
  subscriber.subscribe(channel).catch((error: unknown) => {
    if (!closed) logger.warn({ err: error, channel }, "subscribing to cache invalidations failed");
  });

  return {
    publish(scope) {
      listeners.run(scope);
      redis
        .publish(channel, JSON.stringify({ origin, scope }))
        .catch((error: unknown) =>
          logger.warn({ err: error, scope }, "publishing a cache invalidation failed"),
        );
    },
    onInvalidate: (scope, listener) => listeners.add(scope, listener),
    async close() {
      closed = true;
      // Not QUIT: with Redis down it would wait in the offline queue for ever.
      subscriber.disconnect();
    },
  };
}

/** The scope of another process's message; null for this process's own and for anything malformed. */
export function parseMessage(message: string, ownOrigin: string): InvalidationScope | null {
  try {
    const parsed = JSON.parse(message) as { origin?: unknown; scope?: unknown };
    if (typeof parsed.origin !== "string" || parsed.origin === ownOrigin) return null;
    return typeof parsed.scope === "string" && SCOPES.has(parsed.scope)
      ? (parsed.scope as InvalidationScope)
      : null;
  } catch {
    return null;
  }
}
