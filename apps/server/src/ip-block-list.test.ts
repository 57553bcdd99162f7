import { ipMatches } from "@camatlas/api";
import { describe, expect, it } from "vitest";
import { compileIpBlocks, createIpBlockList } from "./ip-block-list.ts";

describe("compileIpBlocks", () => {
  const locations = ["10.1.2.3", "192.168.0.0/16", "172.16.5.9/30", "0.0.0.0/0"];
  const visitors = [
    "10.1.2.3",
    "10.1.2.4",
    "192.168.77.1",
    "192.169.0.1",
    "172.16.5.8",
    "172.16.5.12",
    "8.8.8.8",
  ];

  it("matches IPv4 addresses and ranges exactly as the API's visibility rule does", () => {
    for (const set of [locations.slice(0, 3), locations.slice(1, 2), locations]) {
      const matcher = compileIpBlocks(set);
      for (const ip of visitors)
        expect(matcher.matches(ip), `${ip} in ${set.join(" ")}`).toBe(set.some((l) => ipMatches(ip, l)));
    }
  });

  it("counts every IPv6 visitor as matched while any IPv6 block exists, and none otherwise", () => {
    expect(compileIpBlocks(["10.0.0.1"]).matches("2001:db8::1")).toBe(false);
    const withV6 = compileIpBlocks(["10.0.0.1", "2001:db8::/32"]);
    expect(withV6.matches("2a00:1450::1")).toBe(true);
    expect(withV6.matches("10.0.0.2")).toBe(false);
  });

  it("matches nothing for an empty list or a malformed visitor address", () => {
    expect(compileIpBlocks([]).matches("10.0.0.1")).toBe(false);
    expect(compileIpBlocks(["10.0.0.1"]).matches("unknown")).toBe(false);
  });
});

describe("createIpBlockList", () => {
  function setup(initial: string[]) {
    let clock = 0;
    let locations = initial;
    let reads = 0;
    let release: (() => void) | null = null;
    let hold = false;
    const list = createIpBlockList({
      refreshMs: 5_000,
      now: () => clock,
      load: async () => {
        reads++;
        const snapshot = locations;
        if (hold) await new Promise<void>((resolve) => (release = resolve));
        return snapshot;
      },
    });
    return {
      list,
      set: (next: string[]) => (locations = next),
      tick: (ms: number) => (clock += ms),
      reads: () => reads,
      holdReads: () => (hold = true),
      releaseRead: () => {
        hold = false;
        release?.();
      },
    };
  }

  it("answers unknown until the first read ends, then clear or blocked", async () => {
    const t = setup(["10.0.0.1"]);
    expect(t.list.check("10.0.0.1")).toBe("unknown");
    await t.list.settled();
    expect(t.list.check("10.0.0.1")).toBe("blocked");
    expect(t.list.check("10.0.0.2")).toBe("clear");
    expect(t.list.check(null)).toBe("clear");
  });

  it("after a write answers unknown until a read that started after the write ends", async () => {
    const t = setup([]);
    t.list.check("10.0.0.1");
    await t.list.settled();
    expect(t.list.check("10.0.0.1")).toBe("clear");
    // A read is running when the block is written: its answer is too old.
    t.tick(6_000);
    t.holdReads();
    expect(t.list.check("10.0.0.1")).toBe("clear");
    t.set(["10.0.0.1"]);
    t.list.markStale();
    expect(t.list.check("10.0.0.1")).toBe("unknown");
    t.releaseRead();
    await t.list.settled();
    expect(t.reads()).toBe(3);
    expect(t.list.check("10.0.0.1")).toBe("blocked");
  });

  it("re-reads in the background after refreshMs, and answers unknown when the list is far too old", async () => {
    const t = setup(["10.0.0.1"]);
    t.list.check("x");
    await t.list.settled();
    t.tick(5_001);
    t.set([]);
    expect(t.list.check("10.0.0.1")).toBe("blocked");
    await t.list.settled();
    expect(t.list.check("10.0.0.1")).toBe("clear");
    expect(t.reads()).toBe(2);
    t.holdReads();
    t.tick(15_001);
    expect(t.list.check("10.0.0.2")).toBe("unknown");
    t.releaseRead();
    await t.list.settled();
  });
});
