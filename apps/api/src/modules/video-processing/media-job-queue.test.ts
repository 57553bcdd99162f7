import type { DatabaseHandle } from "@camatlas/db";
import {
  claimMediaJob,
  enqueueMediaJob,
  finishMediaJob,
  insertMedia,
  latestMediaJob,
  MEDIA_JOB_RETRY_MAX_SECONDS,
  mediaJobBackoffSeconds,
  renewMediaJobLease,
} from "@camatlas/db";
import { createTestDatabase } from "@camatlas/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

// The media_jobs queue on its own, on the engine the tests run on (PGlite, or PostgreSQL with TEST_DATABASE_URL).

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.execute(sql`delete from media_jobs`);
});

async function queuedVideo() {
  const row = await insertMedia(database.db, {
    kind: "user_review",
    path: `private/reviews/2026-11/${crypto.randomUUID()}.mp4`,
    name: "clip.mp4",
    mimeType: "video/mp4",
    processingStatus: "Queued",
    meta: { type: "video", duration: 2 },
  });
  await enqueueMediaJob(database.db, row.id);
  return row.id;
}

describe("media job queue", () => {
  it("hands each due job to one worker only, however many ask at once", async () => {
    const ids = [await queuedVideo(), await queuedVideo(), await queuedVideo()];
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimMediaJob(database.db)));
    const taken = claims.filter((c) => c !== null).map((c) => c.mediaId);
    expect(taken.sort()).toEqual(ids.sort());
  });

  it("renews a lease only for the worker that holds it", async () => {
    await queuedVideo();
    const job = (await claimMediaJob(database.db, 1))!;
    expect(await renewMediaJobLease(database.db, job)).toBe(true);
    const stale = { ...job, lease: "0" };
    expect(await renewMediaJobLease(database.db, stale)).toBe(false);
    expect(await finishMediaJob(database.db, stale, { ok: true })).toBeNull();
    expect(await finishMediaJob(database.db, job, { ok: true })).toBe("complete");
  });

  it("backs off 30 s, 60 s, 120 s … up to 30 minutes, and ends in error when the attempts are spent", async () => {
    expect([1, 2, 3, 4].map(mediaJobBackoffSeconds)).toEqual([30, 60, 120, 240]);
    expect(mediaJobBackoffSeconds(20)).toBe(MEDIA_JOB_RETRY_MAX_SECONDS);
    const id = await queuedVideo();
    await database.db.execute(sql`update media_jobs set max_attempts = 2 where media_id = ${id}`);
    const first = (await claimMediaJob(database.db))!;
    expect(await finishMediaJob(database.db, first, { ok: false, error: "boom", retry: true })).toBe(
      "queued",
    );
    await database.db.execute(sql`update media_jobs set run_at = now() where media_id = ${id}`);
    const second = (await claimMediaJob(database.db))!;
    expect(second.attempts).toBe(2);
    expect(await finishMediaJob(database.db, second, { ok: false, error: "boom again", retry: true })).toBe(
      "error",
    );
    expect(await latestMediaJob(database.db, id)).toMatchObject({
      state: "error",
      attempts: 2,
      lastError: "boom again",
    });
    expect(await claimMediaJob(database.db)).toBeNull();
  });
});
