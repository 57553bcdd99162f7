import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DatabaseHandle } from "@camatlas/db";
import { createTestDatabase } from "@camatlas/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isLocalRequest } from "./create-site.ts";
import { testSite } from "./testing/test-site.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const siteWith = (env: Record<string, string>) => testSite(database, { env }).site;

describe("media addresses", () => {
  it("serve local files from DATA_DIR/media, and 404 for a missing one", async () => {
    const res = await siteWith({}).request("/media/avatars/none.webp");
    expect(res.status).toBe(404);
  });

  it("serve a stored file with a day of browser caching (a replaced picture gets a new name)", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "site-media-"));
    try {
      await mkdir(path.join(dataDir, "media/camsite-logos"), { recursive: true });
      await writeFile(
        path.join(dataDir, "media/camsite-logos/x.svg"),
        "<svg xmlns='http://www.w3.org/2000/svg'/>",
      );
      const res = await testSite(database, { dataDir }).site.request("/media/camsite-logos/x.svg");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("redirect to the bucket when media live in S3-compatible storage", async () => {
    const site = siteWith({
      S3_BUCKET: "camatlas-media",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_PUBLIC_URL: "https://cdn.example.com/camatlas-media/",
    });
    const res = await site.request("/media/avatars/2026-11/a.webp");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("https://cdn.example.com/camatlas-media/avatars/2026-11/a.webp");
    // Private files have no public address, not even a redirect into the bucket.
    for (const file of ["/media/private/verification/2026-11/p.webp", "/media/verification/2026-11/p.webp"]) {
      const refused = await site.request(file);
      expect(refused.status, file).toBe(404);
      expect(refused.headers.get("location")).toBeNull();
    }
  });
});

describe("compression", () => {
  it("gzips large answers for clients that accept it, and leaves the others' untouched", async () => {
    const site = siteWith({});
    const gzipped = await site.request("/api/openapi.json", { headers: { "accept-encoding": "gzip, br" } });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("vary")).toMatch(/accept-encoding/i);
    const plain = await site.request("/api/openapi.json");
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect((await plain.json()).openapi).toBeDefined();
  });
});

describe("/dev/mail", () => {
  it("is served only to a browser on this machine, not through a proxy", async () => {
    const at = (headers: Record<string, string> = {}) =>
      new Request("http://localhost/dev/mail", { headers });
    expect(isLocalRequest(at(), () => "127.0.0.1")).toBe(true);
    expect(isLocalRequest(at(), () => "::1")).toBe(true);
    expect(isLocalRequest(at(), () => "::ffff:127.0.0.1")).toBe(true);
    expect(isLocalRequest(at(), () => "192.168.1.20")).toBe(false);
    expect(isLocalRequest(at(), () => undefined)).toBe(false);
    expect(isLocalRequest(at({ "x-forwarded-for": "203.0.113.9" }), () => "127.0.0.1")).toBe(false);
    expect(isLocalRequest(at({ "x-real-ip": "203.0.113.9" }), () => "127.0.0.1")).toBe(false);
    // Without a socket to read (an in-process request), the listing is not served.
    expect((await siteWith({}).request("/dev/mail")).status).toBe(404);
  });
});
