import { parseArgs } from "node:util";
import { openDatabase, rankModels, searchNameHits } from "../packages/db/src/index.ts";

// Cold typo-search latency and recall on a data set, one query at a time (no cache, no HTTP): for N random linked
// nicknames, swap two middle letters and ask the search. "Found" means the misspelt nickname (which several models
// may share in generated data) is the name that matched for one of the first page's 12 models.
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
const samples = Number(args.samples);
const handle = await openDatabase({ url: args.url, poolSize: 2 });
try {
  const picked = (await handle.db.execute(
    // A random sample of linked nicknames, read from a random spot of the table.
    `select nickname, model_id from nicknames tablesample system (1) where model_id is not null and deleted_at is null limit ${samples}`,
  )) as unknown as { rows: { nickname: string; model_id: number }[] };
  const timings: number[] = [];
  let found = 0;
  for (const { nickname, model_id } of picked.rows) {
    const query = misspell(nickname);
    const started = performance.now();
    const hits = await searchNameHits(handle.db, query, 200);
    const firstPage = new Set(
      rankModels(hits)
        .slice(0, PAGE)
        .map((r) => r.modelId),
    );
    timings.push(performance.now() - started);
    const lower = nickname.toLowerCase();
    if (
      firstPage.has(Number(model_id)) ||
      hits.some((h) => firstPage.has(h.modelId) && h.matched.toLowerCase() === lower)
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
} finally {
  await handle.close();
}

/** The bench's typo: two middle letters swapped. */
function misspell(word: string): string {
  if (word.length < 4) return `${word}x`;
  const i = Math.floor(word.length / 2) - 1;
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}
