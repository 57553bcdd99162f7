import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createApi, createApiDeps, loadServerEnv } from "@camatlas/api";
import { openDatabase, runMigrations } from "@camatlas/db";
import pino from "pino";

// Search everywhere and AI search latency through the API in this process (routing, validation, every section's
// queries, presenters; no HTTP socket), one request at a time, on a bench database migrated to the latest schema.
// Each query kind is asked `samples` times after a warm-up; p50/p95/max per kind.
// Usage: npm run search-everywhere -w @camatlas/bench -- [--url postgres://…/db] [--samples 100]

const { values: args } = parseArgs({
  options: {
    samples: { type: "string", default: "100" },
    url: {
      type: "string",
      default: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/camatlas_search_bench",
    },
  },
});
const samples = Number(args.samples);
const handle = await openDatabase({ url: args.url, poolSize: 8 });
await runMigrations(handle);
const env = loadServerEnv({
  JWT_SECRET: "search-everywhere-bench-secret-long-enough-for-hs256",
  DATABASE_URL: args.url,
  SEARCH_INDEX: "memory",
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "camatlas-search-everywhere-")),
  LOG_LEVEL: "silent",
  RATE_LIMIT_WRITES_PER_MINUTE: "100000000",
});
const deps = createApiDeps({
  db: handle.db,
  env,
  logger: pino({ level: "silent" }),
  clientIpHeader: "CamAtlas-Client-Ip",
  internalToken: "search-everywhere",
});
const api = createApi(deps, { engine: handle.engine });
const ask = async (address: string) => {
  const response = await api.fetch(new Request(`http://localhost${address}`));
  if (!response.ok) throw new Error(`${address} answered ${response.status}`);
  await response.arrayBuffer();
};

const counts = (await handle.db.execute(
  `select (select count(*) from models)::int as models, (select count(*) from nicknames)::int as nicknames,
     (select count(*) from user_reviews)::int as reviews, (select count(*) from comments)::int as comments,
     (select count(*) from posts)::int as posts, (select count(*) from forum_topics)::int as topics`,
)) as unknown as { rows: Record<string, number>[] };
const nicknames = (
  (await handle.db.execute(
    `select nickname from nicknames where deleted_at is null order by id limit ${samples}`,
  )) as unknown as { rows: { nickname: string }[] }
).rows.map((r) => r.nickname);

const misspell = (word: string) => {
  if (word.length < 4) return `${word}x`;
  const i = Math.floor(word.length / 2) - 1;
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
};
const WORDS = [
  "friendly chat",
  "camera light",
  "regulars away",
  "tippers",
  "conversation week",
  "evening shows",
];
const AI = [
  "blonde girls on chaturbate online now",
  "couples from romania over 4 stars",
  "new models this month who do private shows",
  "mfc girls camscore over 3000",
];

const kinds: { name: string; address: (i: number) => string }[] = [
  {
    name: "GET /api/search, a misspelt nickname",
    address: (i) =>
      `/api/search?query=${encodeURIComponent(misspell(nicknames[i % nicknames.length] ?? "anna"))}`,
  },
  {
    name: "GET /api/search, words of review texts",
    address: (i) => `/api/search?query=${encodeURIComponent(WORDS[i % WORDS.length]!)}`,
  },
  {
    name: "GET /api/search/reviews?page=2",
    address: (i) => `/api/search/reviews?query=${encodeURIComponent(WORDS[i % WORDS.length]!)}&page=2`,
  },
  {
    name: "GET /api/search/ai",
    address: (i) =>
      `/api/search/ai?query=${encodeURIComponent(AI[i % AI.length]!)}&time_zone=Europe/Bucharest`,
  },
];

try {
  await deps.searchIndex.current();
  console.log(`Data: ${JSON.stringify(counts.rows[0])} (${args.url.replace(/\/\/[^@]*@/, "//")})`);
  for (const kind of kinds) {
    for (let i = 0; i < Math.min(20, samples); i++) await ask(kind.address(i));
    const timings: number[] = [];
    for (let i = 0; i < samples; i++) {
      const started = performance.now();
      await ask(kind.address(i));
      timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    const at = (p: number) =>
      timings[Math.min(timings.length - 1, Math.ceil((p / 100) * timings.length) - 1)] ?? 0;
    console.log(
      `${kind.name}: ${samples} requests, p50 ${at(50).toFixed(1)} ms, p95 ${at(95).toFixed(1)} ms, max ${at(100).toFixed(1)} ms`,
    );
  }
} finally {
  await deps.invalidation.close();
  await handle.close();
}
