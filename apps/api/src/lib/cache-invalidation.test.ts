import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it, vi } from "vitest";
import {
  createLocalInvalidationBus,
  createRedisInvalidationBus,
  type InvalidationBus,
  parseMessage,
} from "./cache-invalidation.ts";

const silent = { warn: () => {}, info: () => {} };

/** Counts how often each scope's listener ran. */
function counted(bus: InvalidationBus) {
  const counts = { catalog: 0, accounts: 0 };
  bus.onInvalidate("catalog", () => counts.catalog++);
  bus.onInvalidate("accounts", () => counts.accounts++);
  return counts;
}

describe("in-process invalidation bus", () => {
  it("runs the listeners of the published scope only, at once", () => {
    const bus = createLocalInvalidationBus();
    const counts = counted(bus);
    bus.publish("accounts");
    expect(counts).toEqual({ catalog: 0, accounts: 1 });
    bus.publish("catalog");
    bus.publish("catalog");
    expect(counts).toEqual({ catalog: 2, accounts: 1 });
  });

  it("stops calling a listener once unsubscribed; a failing listener neither stops the others nor the writer", () => {
    const warn = vi.fn();
    const bus = createLocalInvalidationBus({ warn });
    const kept = vi.fn();
    const dropped = vi.fn();
    bus.onInvalidate("accounts", () => {
      throw new Error("broken cache");
    });
    const unsubscribe = bus.onInvalidate("accounts", dropped);
    bus.onInvalidate("accounts", kept);
    unsubscribe();
    expect(() => bus.publish("accounts")).not.toThrow();
    expect(kept).toHaveBeenCalledTimes(1);
    expect(dropped).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe("invalidation messages", () => {
  it("ignores this process's own messages and anything malformed", () => {
    expect(parseMessage(JSON.stringify({ origin: "b", scope: "accounts" }), "a")).toBe("accounts");
    expect(parseMessage(JSON.stringify({ origin: "b", scope: "catalog" }), "a")).toBe("catalog");
    expect(parseMessage(JSON.stringify({ origin: "a", scope: "accounts" }), "a")).toBeNull();
    expect(parseMessage(JSON.stringify({ origin: "b", scope: "everything" }), "a")).toBeNull();
    // Live statuses stay in the process that heard the poll.
    expect(parseMessage(JSON.stringify({ origin: "b", scope: "live" }), "a")).toBeNull();
    expect(parseMessage(JSON.stringify({ scope: "accounts" }), "a")).toBeNull();
    expect(parseMessage("not json", "a")).toBeNull();
  });
});

describe("Redis invalidation bus without Redis", () => {
  it("still drops this process's caches, and only logs the failed publish", async () => {
    // Nothing listens on port 1: every command fails after the client's retries.
    const redis = new Redis("redis://127.0.0.1:1", { maxRetriesPerRequest: 1, retryStrategy: () => 20 });
    redis.on("error", () => {});
    const warn = vi.fn();
    const bus = createRedisInvalidationBus({
      redis,
      channel: "unreachable",
      logger: { warn, info: () => {} },
    });
    const counts = counted(bus);
    expect(() => bus.publish("accounts")).not.toThrow();
    expect(counts).toEqual({ catalog: 0, accounts: 1 });
    await vi.waitFor(
      () => expect(warn).toHaveBeenCalledWith(expect.anything(), "publishing a cache invalidation failed"),
      { timeout: 5_000 },
    );
    await bus.close();
    redis.disconnect();
  });
});

// Runs when REDIS_URL is set (e.g. redis://127.0.0.1:6379), like the other Redis-backed tests.
const url = process.env.REDIS_URL;

describe.skipIf(!url)("Redis invalidation bus between processes", () => {
  const channel = `camatlas-test:${randomUUID()}:cache-invalidate`;
  const clients: Redis[] = [];
  const buses: InvalidationBus[] = [];
  /** A "process": its own connection and bus on the shared channel (the subscriber inherits the connection name). */
  const processBus = (name = `camatlas-test-${randomUUID().slice(0, 8)}`) => {
    const redis = new Redis(url!, { maxRetriesPerRequest: 2, connectionName: name });
    clients.push(redis);
    const bus = createRedisInvalidationBus({ redis, channel, logger: silent });
    buses.push(bus);
    return bus;
  };
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await Promise.all(clients.map((redis) => redis.quit()));
  });

  it("a write in one process drops the same caches in the other, and each runs its own listeners once", async () => {
    const first = processBus();
    const second = processBus();
    const firstCounts = counted(first);
    const secondCounts = counted(second);
    // Both subscribers are listening before anything is published.
    await vi.waitFor(async () => {
      const [, subscribers] = (await clients[0]!.pubsub("NUMSUB", channel)) as [string, number];
      expect(Number(subscribers)).toBe(2);
    });

    first.publish("accounts");
    await vi.waitFor(() => expect(secondCounts.accounts).toBe(1));
    second.publish("catalog");
    second.publish("catalog");
    await vi.waitFor(() => expect(firstCounts.catalog).toBe(2));

    // Live statuses are dropped in the publishing process only.
    let secondLive = 0;
    second.onInvalidate("live", () => secondLive++);
    first.publish("live");
    // A round trip after the last publish: every message has been delivered, own ones included.
    await clients[1]!.publish(channel, JSON.stringify({ origin: "elsewhere", scope: "accounts" }));
    await vi.waitFor(() => expect(firstCounts.accounts).toBe(2));
    await vi.waitFor(() => expect(secondCounts.accounts).toBe(2));
    // Own messages were ignored: each process ran its listeners once per publish, not twice.
    expect(firstCounts).toEqual({ catalog: 2, accounts: 2 });
    expect(secondCounts).toEqual({ catalog: 2, accounts: 2 });
    expect(secondLive).toBe(0);
  });

  it("drops every cache once when its subscriber connection comes back (messages may have been missed)", async () => {
    const name = `camatlas-test-${randomUUID().slice(0, 8)}`;
    const bus = processBus(name);
    const counts = counted(bus);
    const subscriberId = async () => {
      const list = (await clients.at(-1)!.client("LIST")) as string;
      const line = list.split("\n").find((l) => l.includes(`name=${name}`) && / sub=[1-9]/.test(l));
      return line?.match(/\bid=(\d+)/)?.[1];
    };
    let id: string | undefined;
    await vi.waitFor(async () => {
      id = await subscriberId();
      expect(id).toBeDefined();
    });
    await clients.at(-1)!.client("KILL", "ID", id!);
    await vi.waitFor(() => expect(counts).toEqual({ catalog: 1, accounts: 1 }), { timeout: 5_000 });
    // Subscribed again: messages from the other processes arrive as before.
    await vi.waitFor(async () => {
      await clients[0]!.publish(channel, JSON.stringify({ origin: "elsewhere", scope: "accounts" }));
      expect(counts.accounts).toBeGreaterThan(1);
    });
  });
});
