import { createReadStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { open } from "node:fs/promises";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createApi, createApiDeps, loadServerEnv } from "@camatlas/api";
import { openDatabase, runMigrations } from "@camatlas/db";
import { createUser } from "@camatlas/db/factories";
import { seedReferenceData } from "@camatlas/db/seed";
import { serve } from "@hono/node-server";
import pino from "pino";
import { positiveInt } from "./cli-args.ts";

// Memory while a large video upload streams in over HTTP: POST /api/media/user-reviews through a real socket, the
// body written to disk as it arrives (never whole in memory). The file is `--mb` megabytes that open like an MP4 and
// are noise after that, so the upload is read to the end and then refused by the probe (422) — the transfer is
// what is measured. Prints the process's peak RSS over its RSS before the upload, and the throughput.
// Usage: npm run video-upload-memory -w @camatlas/bench -- [--mb 500]

const { values: args } = parseArgs({ options: { mb: { type: "string", default: "500" } } });
const megabytes = positiveInt("mb", args.mb);

const dataDir = mkdtempSync(path.join(tmpdir(), "camatlas-upload-memory-"));
const file = path.join(dataDir, "big.mp4");
const handle = await openDatabase({ dataDir: path.join(dataDir, "db") });
try {
  await runMigrations(handle);
  await seedReferenceData(handle.db);
  const chunk = Buffer.alloc(1024 * 1024, 7);
  Buffer.from("0000001866747970697336f6d00000200", "hex").copy(chunk);
  const out = await open(file, "w");
  for (let i = 0; i < megabytes; i++) {
    await out.write(chunk);
    if (i === 0) chunk.fill(7, 0, 32);
  }
  await out.close();

  const env = loadServerEnv({
    JWT_SECRET: "upload-memory-bench-secret-long-enough-for-hs256",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
  });
  const deps = createApiDeps({
    db: handle.db,
    env,
    logger: pino({ level: "silent" }),
    clientIpHeader: "CamAtlas-Client-Ip",
    internalToken: "upload-memory",
  });
  const api = createApi(deps, { engine: handle.engine });
  const user = await createUser(handle.db, {});
  const token = await deps.tokens.issue({ id: user.id, roleId: user.roleId });
  const server = serve({ fetch: api.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;

  const boundary = "----camatlas-bench";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = statSync(file).size;
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const status = await new Promise<number>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/media/user-reviews",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": head.length + size + tail.length,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.write(head);
    const body = createReadStream(file);
    body.on("end", () => req.end(tail));
    body.pipe(req, { end: false });
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  console.log(
    `${megabytes} MB upload: answered ${status} in ${seconds.toFixed(1)} s (${(megabytes / seconds).toFixed(0)} MB/s); ` +
      `RSS ${(before / 1e6).toFixed(0)} MB before, peak ${(peak / 1e6).toFixed(0)} MB (+${((peak - before) / 1e6).toFixed(0)} MB)`,
  );
  server.close();
} finally {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
