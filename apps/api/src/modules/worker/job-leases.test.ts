import type { DatabaseHandle } from "@camatlas/db";
import { claimDueJob, JOB_LEASE_SECONDS, jobState, renewJobLease, scheduleJob } from "@camatlas/db";
import { createTestDatabase } from "@camatlas/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOB_CHECK_SECONDS, runDueJobs } from "./stats-worker.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => handle?.close());

const quiet = { debug: () => {}, warn: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const live = () => new AbortController().signal;

describe("stats job leases", () => {
  it("a crashed worker's job is taken over once its short lease lapses, not after ten minutes", async () => {
    // In production a dead worker's job resumes within a minute: its lease runs out, then a queue check finds it.
    expect(JOB_LEASE_SECONDS + JOB_CHECK_SECONDS).toBeLessThanOrEqual(60);
    await scheduleJob(handle.db, "test:crashed", 3600);
    // The first worker claims it with a 1 s lease and dies: no heartbeat, no finish.
    const claimed = await claimDueJob(handle.db, 1);
    expect(claimed?.name).toBe("test:crashed");
    let runs = 0;
    const jobs = { "test:crashed": { every: 3600, run: async () => runs++ } };
    // While the lease holds, nobody else runs it.
    expect(await runDueJobs(handle.db, jobs, { logger: quiet, signal: live(), leaseSeconds: 1 })).toEqual([]);
    await sleep(1_200);
    expect(await runDueJobs(handle.db, jobs, { logger: quiet, signal: live(), leaseSeconds: 1 })).toEqual([
      "test:crashed",
    ]);
    expect(runs).toBe(1);
    expect(await jobState(handle.db, "test:crashed")).toMatchObject({ runs: 1, lastError: null });
    // The dead worker's late renewal no longer holds anything.
    expect(await renewJobLease(handle.db, claimed!, 1)).toBe(false);
  });

  it("a long job that is alive keeps its claim through heartbeats and is not run twice", async () => {
    await scheduleJob(handle.db, "test:long", 3600);
    let runs = 0;
    const jobs = {
      "test:long": {
        every: 3600,
        run: async () => {
          runs++;
          await sleep(2_500);
        },
      },
    };
    const first = runDueJobs(handle.db, jobs, {
      logger: quiet,
      signal: live(),
      leaseSeconds: 1,
      heartbeatMs: 250,
    });
    // Another worker checks the queue repeatedly during the run, long past the 1 s lease.
    const stolen: Array<string | null> = [];
    for (let i = 0; i < 5; i++) {
      await sleep(450);
      stolen.push((await claimDueJob(handle.db, 1))?.name ?? null);
    }
    expect(await first).toEqual(["test:long"]);
    expect(stolen).toEqual([null, null, null, null, null]);
    expect(runs).toBe(1);
    // Finished: scheduled an interval later, so it is not due again.
    expect((await jobState(handle.db, "test:long"))?.runs).toBe(1);
    expect(await claimDueJob(handle.db, 1)).toBeNull();
  });
});
