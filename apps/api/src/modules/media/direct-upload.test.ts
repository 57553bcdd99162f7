import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { schema } from "@camatlas/db";
import { createModel } from "@camatlas/db/factories";
import { API_MESSAGES, DIRECT_UPLOAD_MESSAGES, PRESIGNED_UPLOAD_TTL_SECONDS, ROLE } from "@camatlas/shared";
import { eq } from "drizzle-orm";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaReferenceErrors } from "../../lib/media-reference.ts";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { type SignedIn, signIn } from "../models/test-helpers.ts";
import { sweepUnfinishedUploads, UNFINISHED_UPLOAD_EXPIRY_SECONDS } from "./unfinished-uploads.ts";

// POST /media/presigned on both stores: the local folder answers a signed link on the site itself, S3-compatible
// storage (a real s3rver started here) a presigned bucket URL; the browser PUTs the raw file the same way to either.

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: "#f97316" } })
    .png()
    .toBuffer();

async function presign(t: TestApi, who: SignedIn, file: { name: string; type: string; size: number }) {
  const res = await t.call("POST", "/api/media/presigned", {
    headers: who.headers,
    body: { name: file.name, content_type: file.type, size: file.size },
  });
  return { status: res.status, body: await res.json() };
}

/** The browser's call after its PUT. */
function complete(t: TestApi, who: SignedIn, id: number) {
  return t.call("POST", `/api/media/${id}/complete`, { headers: who.headers });
}

/** The browser's PUT to a local link: through the site, so the in-process API answers it. */
function putLocal(t: TestApi, url: string, body: Uint8Array, type: string) {
  return t.api.fetch(
    new Request(`http://localhost${url}`, {
      method: "PUT",
      headers: { "content-type": type, "content-length": String(body.byteLength) },
      body: body as BodyInit,
    }),
  );
}

describe("presigned uploads on the local folder", () => {
  let t: TestApi;
  let girl: SignedIn;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "camatlas-direct-"));
    t = await createTestApi({ DATA_DIR: dataDir });
    girl = await signIn(t, ROLE.camgirl);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("gives a signed link on the site; the PUT stores the image re-encoded with its blurhash", async () => {
    const bytes = new Uint8Array(await png());
    const { status, body } = await presign(t, girl, {
      name: "me.png",
      type: "image/png",
      size: bytes.byteLength,
    });
    expect(status).toBe(201);
    expect(body.method).toBe("PUT");
    expect(body.upload_url).toMatch(/^\/api\/media\/uploads\/\d+\?expires=\d+&signature=[\w-]+$/);
    expect(body.headers).toEqual({ "content-type": "image/png" });

    // Until the file arrives, no story may use the row.
    const model = await createModel(t.database.db, { name: "Pia Presign", userId: girl.id });
    const early = await t.call("POST", "/api/stories", {
      headers: girl.headers,
      body: { model_name: model.name, media_id: body.id, publish_at: new Date().toISOString() },
    });
    expect((await early.json()).errors.media_id).toEqual([DIRECT_UPLOAD_MESSAGES.notFinished]);
    // Completing before the PUT: nothing to check yet, and the link still works afterwards.
    const tooSoon = await complete(t, girl, body.id);
    expect(tooSoon.status).toBe(422);
    expect((await tooSoon.json()).errors.file).toEqual([DIRECT_UPLOAD_MESSAGES.notReceived]);

    const put = await putLocal(t, body.upload_url, bytes, "image/png");
    expect(put.status).toBe(200);
    const stored = await put.json();
    expect(stored).toMatchObject({
      id: body.id,
      name: "me.webp",
      meta: { type: "image", width: 64, height: 48 },
    });
    expect(stored.blurhash).toEqual(expect.any(String));
    const [row] = await t.database.db.select().from(schema.media).where(eq(schema.media.id, body.id));
    expect(row).toMatchObject({ mimeType: "image/webp", processingStatus: null });
    // The browser completes on both stores: here the PUT already did the work, so it answers the same media.
    const completed = await complete(t, girl, body.id);
    expect(completed.status).toBe(200);
    expect(await completed.json()).toEqual(stored);

    // The same link again: the row is filled.
    const again = await putLocal(t, body.upload_url, bytes, "image/png");
    expect(again.status).toBe(422);
    expect((await again.json()).errors.file).toEqual([DIRECT_UPLOAD_MESSAGES.alreadyUploaded]);
    const story = await t.call("POST", "/api/stories", {
      headers: girl.headers,
      body: { model_name: model.name, media_id: body.id, publish_at: new Date().toISOString() },
    });
    expect(story.status).toBe(201);
  });

  it("refuses a forged or expired link (404), another type or size, and bytes that are not what was announced", async () => {
    const bytes = new Uint8Array(await png());
    const { body } = await presign(t, girl, { name: "x.png", type: "image/png", size: bytes.byteLength });
    const forged = body.upload_url.replace(/signature=[\w-]{4}/, "signature=AAAA");
    expect((await putLocal(t, forged, bytes, "image/png")).status).toBe(404);
    const expired = body.upload_url.replace(/expires=\d+/, "expires=1000");
    const expiredPut = await putLocal(t, expired, bytes, "image/png");
    expect(expiredPut.status).toBe(404);
    expect((await expiredPut.json()).message).toBe(DIRECT_UPLOAD_MESSAGES.linkInvalid);

    const wrongType = await putLocal(t, body.upload_url, bytes, "image/jpeg");
    expect((await wrongType.json()).errors.file).toEqual([DIRECT_UPLOAD_MESSAGES.typeMismatch]);
    const bigger = new Uint8Array(bytes.byteLength + 10);
    bigger.set(bytes);
    const tooBig = await putLocal(t, body.upload_url, bigger, "image/png");
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).message).toBe(API_MESSAGES.fileTooLarge);
    const shorter = await putLocal(t, body.upload_url, bytes.subarray(0, 20), "image/png");
    expect((await shorter.json()).errors.file).toEqual([DIRECT_UPLOAD_MESSAGES.sizeMismatch]);
    // An HTML page sent as a PNG of the right length.
    const html = new TextEncoder().encode("<script>alert(1)</script>".padEnd(bytes.byteLength, " "));
    const notPng = await putLocal(t, body.upload_url, html, "image/png");
    expect((await notPng.json()).errors.file).toEqual([DIRECT_UPLOAD_MESSAGES.typeMismatch]);
    // Still waiting for its file after every refusal.
    const [row] = await t.database.db.select().from(schema.media).where(eq(schema.media.id, body.id));
    expect(row!.processingStatus).toBe("Uploading");
  });

  it("refuses an image announced over the upload limit before any byte is sent", async () => {
    const { status } = await presign(t, girl, { name: "huge.png", type: "image/png", size: 6_000_000 });
    expect(status).toBe(413);
  });

  it("stores a video as sent and queues it for processing", async () => {
    // The smallest ISO BMFF head: what the sniffer reads; the worker's probe decides the rest.
    const video = new Uint8Array(4096);
    video.set(new TextEncoder().encode("\0\0\0\x18ftypisom\0\0\x02\0isomiso2"), 0);
    const { body } = await presign(t, girl, { name: "clip.mp4", type: "video/mp4", size: video.byteLength });
    const put = await putLocal(t, body.upload_url, video, "video/mp4");
    expect(put.status).toBe(200);
    const [row] = await t.database.db.select().from(schema.media).where(eq(schema.media.id, body.id));
    expect(row!.processingStatus).toBe("Queued");
    expect(row!.path).toMatch(/^private\//);
  });
});

describe("presigned uploads on S3-compatible storage (s3rver)", () => {
  let server: S3rver;
  let t: TestApi;
  let fan: SignedIn;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "camatlas-s3-api-"));
    server = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: dir,
      configureBuckets: [{ name: "camatlas-media" }],
    });
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    t = await createTestApi({
      S3_BUCKET: "camatlas-media",
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_PUBLIC_URL: `${endpoint}/camatlas-media`,
      S3_FORCE_PATH_STYLE: "true",
    });
    fan = await signIn(t, ROLE.camfan);
  });
  afterAll(async () => {
    await t.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The browser's PUT straight into the bucket, with the headers the presign answered. */
  const putS3 = (url: string, headers: Record<string, string>, bytes: Uint8Array) =>
    fetch(url, { method: "PUT", headers, body: bytes as BodyInit });
  const rowOf = async (id: number) =>
    (await t.database.db.select().from(schema.media).where(eq(schema.media.id, id)))[0];

  it("keeps the PUT private and unusable until completed, then re-encodes the image with its blurhash", async () => {
    const bytes = new Uint8Array(await png());
    const { status, body } = await presign(t, fan, {
      name: "s3.png",
      type: "image/png",
      size: bytes.byteLength,
    });
    expect(status).toBe(201);
    expect(body.upload_url).toContain("X-Amz-Signature=");
    expect(body.upload_url).toContain("/private/incoming/");
    // Completing before the PUT: nothing there yet.
    const early = await complete(t, fan, body.id);
    expect(early.status).toBe(422);
    expect((await early.json()).errors.file).toEqual([DIRECT_UPLOAD_MESSAGES.notReceived]);

    expect((await putS3(body.upload_url, body.headers, bytes)).status).toBe(200);
    const incoming = (await rowOf(body.id))!.path;
    expect(incoming).toMatch(/^private\/incoming\//);
    // Sent but not checked: no comment, story or review may use it yet.
    const refs = await mediaReferenceErrors(t.database.db, { id: fan.id, roleId: ROLE.camfan }, [
      { field: "media_id", id: body.id, use: "comment_attachment" },
    ]);
    expect(refs).toEqual({ media_id: [DIRECT_UPLOAD_MESSAGES.notFinished] });
    // Someone else cannot complete it.
    const other = await signIn(t, ROLE.camfan);
    expect((await complete(t, other, body.id)).status).toBe(403);

    const done = await complete(t, fan, body.id);
    expect(done.status).toBe(200);
    const media = await done.json();
    expect(media).toMatchObject({
      id: body.id,
      name: "s3.webp",
      meta: { type: "image", width: 64, height: 48 },
    });
    expect(media.blurhash).toEqual(expect.any(String));
    expect(media.link).toMatch(/\/camatlas-media\/uploads\/.+\.webp$/);
    const served = await fetch(media.link);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(await t.deps.storage.sizeOf(incoming)).toBeNull();
    // Idempotent: the same media again, and now usable.
    const again = await complete(t, fan, body.id);
    expect(await again.json()).toEqual(media);
    expect(
      await mediaReferenceErrors(t.database.db, { id: fan.id, roleId: ROLE.camfan }, [
        { field: "media_id", id: body.id, use: "comment_attachment" },
      ]),
    ).toEqual({});
  });

  it("deletes and refuses bytes that are not the announced type or size, leaving no row and no object", async () => {
    const bytes = new Uint8Array(await png());
    // An HTML page announced as a PNG of the same length.
    const html = new TextEncoder().encode("<script>alert(1)</script>".padEnd(bytes.byteLength, " "));
    const first = (await presign(t, fan, { name: "x.png", type: "image/png", size: html.byteLength })).body;
    expect((await putS3(first.upload_url, first.headers, html)).status).toBe(200);
    const firstKey = (await rowOf(first.id))!.path;
    const refused = await complete(t, fan, first.id);
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors.file).toEqual([DIRECT_UPLOAD_MESSAGES.typeMismatch]);
    expect(await rowOf(first.id)).toBeUndefined();
    expect(await t.deps.storage.sizeOf(firstKey)).toBeNull();
    expect((await complete(t, fan, first.id)).status).toBe(404);

    // A bigger object than announced under the upload's key (the bucket took another PUT): 413, nothing kept.
    const second = (await presign(t, fan, { name: "y.png", type: "image/png", size: bytes.byteLength })).body;
    const secondKey = (await rowOf(second.id))!.path;
    const bigger = new Uint8Array(bytes.byteLength + 10);
    bigger.set(bytes);
    await t.deps.storage.put(secondKey, bigger, "image/png");
    const tooBig = await complete(t, fan, second.id);
    expect(tooBig.status).toBe(413);
    expect(await rowOf(second.id)).toBeUndefined();
    expect(await t.deps.storage.sizeOf(secondKey)).toBeNull();

    // A video announced, an image sent.
    const third = (await presign(t, fan, { name: "z.mp4", type: "video/mp4", size: bytes.byteLength })).body;
    expect((await putS3(third.upload_url, third.headers, bytes)).status).toBe(200);
    const notVideo = await complete(t, fan, third.id);
    expect((await notVideo.json()).errors.file).toEqual([DIRECT_UPLOAD_MESSAGES.typeMismatch]);
    expect(await rowOf(third.id)).toBeUndefined();
  });

  it("moves a video to a private key of its own and queues it once", async () => {
    const video = new Uint8Array(4096);
    video.set(new TextEncoder().encode("\0\0\0\x18ftypisom\0\0\x02\0isomiso2"), 0);
    const { body } = await presign(t, fan, { name: "clip.mp4", type: "video/mp4", size: video.byteLength });
    expect((await putS3(body.upload_url, body.headers, video)).status).toBe(200);
    const incoming = (await rowOf(body.id))!.path;
    const [done, twice] = await Promise.all([complete(t, fan, body.id), complete(t, fan, body.id)]);
    // One call processes it; the other answers it as stored, or asks to wait while it is being checked.
    expect([done.status, twice.status].sort()).toEqual(expect.arrayContaining([200]));
    const row = await rowOf(body.id);
    expect(row!.processingStatus).toBe("Queued");
    expect(row!.path).toMatch(/^private\/(?!incoming\/)/);
    expect(await t.deps.storage.sizeOf(incoming)).toBeNull();
    expect(await t.deps.storage.sizeOf(row!.path)).toBe(video.byteLength);
    const jobs = await t.database.db
      .select()
      .from(schema.mediaJobs)
      .where(eq(schema.mediaJobs.mediaId, body.id));
    expect(jobs).toHaveLength(1);
    const again = await complete(t, fan, body.id);
    expect((await again.json()).processing_status).toBe("Queued");
  });

  it("removes uploads never completed once their link has long expired, with what the bucket received", async () => {
    const bytes = new Uint8Array(await png());
    const { body } = await presign(t, fan, { name: "late.png", type: "image/png", size: bytes.byteLength });
    expect((await putS3(body.upload_url, body.headers, bytes)).status).toBe(200);
    const key = (await rowOf(body.id))!.path;
    // Just expired but within the margin: kept.
    const soon = new Date(Date.now() + PRESIGNED_UPLOAD_TTL_SECONDS * 1000 + 60_000);
    await sweepUnfinishedUploads(t.deps, soon);
    expect(await rowOf(body.id)).toBeDefined();
    const later = new Date(Date.now() + (UNFINISHED_UPLOAD_EXPIRY_SECONDS + 60) * 1000);
    expect(await sweepUnfinishedUploads(t.deps, later)).toBeGreaterThanOrEqual(1);
    expect(await rowOf(body.id)).toBeUndefined();
    expect(await t.deps.storage.sizeOf(key)).toBeNull();
    expect((await complete(t, fan, body.id)).status).toBe(404);
  });
});
