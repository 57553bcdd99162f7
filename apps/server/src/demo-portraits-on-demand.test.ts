import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoPortraitsOnDemand } from "./demo-portraits-on-demand.ts";

let dataDir: string;
let app: Hono;
const asked: string[] = [];
const recorded: Array<[string, string]> = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "camatlas-portraits-site-"));
  app = new Hono();
  app.use(
    "/media/portraits/*",
    demoPortraitsOnDemand({
      mediaDir: path.join(dataDir, "media"),
      looksOf: async (seed) => {
        asked.push(seed);
        return seed === "jade-river" ? { hair: "redhead", skin: null } : null;
      },
      recordSnapshot: async (relative, blurhash) => {
        recorded.push([relative, blurhash]);
      },
    }),
  );
  app.use("/media/*", serveStatic({ root: path.relative(process.cwd(), dataDir) }));
  app.get("/media/*", (c) => c.text("Not found", 404));
});

afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe("demo portraits on demand", () => {
  it("draws a model's portrait on its first request and serves the kept file after", async () => {
    const first = await app.request("/media/portraits/jade-river/snapshot-2.webp?shot=493001");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/webp");
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe("WEBP");
    expect(await readdir(path.join(dataDir, "media/portraits/jade-river"))).toEqual(["snapshot-2.webp"]);
    const again = await app.request("/media/portraits/jade-river/snapshot-2.webp");
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
    expect(asked).toEqual(["jade-river"]);
    // Its BlurHash goes to the live snapshots that show it, once.
    expect(recorded).toEqual([["portraits/jade-river/snapshot-2.webp", expect.any(String)]]);
  });

  it("draws nothing for another slug or a path that is not a portrait's", async () => {
    for (const address of [
      "/media/portraits/nobody-here/avatar.webp",
      "/media/portraits/jade-river/snapshot-8.webp",
      "/media/portraits/jade-river/avatar.png",
      "/media/portraits/Jade/avatar.webp",
    ])
      expect((await app.request(address)).status).toBe(404);
    expect(await readdir(path.join(dataDir, "media/portraits"))).toEqual(["jade-river"]);
  });
});
