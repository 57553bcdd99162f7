import { afterEach, describe, expect, it, vi } from "vitest";
import { createTtlCache } from "./ttl-cache.ts";

afterEach(() => vi.useRealTimers());

describe("createTtlCache", () => {
  it("loads once within the TTL and again after it", async () => {
    vi.useFakeTimers();
    const cache = createTtlCache<number>(1000);
    const load = vi.fn(async () => 42);
    expect(await cache.get("k", load)).toBe(42);
    expect(await cache.get("k", load)).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1001);
    await cache.get("k", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("forgets a failed load and keeps at most maxEntries", async () => {
    const cache = createTtlCache<number>(60_000, 2);
    await expect(cache.get("bad", () => Promise.reject(new Error("x")))).rejects.toThrow("x");
    expect(await cache.get("bad", async () => 1)).toBe(1);
    await cache.get("a", async () => 2);
    await cache.get("b", async () => 3);
    const reload = vi.fn(async () => 9);
    expect(await cache.get("bad", reload)).toBe(9);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
