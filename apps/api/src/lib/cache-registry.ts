import type { InvalidationBus, InvalidationScope } from "./cache-invalidation.ts";
import { createTtlCache } from "./ttl-cache.ts";

/** What a cache holds and when its entries stop being true. */
export interface CacheDeclaration {
  /** Longest an entry is served: the staleness of what no event announces (writes outside the site, live polls). */
  ttlMs: number;
  maxEntries: number;
  /** The data whose writes empty it at once, in this process and (with Redis) every other: see InvalidationScope. */
  dropOn: readonly InvalidationScope[];
  /** Past the TTL, serve the old value while one fresh load runs (lib/ttl-cache.ts). */
  refreshInBackground?: boolean;
}

export interface RegisteredCache<T> {
  readonly name: string;
  readonly declaration: CacheDeclaration;
  /** The entry for `key`, loaded once per TTL (concurrent callers share one load; a failed load is not kept). */
  get(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

export interface CacheRegistry {
  /** Creates a cache and subscribes it to the events it declares. */
  declare<T>(name: string, declaration: CacheDeclaration): RegisteredCache<T>;
  /** Every cache declared, for health and tests. */
  list(): ReadonlyArray<RegisteredCache<unknown>>;
  /** Empties every cache (tests, a reconnect that may have missed events). */
  clearAll(): void;
}

/** The one place a process's in-memory caches are created, each with the events that drop it. */
export function createCacheRegistry(bus: InvalidationBus): CacheRegistry {
  const caches: RegisteredCache<unknown>[] = [];
  return {
    declare<T>(name: string, declaration: CacheDeclaration): RegisteredCache<T> {
      if (caches.some((cache) => cache.name === name)) throw new Error(`Cache "${name}" is declared twice`);
      const store = createTtlCache<T>(declaration.ttlMs, declaration.maxEntries, {
        refreshInBackground: declaration.refreshInBackground,
      });
      for (const scope of declaration.dropOn) bus.onInvalidate(scope, store.clear);
      const cache: RegisteredCache<T> = { name, declaration, get: store.get, clear: store.clear };
      caches.push(cache as RegisteredCache<unknown>);
      return cache;
    },
    list: () => caches,
    clearAll: () => {
      for (const cache of caches) cache.clear();
    },
  };
}
