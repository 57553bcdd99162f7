import { listCollectorHealth, type NicknameRename, recordCollectorPoll } from "@camatlas/db";
import { createUser } from "@camatlas/db/factories";
import { ROLE } from "@camatlas/shared";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { createSignedInUser } from "../auth/test-sessions.ts";
import type { CollectedPoll, Collector } from "../collectors/collector.ts";
import { FeedThrottledError } from "../collectors/http-fetch.ts";
import { MAX_BACKOFF_SECONDS, nextDelaySeconds, runCollector, superviseCollector } from "./collector-loop.ts";
import { notifyStalledCollectors } from "./stalled-collectors.ts";
import { storeCollectedPoll } from "./stats-worker.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const logger = pino({ level: "silent" });
const now = () => Math.floor(Date.now() / 1000);

/** A collector answering the scripted results in turn (an Error is thrown), then stopping the loop. */
function scripted(
  camSiteId: number,
  name: string,
  script: Array<CollectedPoll | Error | null>,
  stop: AbortController,
): Collector {
  return {
    name,
    camSiteId,
    intervalSeconds: 60,
    async collect() {
      const next = script.shift();
      if (script.length === 0) stop.abort();
      if (next instanceof Error) throw next;
      return next ?? null;
    },
  };
}

const poll = (
  camSiteId: number,
  complete: boolean,
  nicknames: string[],
  extra: Partial<CollectedPoll> = {},
): CollectedPoll => ({
  camSiteId,
  observedAt: now() - 5,
  complete,
  observations: nicknames.map((nickname) => ({ nickname, status: 1 })),
  ...extra,
});

describe("the collectors' schedule", () => {
  it("waits the interval with jitter, doubles it per failure up to 15 minutes, never sooner than the camsite asked", () => {
    expect(nextDelaySeconds(60, { kind: "stored" }, () => 0.5)).toBe(60);
    expect(nextDelaySeconds(60, { kind: "stored" }, () => 0)).toBe(54);
    expect(nextDelaySeconds(60, { kind: "stored" }, () => 1)).toBe(66);
    expect(nextDelaySeconds(60, { kind: "failed", failures: 1 }, () => 0.5)).toBe(120);
    expect(nextDelaySeconds(60, { kind: "failed", failures: 3 }, () => 0.5)).toBe(480);
    expect(nextDelaySeconds(60, { kind: "failed", failures: 9 }, () => 0.5)).toBe(MAX_BACKOFF_SECONDS);
    expect(nextDelaySeconds(60, { kind: "failed", failures: 1, retryAfterSeconds: 3600 }, () => 0.5)).toBe(
      3600,
    );
    expect(nextDelaySeconds(60, { kind: "stored", retryAfterSeconds: 300 }, () => 0.5)).toBe(300);
  });

  it("records each run: stored polls, their completeness, failures counted, the camsite's throttle honoured", async () => {
    const stop = new AbortController();
    const waits: number[] = [];
    const collector = scripted(
      6,
      "camsoda",
      [
        poll(6, true, ["loop_a", "loop_b"]),
        new FeedThrottledError(429, 240),
        new Error("camsoda.test answered 502"),
        poll(6, false, ["loop_a"], { incompleteReason: "1 unreadable entries skipped" }),
      ],
      stop,
    );
    const seen: Array<ReturnType<typeof listCollectorHealth>> = [];
    await runCollector(collector, {
      db: t.database.db,
      logger,
      signal: stop.signal,
      random: () => 0.5,
      store: (p, carried) => storeCollectedPoll(t.database.db, p, 300, carried),
      sleep: async (ms) => {
        waits.push(ms / 1000);
        seen.push(listCollectorHealth(t.database.db));
      },
    });
    // The start offset, then after each run: the interval, the camsite's 240 s (more than the first back-off),
    // the doubled back-off (240 s), the interval.
    expect(waits).toEqual([7.5, 60, 240, 240, 60]);
    const [afterFirst, afterThrottle, afterError] = await Promise.all(seen.slice(1, 4));
    expect(afterFirst?.find((r) => r.camSiteId === 6)).toMatchObject({
      status: "ok",
      lastComplete: true,
      onlineCount: 2,
    });
    expect(afterThrottle?.find((r) => r.camSiteId === 6)).toMatchObject({
      status: "failing",
      consecutiveFailures: 1,
    });
    expect(afterError?.find((r) => r.camSiteId === 6)).toMatchObject({
      consecutiveFailures: 2,
      lastError: "camsoda.test answered 502",
    });
    const last = (await listCollectorHealth(t.database.db)).find((r) => r.camSiteId === 6);
    expect(last).toMatchObject({
      status: "ok",
      name: "camsoda",
      lastComplete: false,
      lastIncompleteReason: "1 unreadable entries skipped",
      onlineCount: 1,
      consecutiveFailures: 0,
    });
  });

  it("keeps one camsite's crash from stopping another", async () => {
    const stop = new AbortController();
    const broken: Collector = {
      name: "cam4",
      camSiteId: 1,
      intervalSeconds: 60,
      collect: () => {
        throw new TypeError("a bug in a collector");
      },
    };
    let healthyPolls = 0;
    const healthy: Collector = {
      name: "streamate",
      camSiteId: 8,
      intervalSeconds: 60,
      async collect() {
        if (++healthyPolls === 3) stop.abort();
        return poll(8, true, ["steady_sue"], { observedAt: now() - 100 + healthyPolls });
      },
    };
    const options = {
      db: t.database.db,
      logger,
      signal: stop.signal,
      store: (p: CollectedPoll, carried: NicknameRename[]) =>
        storeCollectedPoll(t.database.db, p, 300, carried),
      sleep: async () => {},
    };
    await Promise.all([superviseCollector(broken, options), superviseCollector(healthy, options)]);
    expect(healthyPolls).toBe(3);
    const rows = await listCollectorHealth(t.database.db);
    expect(rows.find((r) => r.camSiteId === 8)).toMatchObject({ status: "ok" });
    expect(rows.find((r) => r.camSiteId === 1)).toMatchObject({
      status: "failing",
      lastError: "a bug in a collector",
    });
  });
});

describe("a stalled collector", () => {
  it("notifies every admin once per stall, with a link to the health table; its next stored poll clears it", async () => {
    const { db } = t.database;
    const admin = await createSignedInUser(t, { roleId: ROLE.admin });
    await createUser(db, { roleId: ROLE.camfan });
    // Only collectors that ran since the worker started count (the one that crashed above never stored a poll, but
    // it is not silent for ten minutes since this start).
    const started = now() - 60;
    await db.execute(sql`
      insert into cam_site_collectors (cam_site_id, collector_name, poll_interval_seconds, status, last_attempt_at,
        last_success_at, consecutive_failures)
      values (3, 'bongacams', 60, 'failing', now(), now() - interval '20 minutes', 12)`);
    expect(await notifyStalledCollectors(db, now(), started)).toEqual(["bongacams"]);
    expect(await notifyStalledCollectors(db, now(), started)).toEqual([]);
    const inbox = await t.call("GET", "/api/notifications", { headers: admin.auth });
    const body = (await inbox.json()) as { data?: Array<{ type: string; data: Record<string, unknown> }> };
    const notice = JSON.stringify(body);
    expect(notice).toContain("The BongaCams collector stalled");
    expect(notice).toContain("/admin/collectors");
    const res = await t.call("GET", "/api/admin/collectors", { headers: admin.auth });
    expect(
      (await res.json()).collectors.find((c: { collector: string }) => c.collector === "bongacams"),
    ).toMatchObject({
      state: "stalled",
      consecutive_failures: 12,
    });
    await recordCollectorPoll(db, {
      camSiteId: 3,
      name: "bongacams",
      intervalSeconds: 60,
      at: now(),
      nextPollAt: now() + 60,
      complete: true,
      incompleteReason: null,
      online: 40,
    });
    const after = await t.call("GET", "/api/admin/collectors", { headers: admin.auth });
    expect(
      (await after.json()).collectors.find((c: { collector: string }) => c.collector === "bongacams"),
    ).toMatchObject({
      state: "ok",
      consecutive_failures: 0,
      online_count: 40,
    });
  });
});

describe("GET /api/admin/collectors", () => {
  it("is for admins only", async () => {
    const fan = await createSignedInUser(t, { roleId: ROLE.camfan });
    expect((await t.call("GET", "/api/admin/collectors")).status).toBe(401);
    expect((await t.call("GET", "/api/admin/collectors", { headers: fan.auth })).status).toBe(403);
  });

  it("shows each collector's last poll, completeness, online count, errors and lag", async () => {
    const admin = await createSignedInUser(t, { roleId: ROLE.admin });
    const res = await t.call("GET", "/api/admin/collectors", { headers: admin.auth });
    expect(res.status).toBe(200);
    const { collectors } = await res.json();
    const camsoda = collectors.find((c: { collector: string }) => c.collector === "camsoda");
    expect(camsoda).toMatchObject({
      cam_site: { id: 6, name: "CamSoda", slug: "camsoda" },
      state: "incomplete",
      complete: false,
      incomplete_reason: "1 unreadable entries skipped",
      online_count: 1,
      interval_seconds: 60,
    });
    expect(camsoda.lag_seconds).toBeLessThan(60);
    const health = await (await t.call("GET", "/api/health")).json();
    expect(health.collectors).toEqual({ total: 4, ok: 2, incomplete: 1, waiting: 0, failing: 1, stalled: 0 });
  });
});

vi.setConfig({ testTimeout: 20_000 });
