import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { claimMediaJob, latestMediaJob, schema } from "@camatlas/db";
import { createUser } from "@camatlas/db/factories";
import {
  API_MESSAGES,
  REVIEW_IMAGE_MAX_BYTES,
  ROLE,
  STORY_VIDEO_MAX_SECONDS,
  SUCCESS_MESSAGES,
  VIDEO_MESSAGES,
} from "@camatlas/shared";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { makeTestVideo } from "./test-videos.ts";
import { videoToolsOf } from "./video-tools.ts";
import { runNextVideoJob, startVideoWorker, type VideoWorkerDeps } from "./video-worker.ts";

// Video uploads and their processing, end to end through the API and the media_jobs queue, on the engine the tests
// run on (PGlite, or PostgreSQL with TEST_DATABASE_URL). The videos are made here with ffmpeg's test sources.

let t: TestApi;
let dataDir: string;
let videos: string;
let worker: VideoWorkerDeps;
const auth: Record<"fan" | "other" | "admin", { id: number; header: string }> = {} as never;
const clip: Record<string, string> = {};

function fileForm(bytes: Uint8Array, name: string, type: string) {
  const data = new FormData();
  data.append("file", new File([bytes as BlobPart], name, { type }));
  return data;
}

async function upload(url: string, who: keyof typeof auth | null, file: string, type = "video/mp4") {
  const bytes = new Uint8Array(await readFile(file));
  return t.api.fetch(
    new Request(`http://localhost/api${url}`, {
      method: "POST",
      body: fileForm(bytes, path.basename(file), type),
      headers: who ? { authorization: auth[who].header } : {},
    }),
  );
}

/** Through the test API's call, which also checks the reply against the contract's schema. */
const status = (id: number, who: keyof typeof auth | null) =>
  t.call("GET", `/api/media/${id}/processing`, { headers: who ? { authorization: auth[who].header } : {} });

const mediaRow = async (id: number) =>
  (await t.database.db.select().from(schema.media).where(eq(schema.media.id, id)))[0]!;

/** Where a public link's file is on the local store. */
const publicFile = (link: string) => path.join(dataDir, link.replace(/^\//, ""));

function probe(file: string) {
  const out = spawnSync("ffprobe", [
    "-v",
    "error",
    "-print_format",
    "json",
    "-show_streams",
    "-show_format",
    file,
  ]);
  return JSON.parse(out.stdout.toString()) as {
    streams: Array<{
      codec_type: string;
      codec_name: string;
      width?: number;
      height?: number;
      pix_fmt?: string;
    }>;
    format: { duration: string };
  };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "camatlas-video-test-"));
  videos = await mkdtemp(path.join(os.tmpdir(), "camatlas-videos-"));
  t = await createTestApi({ DATA_DIR: dataDir });
  worker = {
    db: t.database.db,
    storage: t.deps.storage,
    tools: videoToolsOf(t.deps.env),
    logger: t.deps.logger,
    dataDir,
  };
  for (const [key, roleId] of [
    ["fan", ROLE.camfan],
    ["other", ROLE.camfan],
    ["admin", ROLE.admin],
  ] as const) {
    const user = await createUser(t.database.db, { roleId });
    auth[key] = { id: user.id, header: `Bearer ${await t.deps.tokens.issue({ id: user.id, roleId })}` };
  }
  clip.short = await makeTestVideo(videos, "short", { seconds: 2, width: 320, height: 240, audio: true });
  clip.silent = await makeTestVideo(videos, "silent-webm", { seconds: 1, format: "webm" });
  clip.long = await makeTestVideo(videos, "long", {
    seconds: STORY_VIDEO_MAX_SECONDS + 1,
    width: 64,
    height: 48,
    rate: 2,
  });
  clip.audioOnly = await makeTestVideo(videos, "tone", { seconds: 1, format: "mka" });
}, 120_000);

afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(videos, { recursive: true, force: true });
});

describe("POST /api/media/user-reviews and /api/media/stories (videos)", () => {
  it("refuses guests with 401", async () => {
    expect((await upload("/media/user-reviews", null, clip.short!)).status).toBe(401);
  });

  it("probes a video at upload: its duration and size stored, queued for processing, the original kept private", async () => {
    const res = await upload("/media/user-reviews", "fan", clip.short!);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      name: "short.mp4",
      meta: { type: "video", width: 320, height: 240 },
      processing_status: "Queued",
      poster: null,
    });
    expect(body.meta.duration).toBeGreaterThan(1.9);
    expect(body.meta.duration).toBeLessThan(2.2);
    // The upload as sent is never served (it may carry the camera's location): no /media/ address.
    expect(body.link).not.toMatch(/^\/media\//);
    const row = await mediaRow(body.id);
    expect(row).toMatchObject({ kind: "user_review", userId: auth.fan.id, processingStatus: "Queued" });
    expect(row.meta).toMatchObject({ type: "video" });
    expect(row.path.startsWith("private/")).toBe(true);
    expect(await latestMediaJob(t.database.db, body.id)).toMatchObject({ state: "queued", attempts: 0 });
  });

  it("takes WebM (VP8, no sound) on the story endpoint", async () => {
    const res = await upload("/media/stories", "fan", clip.silent!, "video/webm");
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ meta: { type: "video" }, processing_status: "Queued" });
  });

  it("refuses a video over the endpoint's length after probing (422 naming the limit), storing nothing", async () => {
    const before = await t.database.db.$count(schema.media);
    const res = await upload("/media/stories", "fan", clip.long!);
    expect(res.status).toBe(422);
    expect((await res.json()).errors.file).toEqual([
      VIDEO_MESSAGES.tooLong.replace("{seconds}", String(STORY_VIDEO_MAX_SECONDS)),
    ]);
    expect(await t.database.db.$count(schema.media)).toBe(before);
  });

  it("refuses what is not a video: text named .mp4, a broken MP4, a sound file without a picture", async () => {
    const text = path.join(videos, "notes.mp4");
    await writeFile(text, "just some text, not a video");
    const broken = path.join(videos, "broken.mp4");
    // An MP4's first box, then noise: sniffs as MP4, ffprobe cannot read it.
    await writeFile(
      broken,
      Buffer.concat([Buffer.from("0000001866747970697336f6d00000200", "hex"), Buffer.alloc(4000, 7)]),
    );
    const cases: Array<[string, string]> = [
      [text, API_MESSAGES.invalidFileFormat],
      [broken, VIDEO_MESSAGES.notAVideo],
      [clip.audioOnly!, VIDEO_MESSAGES.noVideoStream],
    ];
    for (const [file, message] of cases) {
      const res = await upload("/media/user-reviews", "fan", file);
      expect(res.status, file).toBe(422);
      expect((await res.json()).errors.file, file).toEqual([message]);
    }
  });

  it("takes a review image (webp re-encode) and refuses one over the review image limit with 413", async () => {
    const small = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#0af" } })
      .png()
      .toBuffer();
    const ok = await t.api.fetch(
      new Request("http://localhost/api/media/user-reviews", {
        method: "POST",
        body: fileForm(small, "a.png", "image/png"),
        headers: { authorization: auth.fan.header },
      }),
    );
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ meta: { type: "image", width: 40, height: 30 } });
    // Noise does not compress: a PNG just over the limit.
    const side = Math.ceil(Math.sqrt(REVIEW_IMAGE_MAX_BYTES / 3)) + 20;
    const noise = Buffer.alloc(side * side * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.byteLength).toBeGreaterThan(REVIEW_IMAGE_MAX_BYTES);
    const res = await t.api.fetch(
      new Request("http://localhost/api/media/user-reviews", {
        method: "POST",
        body: fileForm(big, "big.png", "image/png"),
        headers: { authorization: auth.fan.header },
      }),
    );
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe(API_MESSAGES.fileTooLarge);
  });

  it("refuses a declared body over the limit before reading it, and another content type with 415", async () => {
    const res = await t.api.fetch(
      new Request("http://localhost/api/media/stories", {
        method: "POST",
        body: "x",
        headers: {
          authorization: auth.fan.header,
          "content-type": "multipart/form-data; boundary=x",
          "content-length": String(2_000_000_000),
        },
      }),
    );
    expect(res.status).toBe(413);
    const json = await t.api.fetch(
      new Request("http://localhost/api/media/stories", {
        method: "POST",
        body: "{}",
        headers: { authorization: auth.fan.header, "content-type": "application/json" },
      }),
    );
    expect(json.status).toBe(415);
    const empty = await t.api.fetch(
      new Request("http://localhost/api/media/stories", {
        method: "POST",
        headers: { authorization: auth.fan.header },
      }),
    );
    expect(empty.status).toBe(422);
  });
});

describe("GET /api/media/{id}/processing and the transcode job", () => {
  let id: number;
  beforeAll(async () => {
    // Nothing else waits in the queue: each test below runs exactly the job it means to.
    await t.database.db.execute(sql`update media_jobs set state = 'complete' where state = 'queued'`);
    id = (await (await upload("/media/user-reviews", "fan", clip.short!)).json()).id;
  });

  it("tells only the owner and admins (401 guest, 403 another user, 404 unknown or not a video)", async () => {
    expect((await status(id, null)).status).toBe(401);
    expect((await status(id, "other")).status).toBe(403);
    expect((await status(id, "admin")).status).toBe(200);
    expect((await status(2_000_000_000, "fan")).status).toBe(404);
    const res = await status(id, "fan");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(await res.json()).toMatchObject({
      id,
      status: "Queued",
      message: SUCCESS_MESSAGES.videoUploaded,
      finished: false,
    });
  });

  it("transcodes through the queue: H.264/AAC MP4 with the index first, a webp poster and its BlurHash", async () => {
    expect(await runNextVideoJob(worker)).toBe(true);
    const res = await status(id, "fan");
    const body = await res.json();
    expect(body).toMatchObject({
      status: "Complete",
      message: SUCCESS_MESSAGES.videoProcessed,
      finished: true,
    });
    expect(body.media).toMatchObject({
      name: "short.mp4",
      processing_status: "Complete",
      meta: { type: "video", width: 320, height: 240 },
      blurhash: expect.any(String),
    });
    expect(body.media.link).toMatch(/^\/media\/reviews\/\d{4}-\d{2}\/[0-9a-f-]{36}\.mp4$/);
    expect(body.media.poster).toMatch(/^\/media\/reviews\/\d{4}-\d{2}\/[0-9a-f-]{36}\.webp$/);
    const mp4 = publicFile(body.media.link);
    const info = probe(mp4);
    expect(info.streams.map((s) => s.codec_name).sort()).toEqual(["aac", "h264"]);
    expect(info.streams.find((s) => s.codec_type === "video")?.pix_fmt).toBe("yuv420p");
    expect(Number(info.format.duration)).toBeGreaterThan(1.9);
    // faststart: the index (moov) comes before the media data (mdat).
    const bytes = await readFile(mp4);
    expect(bytes.indexOf("moov")).toBeLessThan(bytes.indexOf("mdat"));
    expect((await sharp(await readFile(publicFile(body.media.poster))).metadata()).format).toBe("webp");
    const row = await mediaRow(id);
    expect(row).toMatchObject({ mimeType: "video/mp4", processingStatus: "Complete" });
    expect(row.meta.duration).toBeGreaterThan(1.9);
    expect(await latestMediaJob(t.database.db, id)).toMatchObject({ state: "complete", attempts: 1 });
    // The original upload is gone once the processed file is in place.
    expect(existsSync(path.join(dataDir, "private-media", row.path))).toBe(false);
    expect(await runNextVideoJob(worker)).toBe(false);
  }, 60_000);

  it("turns a phone's quarter-turned video upright: shown and stored portrait", async () => {
    await t.database.db.execute(sql`update media_jobs set state = 'complete' where state = 'queued'`);
    const turned = await makeTestVideo(videos, "phone", {
      seconds: 1,
      width: 160,
      height: 120,
      format: "mov",
      rotate: 90,
    });
    const reply = await (await upload("/media/stories", "fan", turned, "video/quicktime")).json();
    expect(reply.meta).toMatchObject({ width: 120, height: 160 });
    expect(await runNextVideoJob(worker)).toBe(true);
    const done = await (await status(reply.id, "fan")).json();
    expect(done.media.meta).toMatchObject({ width: 120, height: 160 });
    const stream = probe(publicFile(done.media.link)).streams.find((s) => s.codec_type === "video");
    expect([stream?.width, stream?.height]).toEqual([120, 160]);
  }, 60_000);

  it("a worker that dies mid-job: its lease lapses and the next worker finishes the job (attempt 2)", async () => {
    const second = (await (await upload("/media/user-reviews", "fan", clip.short!)).json()).id;
    const crashed = await claimMediaJob(t.database.db, 1);
    expect(crashed?.mediaId).toBe(second);
    // While the dead worker's lease holds, nobody takes the job.
    expect(await runNextVideoJob(worker)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await runNextVideoJob(worker)).toBe(true);
    expect(await latestMediaJob(t.database.db, second)).toMatchObject({ state: "complete", attempts: 2 });
    expect((await mediaRow(second)).processingStatus).toBe("Complete");
  }, 60_000);

  it("a failed attempt is retried after a back-off; spent attempts end in Error, which ends the polling", async () => {
    const third = (await (await upload("/media/user-reviews", "fan", clip.short!)).json()).id;
    // The stored upload disappears: nothing can mend that, the job ends at once.
    const row = await mediaRow(third);
    await t.deps.storage.delete(row.path);
    expect(await runNextVideoJob(worker)).toBe(true);
    expect(await latestMediaJob(t.database.db, third)).toMatchObject({ state: "error", attempts: 1 });
    const body = await (await status(third, "fan")).json();
    expect(body).toMatchObject({ status: "Error", message: VIDEO_MESSAGES.processingFailed, finished: true });

    // A transient failure (the store's connection drops) is queued again with a back-off and the row shows Queued.
    const fourth = (await (await upload("/media/user-reviews", "fan", clip.short!)).json()).id;
    const started = Date.now();
    expect(await runNextVideoJob({ ...worker, storage: failingOnce(worker) })).toBe(true);
    const job = await latestMediaJob(t.database.db, fourth);
    expect(job).toMatchObject({ state: "queued", attempts: 1 });
    expect(job!.runAt.getTime()).toBeGreaterThan(started + 20_000);
    expect((await mediaRow(fourth)).processingStatus).toBe("Queued");
    // Not due yet.
    expect(await runNextVideoJob(worker)).toBe(false);

    // A job whose worker died in each of its attempts is closed as Error.
    await t.database.db.execute(
      sql`update media_jobs set state = 'running', attempts = max_attempts, locked_until = now() - interval '1 second' where media_id = ${fourth}`,
    );
    expect(await runNextVideoJob(worker)).toBe(false);
    expect(await latestMediaJob(t.database.db, fourth)).toMatchObject({ state: "error" });
    expect((await mediaRow(fourth)).processingStatus).toBe("Error");
  }, 60_000);
});

describe("a video that reached storage without the upload's probe (a presigned upload)", () => {
  it("is checked against its kind's length by the worker: a story over a minute ends in Error", async () => {
    await t.database.db.execute(sql`update media_jobs set state = 'complete' where state = 'queued'`);
    // Accepted as a review video (up to 180 s), then filed as a story, as a presigned upload would be.
    const id = (await (await upload("/media/user-reviews", "fan", clip.long!)).json()).id;
    await t.database.db.update(schema.media).set({ kind: "story" }).where(eq(schema.media.id, id));
    expect(await runNextVideoJob(worker)).toBe(true);
    const job = await latestMediaJob(t.database.db, id);
    expect(job).toMatchObject({ state: "error", attempts: 1 });
    expect(job?.lastError).toContain(`over ${STORY_VIDEO_MAX_SECONDS} s`);
    expect((await mediaRow(id)).processingStatus).toBe("Error");
  }, 60_000);
});

describe("deleting a video", () => {
  it("before processing drops its job and the stored upload; after, the MP4 and its poster", async () => {
    await t.database.db.execute(sql`update media_jobs set state = 'complete' where state = 'queued'`);
    const del = (id: number) =>
      t.api.fetch(
        new Request(`http://localhost/api/media/${id}`, {
          method: "DELETE",
          headers: { authorization: auth.fan.header },
        }),
      );
    const waiting = (await (await upload("/media/user-reviews", "fan", clip.short!)).json()).id;
    const stored = path.join(
      dataDir,
      "private-media",
      (await mediaRow(waiting)).path.replace(/^private\//, ""),
    );
    expect(existsSync(stored)).toBe(true);
    expect((await del(waiting)).status).toBe(200);
    expect(existsSync(stored)).toBe(false);
    expect(await latestMediaJob(t.database.db, waiting)).toBeNull();
    expect(await runNextVideoJob(worker)).toBe(false);

    const done = (await (await upload("/media/user-reviews", "fan", clip.short!)).json()).id;
    expect(await runNextVideoJob(worker)).toBe(true);
    const { media } = await (await status(done, "fan")).json();
    expect(existsSync(publicFile(media.link))).toBe(true);
    expect(existsSync(publicFile(media.poster))).toBe(true);
    expect((await del(done)).status).toBe(200);
    expect(existsSync(publicFile(media.link))).toBe(false);
    expect(existsSync(publicFile(media.poster))).toBe(false);
  }, 60_000);
});

describe("the worker process", () => {
  it("stopped mid-transcode hands the job back (Queued, the attempt not counted); after a restart it completes", async () => {
    await t.database.db.execute(sql`update media_jobs set state = 'complete' where state = 'queued'`);
    const longer = await makeTestVideo(videos, "longer", { seconds: 20, width: 640, height: 480, rate: 25 });
    const id = (await (await upload("/media/stories", "fan", longer)).json()).id;
    const first = startVideoWorker(worker, { checkSeconds: 0.05 });
    await expect
      .poll(async () => (await mediaRow(id)).processingStatus, { timeout: 10_000, interval: 20 })
      .toBe("Processing");
    await first.stop();
    expect((await mediaRow(id)).processingStatus).toBe("Queued");
    expect(await latestMediaJob(t.database.db, id)).toMatchObject({ state: "queued", attempts: 0 });
    const second = startVideoWorker(worker, { checkSeconds: 0.05 });
    try {
      await expect
        .poll(async () => (await mediaRow(id)).processingStatus, { timeout: 60_000, interval: 200 })
        .toBe("Complete");
    } finally {
      await second.stop();
    }
    expect(await latestMediaJob(t.database.db, id)).toMatchObject({ state: "complete", attempts: 1 });
  }, 90_000);
});

/** Storage whose first download fails as a network error would (a transient failure). */
function failingOnce(deps: VideoWorkerDeps): VideoWorkerDeps["storage"] {
  let failed = false;
  return {
    ...deps.storage,
    async getFile(key, file) {
      if (!failed) {
        failed = true;
        throw new Error("connection reset");
      }
      return deps.storage.getFile(key, file);
    },
  };
}

describe("without ffmpeg", () => {
  it("answers a video upload 503 with a clear text while images still work", async () => {
    const bare = await createTestApi({ DATA_DIR: dataDir, FFPROBE_PATH: "/nonexistent/ffprobe" });
    try {
      const user = await createUser(bare.database.db, { roleId: ROLE.camfan });
      const header = `Bearer ${await bare.deps.tokens.issue({ id: user.id, roleId: ROLE.camfan })}`;
      const send = async (bytes: Uint8Array, name: string, type: string) =>
        bare.api.fetch(
          new Request("http://localhost/api/media/stories", {
            method: "POST",
            body: fileForm(bytes, name, type),
            headers: { authorization: header },
          }),
        );
      const video = await send(new Uint8Array(await readFile(clip.short!)), "a.mp4", "video/mp4");
      expect(video.status).toBe(503);
      expect((await video.json()).message).toBe(VIDEO_MESSAGES.unavailable);
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
        .png()
        .toBuffer();
      expect((await send(png, "a.png", "image/png")).status).toBe(201);
    } finally {
      await bare.close();
    }
  });
});
