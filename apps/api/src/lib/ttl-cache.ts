export interface TtlCacheOptions {
  /**
   * Past its TTL an entry is still served while one fresh load runs in the background (for figures too slow to
   * make a visitor wait for, such as counts over every nickname). Dropped entries are loaded in the foreground.
   */
  refreshInBackground?: boolean;
}

interface Entry<T> {
  value: Promise<T>;
  expiresAt: number;
  refreshing: boolean;
}

/**
 * Remembers values for a short time, so a busy page does not recompute the same figure on every request. Bounded:
 * the oldest entry goes first. Concurrent callers share one load; a failed load is not remembered.
 */
export function createTtlCache<T>(ttlMs: number, maxEntries = 1000, options: TtlCacheOptions = {}) {
  const refreshInBackground = options.refreshInBackground ?? false;
  const entries = new Map<string, Entry<T>>();
  // Bumped by clear(), so a background load started before it does not store a value the clear made stale.
  let generation = 0;

  function store(key: string, value: Promise<T>, now: number): void {
    entries.delete(key);
    entries.set(key, { value, expiresAt: now + ttlMs, refreshing: false });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  }

  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) return hit.value;
      if (hit && refreshInBackground) {
        if (!hit.refreshing) {
          hit.refreshing = true;
          const started = generation;
          load().then(
            (fresh) => {
              if (started === generation) store(key, Promise.resolve(fresh), Date.now());
            },
            () => {
              hit.refreshing = false;
            },
          );
        }
        return hit.value;
      }
      const value = load();
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      store(key, value, now);
      return value;
    },
    clear: () => {
      generation++;
      entries.clear();
    },
  };
}
