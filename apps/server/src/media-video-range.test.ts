import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { DatabaseHandle } from "@camatlas/db";
import { createTestDatabase } from "@camatlas/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testSite } from "./testing/test-site.ts";

// A processed video is played from /media/*: browsers and players ask for byte ranges (seeking, iOS Safari refuses a
// video served without them).

let database: DatabaseHandle;
let dataDir: string;
let bytes: Buffer;
const link = "/media/reviews/2026-11/clip.mp4";

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), "camatlas-range-"));
  const folder = path.join(dataDir, "media", "reviews", "2026-11");
  await mkdir(folder, { recursive: true });
  // One second of ffmpeg's test picture (nothing committed), as the worker would store it.
  const file = path.join(folder, "clip.mp4");
  execFileSync(
    "ffmpeg",
    ["-hide_banner", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc=size=160x120:rate=10"].concat([
      "-t",
      "1",
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-pix_fmt",
      "yuv420p",
      file,
    ]),
    { stdio: "ignore" },
  );
  bytes = await readFile(file);
}, 60_000);
afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("videos under /media/*", () => {
  it("answer a byte range with 206, its Content-Range and exactly those bytes", async () => {
    const { site } = testSite(database, { dataDir });
    const res = await site.request(link, { headers: { range: "bytes=100-199" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-type")).toBe("video/mp4");
    expect(res.headers.get("content-range")).toBe(`bytes 100-199/${bytes.byteLength}`);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes.subarray(100, 200));
  });

  it("answer open ranges (a player's first `bytes=0-`, a tail) and the whole file without a range", async () => {
    const { site } = testSite(database, { dataDir });
    const tail = await site.request(link, { headers: { range: `bytes=${bytes.byteLength - 10}-` } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.byteLength - 10));
    const first = await site.request(link, { headers: { range: "bytes=0-" } });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe(`bytes 0-${bytes.byteLength - 1}/${bytes.byteLength}`);
    const whole = await site.request(link);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await whole.arrayBuffer()).byteLength).toBe(bytes.byteLength);
  });
});
