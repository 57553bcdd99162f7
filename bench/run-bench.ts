import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { type Site, serverPid, startBenchSite } from "./bench-site.ts";
import { fail, positiveInt } from "./cli-args.ts";
import { processCpuMs, processName } from "./process-cpu.ts";
import { aiSearchAccuracy, aiSearchAccuracyLine } from "./search-ai-accuracy.ts";

// Starts the site on a data set in a child process and loads a few read paths with autocannon from here.
// Usage: npm run bench -- [--dataset demo|scale] [--models N] [--nicknames M] [--duration S] [--connections C]
//        [--only "model page,fuzzy"]

const ROOT = path.resolve(import.meta.dirname, "..");
const RESULTS_DIR = path.join(import.meta.dirname, "results");

const { values: args } = parseArgs({
  options: {
    dataset: { type: "string", default: "demo" },
    models: { type: "string", default: "300000" },
    nicknames: { type: "string", default: "1000000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "20" },
    // Comma-separated words: only the endpoints whose name contains one of them (e.g. "model page,fuzzy").
    only: { type: "string" },
  },
});

const dataset = args.dataset;
if (dataset !== "demo" && dataset !== "scale") fail(`--dataset must be demo or scale, not ${dataset}`);
const duration = positiveInt("duration", args.duration);
const connections = positiveInt("connections", args.connections);
const modelCount = positiveInt("models", args.models);
const nicknameCount = positiveInt("nicknames", args.nicknames);

interface Target {
  name: string;
  path: string;
  /** Fuzzy search only: whether the misspelt nickname still finds its model. */
  finds?: boolean;
  /** Request headers (the uncached page variants send an empty session cookie). */
  headers?: Record<string, string>;
  /** Several addresses taken in turn (each request the next), so answers cached per address do not decide. */
  paths?: string[];
}

interface Row extends Target {
  /** The page cache's X-Cache answer to the last warm-up request (hit, bypass…), null for API paths. */
  cache: string | null;
  /**
   * CPU time of the site's server process (user + system) per request during the load, in ms: what a request costs
   * the site whatever else runs on the machine. Null when the process could not be found (non-Linux).
   */
  serverCpuMsPerRequest: number | null;
  /** CPU of every PostgreSQL server process on this machine per request (scale data set only). */
  databaseCpuMsPerRequest: number | null;
  requestsPerSecond: number;
  requests: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** autocannon's own histogram (it reports p97.5, not p95), kept to cross-check ours. */
  autocannonLatencyMs: { p50: number; p97_5: number; p99: number };
  non2xx: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
}

/**
 * Guests share rendered pages for a few seconds (PAGE_CACHE_SECONDS), so a page endpoint mostly measures the
 * cache. A session cookie makes the site render every request; an empty one signs nobody in, so the page is the
 * guest's (with the age gate closed) at the cost of a full render: the uncached figure of the same page.
 */
const NO_PAGE_CACHE = { cookie: "token=" };

const loadAverage = { before: 0, after: 0 };
// bench-site.ts adds production mode, quiet logs and the per-IP limits lifted.
const siteEnv: Record<string, string> = {};
let databaseUrl: string | undefined;
if (dataset === "scale") {
  databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/camatlas_bench";
  await createDatabaseIfMissing(databaseUrl);
  // Before the site starts: the generator migrates the database itself, and the site then loads its search index
  // from the full data set.
  if (await isEmpty(databaseUrl)) generateScaleData(databaseUrl);
  Object.assign(siteEnv, { DATABASE_URL: databaseUrl, SEED_DEMO: "0" });
} else {
  siteEnv.SEED_DEMO = "1";
}

// The AI search parser's accuracy on its evaluation set needs no site: reported first, and kept with the results.
const aiSearch = aiSearchAccuracy();
console.log(aiSearchAccuracyLine(aiSearch));

console.log(`Starting the site (${dataset} data set)…`);
const site = await startBenchSite(siteEnv);

try {
  const only = args.only
    ?.split(",")
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
  const targets = (await chooseTargets(site)).filter(
    (t) => !only?.length || only.some((w) => t.name.toLowerCase().includes(w)),
  );
  const rows: Row[] = [];
  // Others may share the machine: the 1-minute load average before and after goes with the figures.
  loadAverage.before = os.loadavg()[0] ?? 0;
  for (const target of targets) {
    console.log(`Loading ${target.path} for ${duration} s with ${connections} connections…`);
    rows.push(await load(site, target));
  }
  loadAverage.after = os.loadavg()[0] ?? 0;
  printTable(rows);
  console.log(
    `\nLoad average (1 min): ${loadAverage.before.toFixed(2)} before, ${loadAverage.after.toFixed(2)} after`,
  );
  writeResults(rows);
} catch (error) {
  console.error(`\nBenchmark failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await site.stop();
}

/** The site migrates the database at start; the database itself must exist. */
async function createDatabaseIfMissing(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) fail(`Unexpected database name in BENCH_DATABASE_URL: ${name}`);
  const adminUrl = new URL(url);
  adminUrl.pathname = "/postgres";
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) {
      console.log(`Creating database ${name}…`);
      await client.query(`create database "${name}"`);
    }
  } finally {
    await client.end();
  }
}

async function isEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // A database just created has no tables yet.
    const table = await client.query("select to_regclass('models') is not null as found");
    if (!table.rows[0].found) return true;
    const { rows } = await client.query("select exists (select 1 from models) as any");
    return !rows[0].any;
  } finally {
    await client.end();
  }
}

/** Runs after the site's start, so migrations and reference data (camsites) are in place. */
function generateScaleData(url: string): void {
  console.log(`Generating ${modelCount} models and ${nicknameCount} nicknames (runs once per database)…`);
  const result = spawnSync(
    "npm",
    ["run", "db:scale", "--", "--models", String(modelCount), "--nicknames", String(nicknameCount)],
    { cwd: ROOT, stdio: "inherit", env: { ...process.env, DATABASE_URL: url } },
  );
  if (result.status !== 0) throw new Error(`npm run db:scale failed (exit code ${result.status})`);
}

/** A real slug and a misspelt real nickname, taken from the API. */
async function chooseTargets(site: Site): Promise<Target[]> {
  const response = await fetch(`${site.url}/api/models?per_page=1`);
  if (!response.ok) throw new Error(`GET /api/models answered ${response.status}`);
  const { data } = (await response.json()) as {
    data: Array<{ id: number; slug: string; nicknames: Array<string | { nickname: string }> }>;
  };
  const model = data[0];
  if (!model) throw new Error("The data set has no models");
  const first = model.nicknames[0];
  const nickname = typeof first === "string" ? first : (first?.nickname ?? model.slug);
  const query = misspell(nickname);
  const searchPath = `/api/models?query=${encodeURIComponent(query)}`;
  // A fast search that finds nothing proves little: say whether the typo still finds her.
  const search = (await (await fetch(site.url + searchPath)).json()) as { data?: Array<{ slug: string }> };
  const found = search.data?.some((m) => m.slug === model.slug) ?? false;
  console.log(
    `Fuzzy search "${query}" (for "${nickname}") ${found ? "finds" : "does NOT find"} ${model.slug}`,
  );
  // More different typos than a run sends, so every search is a first one (no answer cached for it yet).
  const typoPaths = await manyTypoPaths(site, 30_000);
  return [
    { name: "home page", path: "/" },
    { name: "home page (no page cache)", path: "/", headers: NO_PAGE_CACHE },
    { name: "model list (API)", path: "/api/models" },
    { name: "fuzzy search (API)", path: searchPath, finds: found },
    {
      name: `fuzzy search, ${typoPaths.length} different typos (API)`,
      path: typoPaths[0] ?? searchPath,
      paths: typoPaths,
    },
    { name: "model page", path: `/models/${model.slug}` },
    { name: "model page (no page cache)", path: `/models/${model.slug}`, headers: NO_PAGE_CACHE },
    // Catalog API paths the model pages and the header search use.
    { name: "typeahead (API)", path: `/api/search/typeahead?query=${encodeURIComponent(query)}` },
    // Every section of the search page at once, and the AI search (decision 0031, 0032).
    { name: "search everywhere (API)", path: `/api/search?query=${encodeURIComponent(query)}` },
    { name: "search everywhere, words (API)", path: "/api/search?query=great%20show%20tonight" },
    { name: "model profile (API)", path: `/api/models/${model.id}` },
    { name: "girls like her (API)", path: `/api/models/${model.id}/like-her` },
  ];
}

/** Typo searches of `count` different nicknames, read from pages spread over the whole model list. */
async function manyTypoPaths(site: Site, count: number): Promise<string[]> {
  const perPage = 50;
  const first = (await (await fetch(`${site.url}/api/models?per_page=${perPage}`)).json()) as {
    last_page?: number;
  };
  const pages = Math.max(1, Number(first.last_page ?? 1));
  const paths = new Set<string>();
  for (let k = 0; paths.size < count && k < Math.ceil(count / 20); k++) {
    const page = 1 + ((k * 7919) % pages);
    const response = await fetch(`${site.url}/api/models?per_page=${perPage}&page=${page}`);
    if (!response.ok) break;
    const { data } = (await response.json()) as {
      data: Array<{ nicknames: Array<string | { nickname: string }> }>;
    };
    for (const model of data)
      for (const n of model.nicknames) {
        const nickname = typeof n === "string" ? n : n.nickname;
        if (nickname) paths.add(`/api/models?query=${encodeURIComponent(misspell(nickname))}`);
      }
    if (pages === 1) break;
  }
  return [...paths].slice(0, count);
}

/** Swaps two letters in the middle: the kind of typo fuzzy search should forgive. */
function misspell(word: string): string {
  if (word.length < 4) return `${word}x`;
  const i = Math.floor(word.length / 2) - 1;
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

async function load(site: Site, target: Target): Promise<Row> {
  const url = site.url + target.path;
  const headers = target.headers ?? {};
  // A few requests first, so the first measured ones do not pay for cold caches and JIT.
  let cache: string | null = null;
  for (let i = 0; i < 10; i++) {
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    cache = response.headers.get("x-cache");
  }

  const latencies: number[] = [];
  const cpuBefore = serverCpuMs(site);
  const dbCpuBefore = databaseCpuMs();
  let next = 0;
  const paths = target.paths;
  const instance = autocannon({
    url,
    connections,
    duration,
    headers,
    // Each request takes the next address of the list (requests of all connections share the turn).
    ...(paths && paths.length > 0
      ? { requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }] }
      : {}),
  });
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  const cpuAfter = serverCpuMs(site);
  const dbCpuAfter = databaseCpuMs();

  latencies.sort((a, b) => a - b);
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat.count;
  return {
    ...target,
    cache,
    serverCpuMsPerRequest:
      cpuBefore !== null && cpuAfter !== null && latencies.length > 0
        ? (cpuAfter - cpuBefore) / latencies.length
        : null,
    databaseCpuMsPerRequest:
      dbCpuBefore !== null && dbCpuAfter !== null && latencies.length > 0
        ? (dbCpuAfter - dbCpuBefore) / latencies.length
        : null,
    requestsPerSecond: result.requests.average,
    requests: latencies.length,
    latencyMs: {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? 0,
    },
    autocannonLatencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99 },
    non2xx: result.non2xx,
    statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** User + system CPU time of the site's server process so far, in ms. */
function serverCpuMs(site: Site): number | null {
  const pid = serverPid(site);
  return pid === null ? null : processCpuMs(pid);
}

/**
 * User + system CPU time of every PostgreSQL server process on this machine so far, in ms (the backends serving the
 * site come and go with the pool, so all are summed, with those already exited). Only for the scale data set, whose
 * server is local; anything else using that server during the run counts too.
 */
function databaseCpuMs(): number | null {
  if (dataset !== "scale") return null;
  let total = 0;
  try {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry) || processName(Number(entry)) !== "postgres") continue;
      total += processCpuMs(Number(entry), { children: true }) ?? 0;
    }
  } catch {
    return null;
  }
  return total;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function printTable(rows: Row[]): void {
  const header = [
    "endpoint",
    "page cache",
    "req/s",
    "p50 ms",
    "p95 ms",
    "p99 ms",
    "CPU ms/req",
    "DB CPU ms/req",
    "non-2xx",
    "errors",
  ];
  const lines = rows.map((r) => [
    r.path.length > 48 ? `${r.path.slice(0, 45)}…` : r.path,
    r.cache ?? "-",
    r.requestsPerSecond.toFixed(0),
    r.latencyMs.p50.toFixed(1),
    r.latencyMs.p95.toFixed(1),
    r.latencyMs.p99.toFixed(1),
    r.serverCpuMsPerRequest === null ? "-" : r.serverCpuMsPerRequest.toFixed(2),
    r.databaseCpuMsPerRequest === null ? "-" : r.databaseCpuMsPerRequest.toFixed(2),
    String(r.non2xx),
    String(r.errors + r.timeouts),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? "").length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
  console.log(`\n${format(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const line of lines) console.log(format(line));
  if (rows.some((r) => r.non2xx > 0 || r.errors > 0 || r.timeouts > 0))
    console.log(
      "\nSome requests failed (non-2xx, errors or timeouts): their figures do not measure the page.",
    );
}

function writeResults(rows: Row[]): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const at = new Date();
  const file = path.join(RESULTS_DIR, `${at.toISOString().replace(/[:.]/g, "-")}.json`);
  const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" });
  const summary = {
    at: at.toISOString(),
    commit: commit.status === 0 ? commit.stdout.trim() : null,
    dataset,
    ...(dataset === "scale" ? { models: modelCount, nicknames: nicknameCount } : {}),
    duration,
    connections,
    node: process.versions.node,
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? null,
    loadAverage,
    aiSearch,
    results: rows,
  };
  writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`\nResults written to ${path.relative(ROOT, file)}`);
}
