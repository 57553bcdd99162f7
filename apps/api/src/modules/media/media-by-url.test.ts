import http from "node:http";
import type { AddressInfo } from "node:net";
import { schema } from "@camatlas/db";
import { API_MESSAGES, MEDIA_URL_MESSAGES, ROLE } from "@camatlas/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowAddressInTests } from "../../lib/safe-fetch.ts";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { type SignedIn, signIn } from "../models/test-helpers.ts";

// POST /media/create-by-url and /media/avatar-from-url against a real local server on loopback: refused as every
// private address is, then, with the test-only allow-list naming it, fetched, sniffed and re-encoded like an upload.

let t: TestApi;
let fan: SignedIn;
let server: http.Server;
let base: string;
let jpeg: Buffer;

beforeAll(async () => {
  t = await createTestApi();
  fan = await signIn(t, ROLE.camfan);
  jpeg = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#0ea5e9" } })
    .jpeg()
    .toBuffer();
  server = http.createServer((req, res) => {
    if (req.url === "/photo.jpg") res.writeHead(200, { "content-type": "image/jpeg" }).end(jpeg);
    else if (req.url === "/lying.png")
      res.writeHead(200, { "content-type": "image/png" }).end("<svg onload=alert(1)>");
    else if (req.url === "/a") res.writeHead(302, { location: "/b" }).end();
    else if (req.url === "/b") res.writeHead(302, { location: "/a" }).end();
    else if (req.url === "/endless") {
      res.writeHead(200, { "content-type": "image/jpeg" });
      const timer = setInterval(() => res.write(Buffer.alloc(256 * 1024)), 2);
      res.on("close", () => clearInterval(timer));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const mediaCount = async () => (await t.database.db.select().from(schema.media)).length;

async function byUrl(path: string, url: string) {
  const res = await t.call("POST", path, { headers: fan.headers, body: { url } });
  return { status: res.status, body: await res.json() };
}

describe("media by URL", () => {
  it("refuses the local server, private and metadata addresses and other schemes: 422 on url, nothing stored", async () => {
    const before = await mediaCount();
    for (const [url, text] of [
      [`${base}/photo.jpg`, MEDIA_URL_MESSAGES.privateAddress],
      ["http://169.254.169.254/latest/meta-data/", MEDIA_URL_MESSAGES.privateAddress],
      ["http://10.0.0.8/x.jpg", MEDIA_URL_MESSAGES.privateAddress],
      ["http://[::1]/x.jpg", MEDIA_URL_MESSAGES.privateAddress],
      ["http://[fd00::1]/x.jpg", MEDIA_URL_MESSAGES.privateAddress],
      ["http://100.64.1.1/x.jpg", MEDIA_URL_MESSAGES.privateAddress],
      ["file:///etc/passwd", MEDIA_URL_MESSAGES.scheme],
      ["javascript:alert(1)", MEDIA_URL_MESSAGES.scheme],
    ]) {
      for (const path of ["/api/media/create-by-url", "/api/media/avatar-from-url"]) {
        const { status, body } = await byUrl(path, url!);
        expect(status, `${path} ${url}`).toBe(422);
        expect(body.errors.url).toEqual([text]);
      }
    }
    expect(await mediaCount()).toBe(before);
  });

  describe("with the loopback server on the test-only allow-list", () => {
    let disallow: () => void;
    beforeAll(() => {
      disallow = allowAddressInTests("127.0.0.1");
    });
    afterAll(() => disallow());

    it("stores the image re-encoded as webp, with its blurhash, as the caller's", async () => {
      const { status, body } = await byUrl("/api/media/create-by-url", `${base}/photo.jpg`);
      expect(status).toBe(201);
      expect(body).toMatchObject({ name: "photo.webp", meta: { type: "image", width: 120, height: 80 } });
      expect(body.blurhash).toEqual(expect.any(String));
      expect(body.link).toMatch(/\.webp$/);
      const avatar = await byUrl("/api/media/avatar-from-url", `${base}/photo.jpg`);
      expect(avatar.status).toBe(201);
      expect(avatar.body.link).toContain("/avatars/");
    });

    it("refuses a redirect loop, an endless body (413) and bytes that are not an image; nothing stored", async () => {
      const before = await mediaCount();
      const loop = await byUrl("/api/media/create-by-url", `${base}/a`);
      expect(loop.status).toBe(422);
      expect(loop.body.errors.url).toEqual([MEDIA_URL_MESSAGES.redirects]);
      const endless = await byUrl("/api/media/create-by-url", `${base}/endless`);
      expect(endless.status).toBe(413);
      expect(endless.body.message).toBe(API_MESSAGES.fileTooLarge);
      const lying = await byUrl("/api/media/create-by-url", `${base}/lying.png`);
      expect(lying.status).toBe(422);
      expect(lying.body.errors.url).toEqual([API_MESSAGES.invalidFileFormat]);
      const missing = await byUrl("/api/media/create-by-url", `${base}/missing.jpg`);
      expect(missing.body.errors.url).toEqual([MEDIA_URL_MESSAGES.failed]);
      expect(await mediaCount()).toBe(before);
    });
  });
});
