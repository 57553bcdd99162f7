import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { DatabaseHandle } from "@camatlas/db";
import { createTestDatabase } from "@camatlas/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testSite } from "./testing/test-site.ts";

// The browser build carries a brotli and a gzip copy of each script (apps/web/vite/precompressed-assets.ts): the
// site answers with the one the browser accepts, as it is, and the script itself to a client that takes neither.

const SCRIPT = `export const greeting = ${JSON.stringify("hello ".repeat(400))};\n`;

let database: DatabaseHandle;
let clientDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  clientDir = await mkdtemp(path.join(tmpdir(), "camatlas-client-"));
  const file = path.join(clientDir, "assets", "entry-abc123.js");
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, SCRIPT);
  await writeFile(`${file}.br`, await promisify(zlib.brotliCompress)(SCRIPT));
  await writeFile(`${file}.gz`, await promisify(zlib.gzip)(SCRIPT));
});
afterAll(async () => {
  await database.close();
  await rm(clientDir, { recursive: true, force: true });
});

const fetchScript = (acceptEncoding: string | null) =>
  testSite(database, { clientDir }).site.request("/assets/entry-abc123.js", {
    headers: acceptEncoding === null ? {} : { "accept-encoding": acceptEncoding },
  });

describe("scripts of the browser build", () => {
  it("come as the build's brotli copy to a browser that takes brotli", async () => {
    const reply = await fetchScript("gzip, deflate, br, zstd");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-encoding")).toBe("br");
    expect(reply.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(reply.headers.get("content-type")).toMatch(/javascript/);
    const body = Buffer.from(await reply.arrayBuffer());
    expect(zlib.brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it("come as the gzip copy to one that takes gzip only", async () => {
    const reply = await fetchScript("gzip");
    expect(reply.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.from(await reply.arrayBuffer())).toString()).toBe(SCRIPT);
  });

  it("come as they are to a client that takes no encoding", async () => {
    const reply = await fetchScript(null);
    expect(reply.headers.get("content-encoding")).toBeNull();
    expect(await reply.text()).toBe(SCRIPT);
  });
});
