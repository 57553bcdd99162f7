import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { claimMediaJob, enqueueMediaJob, finishMediaJob, insertMedia, schema } from "@camatlas/db";
import { createUser } from "@camatlas/db/factories";
import { ROLE, VIDEO_MESSAGES } from "@camatlas/shared";
import { VIDEO_JOB_STATES } from "@camatlas/shared/api-contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";

// The admins' view of the video queue and the retry of a failed job, on the engine the tests run on.

let t: TestApi;
let dataDir: string;
let admin: string;
let fan: { id: number; header: string; nick: string };

async function video(userId: number) {
  const row = await insertMedia(t.database.db, {
    kind: "user_review",
    path: `private/reviews/2026-11/${crypto.randomUUID()}.mp4`,
    name: "clip.mp4",
    mimeType: "video/mp4",
    size: 1234,
    processingStatus: "Queued",
    meta: { type: "video", duration: 12.5 },
    userId,
  });
  await enqueueMediaJob(t.database.db, row.id);
  return row.id;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "camatlas-video-admin-"));
  t = await createTestApi({ DATA_DIR: dataDir });
  const a = await createUser(t.database.db, { roleId: ROLE.admin });
  admin = `Bearer ${await t.deps.tokens.issue({ id: a.id, roleId: ROLE.admin })}`;
  const f = await createUser(t.database.db, { roleId: ROLE.camfan });
  fan = {
    id: f.id,
    nick: f.nickName,
    header: `Bearer ${await t.deps.tokens.issue({ id: f.id, roleId: ROLE.camfan })}`,
  };
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("admin video jobs", () => {
  it("the API's states are the queue's", () => {
    expect([...VIDEO_JOB_STATES]).toEqual([...schema.MEDIA_JOB_STATES]);
  });

  it("lists the queue newest first with its media, uploader and the count of each state; admins only", async () => {
    const first = await video(fan.id);
    const second = await video(fan.id);
    const failedJob = (await claimMediaJob(t.database.db))!;
    await finishMediaJob(t.database.db, failedJob, {
      ok: false,
      error: "ffmpeg exited with 1",
      retry: false,
    });

    expect(
      (await t.call("GET", "/api/admin/video-jobs", { headers: { authorization: fan.header } })).status,
    ).toBe(403);
    const res = await t.call("GET", "/api/admin/video-jobs", { headers: { authorization: admin } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.meta.counts).toEqual({ queued: 1, running: 0, complete: 0, error: 1 });
    expect(body.total).toBe(2);
    expect(body.data.map((j: { media: { id: number } }) => j.media.id)).toEqual([second, first]);
    expect(body.data[1]).toMatchObject({
      state: "error",
      attempts: 1,
      last_error: "ffmpeg exited with 1",
      media: { id: first, name: "clip.mp4", kind: "user_review", duration: 12.5, size: 1234 },
      uploader: { id: fan.id, nick_name: fan.nick },
    });
    const errors = await (
      await t.call("GET", "/api/admin/video-jobs?state=error", { headers: { authorization: admin } })
    ).json();
    expect(errors.data.map((j: { id: number }) => j.id)).toEqual([failedJob.id]);
    expect(errors.total).toBe(1);
  });

  it("retries a failed job (queued from attempt zero, the video Queued, audited); 422 for any other, 404 unknown", async () => {
    await t.database.db.execute(sql`update media_jobs set state = 'complete' where state = 'queued'`);
    const id = await video(fan.id);
    const job = (await claimMediaJob(t.database.db))!;
    expect(job.mediaId).toBe(id);
    expect(
      (await t.call("POST", `/api/admin/video-jobs/${job.id}/retry`, { headers: { authorization: admin } }))
        .status,
    ).toBe(422);
    await finishMediaJob(t.database.db, job, { ok: false, error: "gone", retry: false });
    expect(
      (
        await t.call("POST", `/api/admin/video-jobs/${job.id}/retry`, {
          headers: { authorization: fan.header },
        })
      ).status,
    ).toBe(403);
    const res = await t.call("POST", `/api/admin/video-jobs/${job.id}/retry`, {
      headers: { authorization: admin },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe(VIDEO_MESSAGES.jobRequeued);
    const [row] = await t.database.db.select().from(schema.mediaJobs).where(eq(schema.mediaJobs.id, job.id));
    expect(row).toMatchObject({ state: "queued", attempts: 0 });
    const [media] = await t.database.db.select().from(schema.media).where(eq(schema.media.id, id));
    expect(media?.processingStatus).toBe("Queued");
    const audits = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.action, "media.video_job_retried"), eq(schema.auditLog.subjectId, String(id))),
      );
    expect(audits).toHaveLength(1);
    expect(
      (await t.call("POST", "/api/admin/video-jobs/2000000000/retry", { headers: { authorization: admin } }))
        .status,
    ).toBe(404);
  });
});
