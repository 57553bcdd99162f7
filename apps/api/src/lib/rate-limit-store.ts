/** Counts hits per key in fixed windows. Memory by default; a Redis store shares limits between instances. */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
}

export function createMemoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = Date.now();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      // Sweep expired windows now and then so the map cannot grow without bound.
      if (now - lastSweep > 60_000) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        lastSweep = now;
      }
      const current = windows.get(key);
      if (!current || current.resetAt <= now) {
        const fresh = { count: 1, resetAt: now + windowMs };
        windows.set(key, fresh);
        return fresh;
      }
      current.count += 1;
      return current;
    },
  };
}

/**
 * The shared store while it answers, this process's memory while it does not (a Redis outage): limits keep working
 * per instance instead of failing every request, and go back to the shared counts as soon as Redis answers. The
 * memory windows started during the outage simply run out.
 */
export function createFallbackRateLimitStore(
  shared: RateLimitStore,
  local: RateLimitStore = createMemoryRateLimitStore(),
): RateLimitStore {
  return {
    async hit(key, windowMs) {
      try {
        return await shared.hit(key, windowMs);
      } catch {
        return local.hit(key, windowMs);
      }
    },
  };
}
