import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { NotifyChannel } from "@camatlas/db";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { type RedisConnection, RedisUnavailableError } from "./redis-connection.ts";

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
 * listeners for that scope at once and, with Redis or PostgreSQL LISTEN/NOTIFY, sends the scope to the other
 * processes, which run theirs. A process ignores its own messages (it has already run its listeners). Failures of the
 * transport are logged and never reach the request: the other processes' caches then expire by their TTL, and drop
 * everything once when their subscription comes back.
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

/**
 * How invalidation messages travel between the processes of a site: Redis pub/sub (REDIS_URL) or PostgreSQL
 * LISTEN/NOTIFY (DATABASE_URL without Redis). Every process hears every message, its own included.
 */
export interface InvalidationTransport {
  publish(message: string): Promise<void>;
  /**
   * Delivers every message on the channel. `onResubscribed` runs after the connection came back: messages sent
   * meanwhile are lost.
   */
  subscribe(onMessage: (message: string) => void, onResubscribed: () => void): void;
  close(): Promise<void>;
}

export interface RemoteInvalidationBusOptions {
  transport: InvalidationTransport;
  logger: Pick<Logger, "warn" | "info">;
  /** Tells this bus's messages apart from the others' (default: host, pid and a random part). */
  origin?: string;
  /** What travels (for the logs): "redis" or "postgres". */
  name?: string;
}

/** Several processes: invalidations travel as `{origin, scope}` on a shared channel; local listeners run at once. */
export function createRemoteInvalidationBus(options: RemoteInvalidationBusOptions): InvalidationBus {
  const { transport, logger } = options;
  const origin = options.origin ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const listeners = createListeners(logger);
  transport.subscribe(
    (message) => {
      const scope = parseMessage(message, origin);
      if (scope) listeners.run(scope);
    },
    () => {
      // Messages sent while this process was disconnected are lost: drop every cache once, now that the
      // subscription is active again, so a write is either before the drop or heard.
      logger.info(
        { via: options.name },
        "cache invalidation subscriber reconnected: in-memory caches dropped",
      );
      listeners.run("all");
    },
  );
  return {
    publish(scope) {
      // Local delivery first and always: this process's caches never wait for (or depend on) the transport.
      listeners.run(scope);
      if (LOCAL_SCOPES.has(scope)) return;
      transport.publish(JSON.stringify({ origin, scope })).catch((error: unknown) => {
        // While Redis is known to be away the connection already said so once; no line per write.
        if (!(error instanceof RedisUnavailableError))
          logger.warn({ err: error, scope, via: options.name }, "publishing a cache invalidation failed");
      });
    },
    onInvalidate: (scope, listener) => listeners.add(scope, listener),
    close: () => transport.close(),
  };
}

export interface RedisInvalidationBusOptions {
  /** The publishing connection (shared with the other Redis stores); a subscriber connection is duplicated from it. */
  redis: Redis;
  /** Runs the PUBLISH when given (fails at once while Redis is away); else the client is used directly. */
  connection?: Pick<RedisConnection, "run">;
  /** Channel shared by the processes of one site, e.g. `camatlas:{site}:cache-invalidate`. */
  channel: string;
  logger: Pick<Logger, "warn" | "info">;
  origin?: string;
}

/** Several processes (REDIS_URL): invalidations travel on a Redis pub/sub channel. */
export function createRedisInvalidationBus(options: RedisInvalidationBusOptions): InvalidationBus {
  return createRemoteInvalidationBus({
    transport: redisTransport(options),
    logger: options.logger,
    name: "redis",
    ...(options.origin ? { origin: options.origin } : {}),
  });
}

function redisTransport(options: RedisInvalidationBusOptions): InvalidationTransport {
  const { redis, channel, logger } = options;
  // A subscribed connection can run no other command: it gets its own. Its commands wait for Redis however long it
  // is down (offline queue, no retry limit, no time-out), so the SUBSCRIBE is not lost when Redis is away at start.
  const subscriber = redis.duplicate({
    maxRetriesPerRequest: null,
    enableOfflineQueue: true,
    commandTimeout: undefined,
  });
  let closed = false;
  subscriber.on("error", () => {
    // Reconnection attempts fail every few seconds while Redis is away; the main connection logs the outage.
  });
  return {
    publish: (message) =>
      options.connection
        ? options.connection.run((client) => client.publish(channel, message)).then(() => {})
        : redis.publish(channel, message).then(() => {}),
    subscribe(onMessage, onResubscribed) {
      let connectedBefore = false;
      subscriber.on("ready", () => {
        // ioredis resubscribes on "ready"; this SUBSCRIBE is answered after that one.
        if (connectedBefore) {
          subscriber.subscribe(channel).then(onResubscribed, (error: unknown) => {
            if (!closed) logger.warn({ err: error, channel }, "subscribing to cache invalidations failed");
          });
        }
        connectedBefore = true;
      });
      subscriber.on("message", (from: string, message: string) => {
        if (from === channel) onMessage(message);
      });
      subscriber.subscribe(channel).catch((error: unknown) => {
        if (!closed) logger.warn({ err: error, channel }, "subscribing to cache invalidations failed");
      });
    },
    async close() {
      closed = true;
      // Not QUIT: with Redis down it would wait in the offline queue for ever.
      subscriber.disconnect();
    },
  };
}

const SCOPES = new Set<string>(["catalog", "accounts"] satisfies InvalidationScope[]);

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

/** Several processes on one PostgreSQL database without Redis: invalidations travel by LISTEN/NOTIFY. */
export function createPostgresInvalidationBus(options: {
  channel: NotifyChannel;
  logger: Pick<Logger, "warn" | "info">;
  origin?: string;
}): InvalidationBus {
  const { channel } = options;
  return createRemoteInvalidationBus({
    transport: {
      publish: (message) => channel.notify(message),
      subscribe: (onMessage, onResubscribed) => channel.listen(onMessage, onResubscribed),
      close: () => channel.close(),
    },
    logger: options.logger,
    name: "postgres",
    ...(options.origin ? { origin: options.origin } : {}),
  });
}
