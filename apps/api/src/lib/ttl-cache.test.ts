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

describe("createTtlCache with refreshInBackground", () => {
  it("serves the stale value past the TTL while one fresh load runs, then the fresh one", async () => {
    vi.useFakeTimers();
    const cache = createTtlCache<number>(1000, 10, { refreshInBackground: true });
    let release: (value: number) => void = () => {};
    const slow = vi.fn(() => new Promise<number>((resolve) => (release = resolve)));
    expect(await cache.get("k", async () => 1)).toBe(1);
    vi.advanceTimersByTime(1001);
    expect(await cache.get("k", slow)).toBe(1);
    expect(await cache.get("k", slow)).toBe(1);
    expect(slow).toHaveBeenCalledTimes(1);
    release(2);
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    expect(await cache.get("k", slow)).toBe(2);
    expect(slow).toHaveBeenCalledTimes(1);
  });

  it("loads in the foreground after clear(), and a refresh started before it stores nothing", async () => {
    vi.useFakeTimers();
    const cache = createTtlCache<number>(1000, 10, { refreshInBackground: true });
    let release: (value: number) => void = () => {};
    await cache.get("k", async () => 1);
    vi.advanceTimersByTime(1001);
    expect(await cache.get("k", () => new Promise<number>((resolve) => (release = resolve)))).toBe(1);
    cache.clear();
    expect(await cache.get("k", async () => 3)).toBe(3);
    release(2);
    await Promise.resolve();
    expect(await cache.get("k", async () => 4)).toBe(3);
  });
});
