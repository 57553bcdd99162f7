import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { startBenchSite } from "./bench-site.ts";
import { positiveInt } from "./cli-args.ts";

// Upload throughput of the two ways a browser sends a file, against the started site (HTTP, production mode, local
// disk store): "direct" — one multipart POST /api/media; "presigned" — POST /api/media/presigned for a signed link,
// then a PUT of the raw file to it (the local store's own link), then POST /api/media/{id}/complete. Both end the same way (sniffed, re-encoded as webp,
// blurhash), so the difference is the transport: a multipart body read into memory vs a raw body streamed to disk.
//
//   npm run bench:upload -- [--uploads 10] [--megabytes 4]
//
// The upload limits stay on (30 a user, and 30 signed PUTs an address, per 10 minutes): --uploads at most 25.

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : positiveInt(name, args[at + 1]);
};
const uploads = Math.min(25, option("uploads", 10));
// An image must stay under the upload limit (5,251,072 bytes) after its PNG header.
const megabytes = Math.min(5, option("megabytes", 4));

/** A PNG of noise of about `megabytes` (noise does not compress, so the file is as big as its pixels). */
async function noisePng(): Promise<Uint8Array> {
  const side = Math.round(Math.sqrt((megabytes * 1_000_000) / 3));
  const file = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return new Uint8Array(file.subarray(0, file.byteLength));
}

async function login(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

async function direct(base: string, token: string, file: Uint8Array): Promise<void> {
  const form = new FormData();
  form.append("file", new File([file as BlobPart], "bench.png", { type: "image/png" }));
  const res = await fetch(`${base}/api/media`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, accept: "application/json" },
    body: form,
  });
  if (res.status !== 201) throw new Error(`direct upload: ${res.status} ${await res.text()}`);
}

async function presigned(base: string, token: string, file: Uint8Array): Promise<void> {
  const ask = await fetch(`${base}/api/media/presigned`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json",
    },
    body: JSON.stringify({ name: "bench.png", content_type: "image/png", size: file.byteLength }),
  });
  if (ask.status !== 201) throw new Error(`presign: ${ask.status} ${await ask.text()}`);
  const link = (await ask.json()) as { id: number; upload_url: string; headers: Record<string, string> };
  const put = await fetch(new URL(link.upload_url, base), {
    method: "PUT",
    headers: link.headers,
    body: file as BodyInit,
  });
  if (put.status !== 200) throw new Error(`presigned PUT: ${put.status} ${await put.text()}`);
  // The browser completes every presigned upload (on S3 this is where the file is checked and re-encoded).
  const done = await fetch(`${base}/api/media/${link.id}/complete`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, accept: "application/json" },
  });
  if (done.status !== 200) throw new Error(`complete: ${done.status} ${await done.text()}`);
}

async function measure(name: string, send: () => Promise<void>, bytes: number) {
  await send(); // warm-up: first use of the route, sharp's first encode
  const times: number[] = [];
  for (let i = 1; i < uploads; i++) {
    const started = performance.now();
    await send();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const total = times.reduce((sum, t) => sum + t, 0);
  const mbPerSecond = (bytes * times.length) / 1_000_000 / (total / 1000);
  return {
    path: name,
    uploads: times.length,
    "median ms": Math.round(times[Math.floor(times.length / 2)]!),
    "p90 ms": Math.round(times[Math.floor(times.length * 0.9)]!),
    "MB/s": Number(mbPerSecond.toFixed(1)),
  };
}

const site = await startBenchSite({ SEED_DEMO: "1" });
try {
  const file = await noisePng();
  // One account a path: each has its own 30-upload budget.
  const fan = await login(site.url, "fan@camatlas.test", "camfan-demo-pass");
  const girl = await login(site.url, "camgirl@camatlas.test", "camgirl-demo-pass");
  console.info(`${uploads} uploads of ${(file.byteLength / 1_000_000).toFixed(2)} MB each, one at a time`);
  const rows = [
    await measure("direct (multipart POST /api/media)", () => direct(site.url, fan, file), file.byteLength),
    await measure(
      "presigned (POST /presigned + PUT + complete)",
      () => presigned(site.url, girl, file),
      file.byteLength,
    ),
  ];
  console.table(rows);
} finally {
  await site.stop();
}
