import { performance } from "node:perf_hooks";
import { startSite } from "../e2e/support/site.ts";
import { buildIfStale } from "../scripts/build-if-stale.ts";
import { positiveInt } from "./cli-args.ts";

// npm run bench:first-start — `npm start` on an empty DATA_DIR until GET /api/health says ok: migrations, reference
// and demo data (its generated portraits included), the listening server. RUNS starts (3), each on a new folder;
// a stale web build is rebuilt first and not counted (run it under the build lock).

const RUNS = positiveInt("RUNS", process.env.RUNS ?? "3");

buildIfStale();
const seconds: number[] = [];
for (let run = 1; run <= RUNS; run++) {
  const started = performance.now();
  const site = await startSite({ reuseUrl: undefined, timeoutMs: 300_000, env: { NODE_ENV: "production" } });
  const took = (performance.now() - started) / 1000;
  seconds.push(took);
  console.log(`run ${run}: healthy after ${took.toFixed(1)} s`);
  await site.stop();
}
const sorted = [...seconds].sort((a, b) => a - b);
console.log(
  `first start on an empty DATA_DIR: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} s, ` +
    `min ${sorted[0]!.toFixed(1)} s, max ${sorted.at(-1)!.toFixed(1)} s (${RUNS} runs)`,
);
