import { parseArgs } from "node:util";
import {
  listModelsPage,
  listNicknamesOfModels,
  openDatabase,
  searchNameScores,
} from "../packages/db/src/index.ts";

// Cold typo-search latency and recall on a data set, one query at a time (no cache, no HTTP): for N random linked
// nicknames, swap two middle letters and run what `GET /api/models?query=` runs for a guest (score names, then one
// page of 12 model cards with the total, then their nicknames). "Found" means one of the first page's models bears
// the misspelt nickname (which several models may share in generated data).
// Usage: npm run search-latency -w @camatlas/bench -- [--samples 200] [--url postgres://…/camatlas_bench]

const { values: args } = parseArgs({
  options: {
    samples: { type: "string", default: "200" },
    url: {
      type: "string",
      default: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/camatlas_bench",
    },
  },
});

const PAGE = 12;
// As the models route: names scored per search, models listed per search.
const SEARCH_CAP = 200;
const SEARCH_MODELS_CAP = 240;
const samples = Number(args.samples);
const handle = await openDatabase({ url: args.url, poolSize: 2 });
try {
  const picked = (await handle.db.execute(
    // A random sample of linked nicknames, read from a random spot of the table.
    `select nickname, model_id from nicknames tablesample system (1) where model_id is not null and deleted_at is null limit ${samples}`,
  )) as unknown as { rows: { nickname: string; model_id: number }[] };
  const timings: number[] = [];
  const slowest: { query: string; ms: number; names: number; total: number }[] = [];
  let found = 0;
  for (const { nickname, model_id } of picked.rows) {
    const query = misspell(nickname);
    const started = performance.now();
    const names = await searchNameScores(handle.db, query, SEARCH_CAP);
    const page = await listModelsPage(handle.db, {
      query,
      ranked: { names, limit: SEARCH_MODELS_CAP },
      page: 1,
      perPage: PAGE,
    });
    const nicknames = await listNicknamesOfModels(
      handle.db,
      page.rows.map((r) => r.id),
    );
    const took = performance.now() - started;
    timings.push(took);
    slowest.push({ query, ms: took, names: names.length, total: page.total ?? 0 });
    const lower = nickname.toLowerCase();
    if (
      page.rows.some((r) => r.id === Number(model_id)) ||
      nicknames.some((n) => n.nickname.toLowerCase() === lower)
    )
      found++;
  }
  timings.sort((a, b) => a - b);
  const at = (p: number) =>
    timings[Math.min(timings.length - 1, Math.ceil((p / 100) * timings.length) - 1)] ?? 0;
  console.log(
    `${timings.length} typo searches: p50 ${at(50).toFixed(1)} ms, p95 ${at(95).toFixed(1)} ms, max ${at(100).toFixed(1)} ms; ` +
      `the nickname on the first page for ${found} (${((found / Math.max(1, timings.length)) * 100).toFixed(0)} %)`,
  );
  slowest.sort((a, b) => b.ms - a.ms);
  console.log("Slowest:");
  for (const s of slowest.slice(0, 5))
    console.log(`  ${s.ms.toFixed(1)} ms  "${s.query}"  ${s.names} names scored, ${s.total} models`);
} finally {
  await handle.close();
}

/** The bench's typo: two middle letters swapped. */
function misspell(word: string): string {
  if (word.length < 4) return `${word}x`;
  const i = Math.floor(word.length / 2) - 1;
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}
