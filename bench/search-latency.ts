import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createApi, createApiDeps, loadServerEnv } from "@camatlas/api";
import { openDatabase } from "@camatlas/db";
import pino from "pino";

// Cold typo-search latency, CPU and recall on a data set, one query at a time, through the API in this process
// (routing, validation, search, presenter; no HTTP socket, no cache: every query is a first one). For N random linked
// nicknames, swap two middle letters and ask `GET /api/models?query=` as a guest. "Found" means one of the first
// page's models bears the misspelt nickname (which several models may share in generated data).
//   --search index     the in-process name index (the default; built first, its build time reported)
//   --search database  the database search the index replaced (what answers while the index is off)
// Usage: npm run search-latency -w @camatlas/bench -- [--samples 300] [--search index|database] [--url postgres://…]

const { values: args } = parseArgs({
  options: {
    samples: { type: "string", default: "300" },
    search: { type: "string", default: "index" },
    url: {
      type: "string",
      default: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/camatlas_bench",
    },
  },
});
if (args.search !== "index" && args.search !== "database") {
  console.error('--search is "index" or "database"');
  process.exit(2);
}

const samples = Number(args.samples);
const handle = await openDatabase({ url: args.url, poolSize: 4 });
const env = loadServerEnv({
  JWT_SECRET: "search-latency-bench-secret-long-enough-for-hs256",
  DATABASE_URL: args.url,
  SEARCH_INDEX: args.search === "index" ? "memory" : "database",
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "camatlas-search-latency-")),
  LOG_LEVEL: "silent",
  RATE_LIMIT_WRITES_PER_MINUTE: "100000000",
});
const deps = createApiDeps({
  db: handle.db,
  env,
  logger: pino({ level: "silent" }),
  clientIpHeader: "CamAtlas-Client-Ip",
  internalToken: "search-latency",
});
const api = createApi(deps, { engine: handle.engine });
const ask = async (path: string) => {
  const response = await api.fetch(new Request(`http://localhost${path}`));
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as {
    total: number;
    data: { id: number; nicknames: { nickname: string }[] }[];
  };
};

try {
  if (args.search === "index") {
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    await deps.searchIndex.current();
    globalThis.gc?.();
    console.log(
      `Index built in ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
        `heap +${((process.memoryUsage().heapUsed - heapBefore) / 1e6).toFixed(0)} MB` +
        (globalThis.gc ? "" : " (before garbage collection; run node with --expose-gc for the figure after)"),
    );
  }
  const picked = (await handle.db.execute(
    // A random sample of linked nicknames, read from a random spot of the table.
    `select nickname, model_id from nicknames tablesample system (1) where model_id is not null and deleted_at is null limit ${samples * 2}`,
  )) as unknown as { rows: { nickname: string; model_id: number }[] };
  // The first half warms the code up (compiled paths, prepared statements); the second half is measured.
  const warm = picked.rows.slice(0, samples);
  const measured = picked.rows.slice(samples);
  for (const { nickname } of warm) await ask(`/api/models?query=${encodeURIComponent(misspell(nickname))}`);

  const timings: number[] = [];
  const slowest: { query: string; ms: number; total: number }[] = [];
  let found = 0;
  const cpuBefore = process.cpuUsage();
  for (const { nickname, model_id } of measured) {
    const query = misspell(nickname);
    const started = performance.now();
    const page = await ask(`/api/models?query=${encodeURIComponent(query)}`);
    const took = performance.now() - started;
    timings.push(took);
    slowest.push({ query, ms: took, total: page.total });
    const lower = nickname.toLowerCase();
    if (
      page.data.some(
        (m) => m.id === Number(model_id) || m.nicknames.some((n) => n.nickname.toLowerCase() === lower),
      )
    )
      found++;
  }
  const cpu = process.cpuUsage(cpuBefore);
  timings.sort((a, b) => a - b);
  const at = (p: number) =>
    timings[Math.min(timings.length - 1, Math.ceil((p / 100) * timings.length) - 1)] ?? 0;
  console.log(
    `${timings.length} typo searches (${args.search}): p50 ${at(50).toFixed(1)} ms, p95 ${at(95).toFixed(1)} ms, ` +
      `max ${at(100).toFixed(1)} ms; this process's CPU ${((cpu.user + cpu.system) / 1000 / Math.max(1, timings.length)).toFixed(2)} ms per search; ` +
      `the nickname on the first page for ${found} (${((found / Math.max(1, timings.length)) * 100).toFixed(0)} %)`,
  );
  slowest.sort((a, b) => b.ms - a.ms);
  console.log("Slowest:");
  for (const s of slowest.slice(0, 5))
    console.log(`  ${s.ms.toFixed(1)} ms  "${s.query}"  ${s.total} models`);
} finally {
  await deps.invalidation.close();
  await handle.close();
}

/** The bench's typo: two middle letters swapped. */
function misspell(word: string): string {
  if (word.length < 4) return `${word}x`;
  const i = Math.floor(word.length / 2) - 1;
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}
