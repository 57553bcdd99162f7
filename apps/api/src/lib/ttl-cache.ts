/**
 * Remembers values for a short time. Used for figures that may be a little stale (list totals), so a busy page
 * does not count hundreds of thousands of rows on every request. Bounded: the oldest entry goes first.
 */
export function createTtlCache<T>(ttlMs: number, maxEntries = 1000) {
  const entries = new Map<string, { value: Promise<T>; expiresAt: number }>();
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) return hit.value;
      const value = load();
      // A failed load is not remembered.
      value.catch(() => entries.delete(key));
      entries.delete(key);
      entries.set(key, { value, expiresAt: now + ttlMs });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
    clear: () => entries.clear(),
  };
}
