import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Redis } from "ioredis";
import type { Logger } from "pino";

/**
 * What a successful write changed, as the caches see it (each cache declares the events that drop it, in deps.ts;
 * each write route declares what it publishes, in its contractRoute):
 * - `catalog`: anything a public read shows — models, nicknames, tags, links, blocks, ratings, moderation, camsites,
 *   settings, static pages, public profiles. The default of every write route.
 * - `accounts`: users as others see them (public profiles, sign-ups, roles, blocks).
 * - `live`: a collector poll sent through the API changed live statuses. Published in this process only, and only
 *   the short-lived reads that show them drop on it: polls come every minute from every camsite, and a cache
 *   emptied by each, in every process, would hardly ever hit; other processes show them within their TTLs.
 */
export type InvalidationScope = "catalog" | "accounts" | "live";

/** Scopes that never leave the process that published them. */
const LOCAL_SCOPES: ReadonlySet<InvalidationScope> = new Set(["live"]);

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

const SCOPES = new Set<string>(["catalog", "accounts"] satisfies InvalidationScope[]);

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
      if (LOCAL_SCOPES.has(scope)) return;
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
