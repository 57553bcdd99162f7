import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage, createS3Storage, type MediaStorage } from "./storage.ts";

// The S3 adapter against s3rver, a local S3-compatible server: real SigV4 requests, real bucket, real presigning.
let server: S3rver;
let storage: MediaStorage;
let endpoint: string;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "camatlas-s3-"));
  server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: dir,
    configureBuckets: [{ name: "camatlas-media" }],
  });
  const address = (await server.run()) as { port: number };
  endpoint = `http://127.0.0.1:${address.port}`;
  storage = createS3Storage({
    bucket: "camatlas-media",
    endpoint,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    publicUrl: `${endpoint}/camatlas-media/`,
    forcePathStyle: true,
  });
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("S3 media storage", () => {
  it("puts a file the public URL then serves, and deletes it", async () => {
    const bytes = new TextEncoder().encode("webp bytes stand-in");
    await storage.put("avatars/2026-06/a.webp", bytes, "image/webp");
    const url = storage.publicUrl("avatars/2026-06/a.webp");
    expect(url).toBe(`${endpoint}/camatlas-media/avatars/2026-06/a.webp`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);

    await storage.delete("avatars/2026-06/a.webp");
    expect((await fetch(url)).status).toBe(404);
  });

  it("presigns a PUT the browser can upload to directly", async () => {
    const body = new Uint8Array(2048).fill(7);
    const url = await storage.presignPut!("reviews/2026-06/clip.mp4", "video/mp4", body.byteLength, 900);
    expect(url).toContain("X-Amz-Signature=");
    expect(url).toContain("X-Amz-Expires=900");
    const put = await fetch(url, { method: "PUT", body, headers: { "content-type": "video/mp4" } });
    expect(put.status).toBe(200);
    const res = await fetch(storage.publicUrl("reviews/2026-06/clip.mp4"));
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(2048);
  });
});

describe("reading back an upload (size and first bytes)", () => {
  it("answers the size and the start of a file on both stores, null when it is gone", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "camatlas-local-"));
    try {
      for (const store of [storage, createLocalStorage(path.join(root, "media"))]) {
        const bytes = new Uint8Array(300).map((_, i) => i % 251);
        await store.put("private/incoming/2026-11/u.bin", bytes, "application/octet-stream");
        expect(await store.sizeOf("private/incoming/2026-11/u.bin")).toBe(300);
        expect(await store.readStart("private/incoming/2026-11/u.bin", 64)).toEqual(bytes.subarray(0, 64));
        await store.delete("private/incoming/2026-11/u.bin");
        expect(await store.sizeOf("private/incoming/2026-11/u.bin")).toBeNull();
        expect(await store.readStart("private/incoming/2026-11/u.bin", 64)).toBeNull();
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe("private files", () => {
  it("on S3 are read through a signed GET that expires within a minute, with no shared caching", async () => {
    const bytes = new TextEncoder().encode("a verification photo");
    await storage.put("private/verification/2026-06/p.webp", bytes, "image/webp");
    const file = await storage.readPrivate("private/verification/2026-06/p.webp");
    expect(file && "signedUrl" in file).toBe(true);
    const url = (file as { signedUrl: string }).signedUrl;
    expect(url).toContain("X-Amz-Expires=60");
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await storage.readPrivate("avatars/2026-06/a.webp")).toBeNull();
  });

  it("on the local folder live outside the public media tree", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "camatlas-local-"));
    try {
      const local = createLocalStorage(path.join(root, "media"));
      await local.put("private/verification/2026-06/p.webp", new Uint8Array([1, 2, 3]), "image/webp");
      expect(existsSync(path.join(root, "private-media", "verification/2026-06/p.webp"))).toBe(true);
      expect(existsSync(path.join(root, "media", "private"))).toBe(false);
      expect(await local.readPrivate("private/verification/2026-06/p.webp")).toEqual({
        body: new Uint8Array([1, 2, 3]),
      });
      expect(await local.readPrivate("private/verification/2026-06/gone.webp")).toBeNull();
      await expect(
        local.put("private/../../escape.webp", new Uint8Array([1]), "image/webp"),
      ).rejects.toThrow();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe("media endpoints on S3 storage", () => {
  it("uploads land in the bucket and links point at S3_PUBLIC_URL; presigned PUTs work", async () => {
    const { createTestApi } = await import("../../testing/test-api.ts");
    const { createUser } = await import("@camatlas/db/factories");
    const sharp = (await import("sharp")).default;
    const t = await createTestApi({
      S3_BUCKET: "camatlas-media",
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_PUBLIC_URL: `${endpoint}/camatlas-media`,
    });
    try {
      const user = await createUser(t.database.db);
      const authorization = `Bearer ${await t.deps.tokens.issue({ id: user.id, roleId: user.roleId })}`;
      const data = new FormData();
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#f0f" } })
        .png()
        .toBuffer();
      data.append("file", new File([png as BlobPart], "s3.png", { type: "image/png" }));
      const res = await t.api.fetch(
        new Request("http://localhost/api/media", { method: "POST", body: data, headers: { authorization } }),
      );
      expect(res.status).toBe(201);
      const media = await res.json();
      expect(media.link.startsWith(`${endpoint}/camatlas-media/uploads/`)).toBe(true);
      expect((await fetch(media.link)).status).toBe(200);

      const presigned = await t.call("POST", "/api/media/presigned", {
        headers: { authorization },
        body: { name: "My clip.mp4", content_type: "video/mp4", size: 4 },
      });
      expect(presigned.status).toBe(201);
      const body = await presigned.json();
      expect(body).toMatchObject({ id: expect.any(Number), method: "PUT", expires_in: 900 });
      const put = await fetch(body.upload_url, {
        method: "PUT",
        body: new Uint8Array([1, 2, 3, 4]),
        headers: body.headers,
      });
      expect(put.status).toBe(200);
      // Received but unchecked: no public address until completed, and four bytes are no video.
      expect(body.link).toBe(`/api/admin/media/${body.id}/file`);
      const completed = await t.call("POST", `/api/media/${body.id}/complete`, {
        headers: { authorization },
      });
      expect(completed.status).toBe(422);
    } finally {
      await t.close();
    }
    // Two apps and a bucket on a machine shared with other test runs.
  }, 90_000);
});

describe("S3 configuration", () => {
  it("needs all of bucket, endpoint, keys and public URL, naming what is missing", async () => {
    const { loadServerEnv, EnvError } = await import("../../env.ts");
    const base = { JWT_SECRET: "x".repeat(40), DATA_DIR: dir };
    expect(loadServerEnv(base).s3).toBeNull();
    expect(() => loadServerEnv({ ...base, S3_BUCKET: "b" })).toThrow(EnvError);
    expect(() => loadServerEnv({ ...base, S3_BUCKET: "b" })).toThrow(/S3_SECRET_ACCESS_KEY/);
    const full = loadServerEnv({
      ...base,
      S3_BUCKET: "b",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
      S3_PUBLIC_URL: "https://cdn.example/b",
    });
    expect(full.s3).toMatchObject({ bucket: "b", region: "us-east-1", forcePathStyle: true });
  });
});
