import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createApi, createApiDeps, loadServerEnv } from "@camatlas/api";
import { openDatabase, runMigrations } from "@camatlas/db";
import { createRandom } from "@camatlas/db/factories";
import { buildScaleVocabulary } from "@camatlas/db/seed";
import { SEARCH_SECTIONS } from "@camatlas/shared/api-contract";
import pino from "pino";

// Search everywhere and AI search latency through the API in this process (routing, validation, every section's
// queries, presenters; no HTTP socket), one request at a time, on a bench database migrated to the latest schema.
// Each query kind is asked `samples` times after a warm-up; p50/p95/p99/max per kind. On the scale data set
// (`npm run db:scale -- … --reviews … --comments …`, bench/README.md) the words come from the generator's own
// vocabulary: its most common words (in most texts), middling ones (in thousands of rows) and rare ones (dozens).
// Usage: npm run search-everywhere -w @camatlas/bench -- [--url postgres://…/db] [--samples 100] [--seed camatlas-scale]
//   [--only "middling word"] [--slowest]

const { values: args } = parseArgs({
  options: {
    samples: { type: "string", default: "100" },
    // Only the kinds whose name contains this text, e.g. --only "middling word".
    only: { type: "string", default: "" },
    // Also list each kind's slowest requests (address and time): which queries make its p95.
    slowest: { type: "boolean", default: false },
    seed: { type: "string", default: "camatlas-scale" },
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
     (select count(*) from posts)::int as posts, (select count(*) from forum_topics)::int as topics,
     (select count(*) from forum_posts)::int as forum_posts, (select count(*) from users)::int as users`,
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
// The scale generator's vocabulary, rebuilt from its seed (scale-text.ts draws it the same way).
const vocabulary = buildScaleVocabulary(createRandom(`${args.seed}:text`).fork("vocabulary"), 30_000);
const COMMON = vocabulary.slice(0, 6);
const MIDDLING = vocabulary.slice(40, 60);
const RARE = vocabulary.slice(8_000, 8_000 + samples);
const TWO_WORDS = COMMON.map((w, i) => `${w} ${MIDDLING[i]}`);
const users = (
  (await handle.db.execute(
    `select nick_name from users where deleted_at is null order by id desc limit ${samples}`,
  )) as unknown as { rows: { nick_name: string }[] }
).rows.map((r) => r.nick_name);
const AI = [
  "blonde girls on chaturbate online now",
  "couples from romania over 4 stars",
  "new models this month who do private shows",
  "mfc girls camscore over 3000",
];

const all = (words: string[]) => (i: number) =>
  `/api/search?query=${encodeURIComponent(words[i % words.length]!)}`;
const kinds: { name: string; address: (i: number) => string }[] = [
  { name: "GET /api/search, a misspelt nickname", address: all(nicknames.map(misspell)) },
  { name: "GET /api/search, a member's nick_name", address: all(users) },
  { name: "GET /api/search, a common word", address: all(COMMON) },
  { name: "GET /api/search, a middling word", address: all(MIDDLING) },
  { name: "GET /api/search, a rare word", address: all(RARE) },
  { name: "GET /api/search, two words", address: all(TWO_WORDS) },
  {
    name: "GET /api/search/reviews?page=2, a common word",
    address: (i) => `/api/search/reviews?query=${encodeURIComponent(COMMON[i % COMMON.length]!)}&page=2`,
  },
  // Each section alone for a middling word: which one the whole page waits for.
  ...SEARCH_SECTIONS.map((section) => ({
    name: `GET /api/search/${section}, a middling word`,
    address: (i: number) =>
      `/api/search/${section}?query=${encodeURIComponent(MIDDLING[i % MIDDLING.length]!)}`,
  })),
  ...SEARCH_SECTIONS.map((section) => ({
    name: `GET /api/search/${section}, a rare word`,
    address: (i: number) => `/api/search/${section}?query=${encodeURIComponent(RARE[i % RARE.length]!)}`,
  })),
  {
    name: "GET /api/search/ai",
    address: (i) =>
      `/api/search/ai?query=${encodeURIComponent(AI[i % AI.length]!)}&time_zone=Europe/Bucharest`,
  },
];

try {
  await deps.searchIndex.current();
  console.log(`Data: ${JSON.stringify(counts.rows[0])} (${args.url.replace(/\/\/[^@]*@/, "//")})`);
  for (const kind of kinds.filter((k) => k.name.includes(args.only))) {
    for (let i = 0; i < Math.min(20, samples); i++) await ask(kind.address(i));
    const timings: number[] = [];
    const asked: { address: string; ms: number }[] = [];
    for (let i = 0; i < samples; i++) {
      const started = performance.now();
      await ask(kind.address(i));
      timings.push(performance.now() - started);
      asked.push({ address: kind.address(i), ms: performance.now() - started });
    }
    timings.sort((a, b) => a - b);
    const at = (p: number) =>
      timings[Math.min(timings.length - 1, Math.ceil((p / 100) * timings.length) - 1)] ?? 0;
    console.log(
      `${kind.name}: ${samples} requests, p50 ${at(50).toFixed(1)} ms, p95 ${at(95).toFixed(1)} ms, p99 ${at(99).toFixed(1)} ms, max ${at(100).toFixed(1)} ms`,
    );
    if (args.slowest) {
      for (const { address, ms } of asked.sort((a, b) => b.ms - a.ms).slice(0, Math.ceil(samples / 10)))
        console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${decodeURIComponent(address)}`);
    }
  }
} finally {
  await deps.invalidation.close();
  await handle.close();
}
