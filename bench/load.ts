import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { processRssMb, type Site, serverPid, startBenchSite } from "./bench-site.ts";
import { fail, positiveInt } from "./cli-args.ts";
import { processCpuMs } from "./process-cpu.ts";

// The site under a mixed load: N keep-alive connections for S seconds over the guest page mix, the stats pages (and
// their API calls), search, and signed-in API reads of the demo users. Per path: requests/s, p50/p99, errors,
// non-2xx, resets and time-outs; the server's memory before and after.
// Usage: npm run bench:load -- [--duration 60] [--connections 200] [--mix guest,stats,search,signed-in]
//        [--timeout 30] [--warmup 5]

const ROOT = path.resolve(import.meta.dirname, "..");
const RESULTS_DIR = path.join(import.meta.dirname, "results");
const GROUPS = ["guest", "stats", "search", "signed-in"] as const;
type Group = (typeof GROUPS)[number];

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "60" },
    connections: { type: "string", default: "200" },
    mix: { type: "string", default: GROUPS.join(",") },
    timeout: { type: "string", default: "30" },
    warmup: { type: "string", default: "5" },
  },
});
const duration = positiveInt("duration", args.duration);
const connections = positiveInt("connections", args.connections);
const timeoutMs = positiveInt("timeout", args.timeout) * 1000;
const warmupSeconds = Number(args.warmup);
const mix = args.mix.split(",").map((g) => g.trim()) as Group[];
for (const g of mix) if (!GROUPS.includes(g)) fail(`--mix takes ${GROUPS.join(", ")}, not ${g}`);

/** One kind of request; `paths` are taken in turn, so answers cached per address do not decide. */
interface Target {
  group: Group;
  /** The report's row: targets of one name (the same read as different users) share it. */
  name: string;
  paths: string[];
  /** Share of the requests, relative to the other targets' weights. */
  weight: number;
  headers?: Record<string, string>;
}

interface Tally {
  requests: number;
  ok: number;
  statusCodes: Record<string, number>;
  /** Connection reset or closed with no response (ECONNRESET, EPIPE, "socket hang up"). */
  resets: number;
  /** No complete response within --timeout. */
  timeouts: number;
  /** Any other failure (refused, parse error). */
  errors: number;
  latencies: number[];
  bytes: number;
}

/** Demo accounts (packages/db/src/seed/demo-data.ts, printed at start). */
const DEMO_USERS = [
  { email: "fan@camatlas.test", password: "camfan-demo-pass" },
  { email: "camgirl@camatlas.test", password: "camgirl-demo-pass" },
  { email: "admin@camatlas.test", password: "admin-demo-pass" },
];
/** A returning guest: the age gate already passed, no session. */
const GUEST = { cookie: "age_gate=18" };

console.log("Starting the site (demo data set)…");
const site = await startBenchSite({ SEED_DEMO: "1" });
try {
  await demoHistoryWritten(site);
  const targets = await chooseTargets(site);
  const pid = serverPid(site);
  console.log(`Warming up ${warmupSeconds} s…`);
  if (warmupSeconds > 0) await runLoad(targets, Math.min(connections, 20), warmupSeconds);
  const before = {
    rssMb: processRssMb(pid),
    cpuMs: pid === null ? null : processCpuMs(pid),
    load: os.loadavg(),
  };
  console.log(`Loading ${targets.length} paths for ${duration} s with ${connections} connections…`);
  const run = await runLoad(targets, connections, duration);
  const after = {
    rssMb: processRssMb(pid),
    cpuMs: pid === null ? null : processCpuMs(pid),
    load: os.loadavg(),
  };
  report(targets, run, before, after);
} catch (error) {
  console.error(`\nLoad bench failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await site.stop();
}

/**
 * The demo's statistics history (90 days) is written by the site's worker after the start: the stats pages are
 * measured on it, and not while it is being written.
 */
async function demoHistoryWritten(site: Site): Promise<void> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const top = await getJson<{
      data: Array<{ entries: Array<{ name: string; cam_site: { slug: string } }> }>;
    }>(`${site.url}/api/stats/top?per_page=1`);
    const first = top.data.flatMap((list) => list.entries)[0];
    if (first) {
      const nickname = await getJson<{ coverage: { history: unknown } }>(
        `${site.url}/api/stats/nicknames/${first.cam_site.slug}/${encodeURIComponent(first.name)}`,
      );
      if (nickname.coverage.history) return;
    }
    if (Date.now() > deadline) throw new Error("The demo statistics history was not written within 300 s");
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function getJson<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, { headers: { accept: "application/json", ...headers } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Real addresses from the API: models, camsites, stats nicknames, typos of real nicknames, the demo users' tokens. */
async function chooseTargets(site: Site): Promise<Target[]> {
  const base = site.url;
  const models = await getJson<{
    data: Array<{ id: number; slug: string; nicknames: Array<string | { nickname: string }> }>;
  }>(`${base}/api/models?per_page=50`);
  if (models.data.length === 0) throw new Error("The data set has no models");
  const nicknameOf = (n: string | { nickname: string }) => (typeof n === "string" ? n : n.nickname);
  const typos = models.data.flatMap((m) => m.nicknames.map((n) => misspell(nicknameOf(n))));
  const camsites = await getJson<{ data: Array<{ slug: string }> }>(`${base}/api/cam-sites`);
  const top = await getJson<{
    data: Array<{ entries: Array<{ name: string; cam_site: { slug: string } }> }>;
  }>(`${base}/api/stats/top?per_page=5`);
  const statsNicknames = top.data.flatMap((list) => list.entries).slice(0, 20);
  if (statsNicknames.length === 0) throw new Error("No stats nickname has time online in the last 7 days");
  const statsOf = (suffix: string) =>
    statsNicknames.map(
      (n) => `/api/stats/nicknames/${n.cam_site.slug}/${encodeURIComponent(n.name)}${suffix}`,
    );
  const tokens = await Promise.all(DEMO_USERS.map((user) => signIn(base, user)));

  const all: Target[] = [
    // Guests: mostly served from the guest page cache (PAGE_CACHE_SECONDS), as in production.
    { group: "guest", name: "home page", paths: ["/"], weight: 8, headers: GUEST },
    {
      group: "guest",
      name: "model list page",
      paths: ["/models", "/models?page=2"],
      weight: 6,
      headers: GUEST,
    },
    {
      group: "guest",
      name: "model pages",
      paths: models.data.map((m) => `/models/${m.slug}`),
      weight: 10,
      headers: GUEST,
    },
    {
      group: "guest",
      name: "camsite pages",
      paths: camsites.data.slice(0, 10).map((c) => `/camsites/${c.slug}`),
      weight: 4,
      headers: GUEST,
    },
    { group: "guest", name: "static page", paths: ["/about"], weight: 2, headers: GUEST },
    // Stats: never in the guest page cache; the page and the two API calls its Stats tab makes.
    {
      group: "stats",
      name: "stats nickname page",
      paths: statsNicknames.map((n) => `/stats/${n.cam_site.slug}/${encodeURIComponent(n.name)}`),
      weight: 10,
      headers: GUEST,
    },
    { group: "stats", name: "stats home page", paths: ["/stats"], weight: 3, headers: GUEST },
    { group: "stats", name: "stats nickname (API)", paths: statsOf(""), weight: 4 },
    { group: "stats", name: "chat stats (API)", paths: statsOf("/chat-stats"), weight: 4 },
    // Search: typos of real nicknames, every one different for a while.
    {
      group: "search",
      name: "typo search (API)",
      paths: typos.map((q) => `/api/models?query=${encodeURIComponent(q)}`),
      weight: 8,
    },
    {
      group: "search",
      name: "typeahead (API)",
      paths: typos.map((q) => `/api/search/typeahead?query=${encodeURIComponent(q)}`),
      weight: 8,
    },
    // Signed-in API reads, each demo user in turn (Bearer tokens from POST /api/login).
    ...tokens.flatMap((token, i): Target[] => {
      const headers = { authorization: `Bearer ${token}` };
      return [
        { group: "signed-in", name: "profile (API, signed in)", paths: ["/api/profile"], weight: 2, headers },
        {
          group: "signed-in",
          name: "unread count (API, signed in)",
          paths: ["/api/notifications/unread-count"],
          weight: 2,
          headers,
        },
        {
          group: "signed-in",
          name: "model profile (API, signed in)",
          paths: models.data.slice(i * 10, i * 10 + 10).map((m) => `/api/models/${m.id}`),
          weight: 2,
          headers,
        },
      ];
    }),
  ];
  const chosen = all.filter((t) => mix.includes(t.group));
  // A path that does not answer 2xx before the load would measure its error page: stop here instead.
  for (const target of chosen) {
    const response = await fetch(base + target.paths[0], { headers: target.headers, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status >= 300)
      throw new Error(`${target.paths[0]} answered ${response.status} before the load`);
  }
  return chosen;
}

async function signIn(base: string, user: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(user),
  });
  if (!response.ok) throw new Error(`Signing in ${user.email} answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** Swaps two letters in the middle: the kind of typo fuzzy search should forgive. */
function misspell(word: string): string {
  if (word.length < 4) return `${word}x`;
  const i = Math.floor(word.length / 2) - 1;
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

interface RunResult {
  tallies: Map<string, Tally>;
  /** TCP connections opened: `connections` at the start, more only after the site closed one. */
  connectionsOpened: number;
  seconds: number;
}

/**
 * `count` clients, each on its own keep-alive connection (an agent with one socket), sending the next request as soon
 * as the last is answered, for `seconds`. Requests follow one shared weighted rotation of the targets.
 */
async function runLoad(targets: Target[], count: number, seconds: number): Promise<RunResult> {
  const url = new URL(site.url);
  const rotation = interleave(targets.map((t) => t.weight));
  const turns = targets.map(() => 0);
  const tallies = new Map<string, Tally>(targets.map((t) => [t.name, emptyTally()]));
  let next = 0;
  let connectionsOpened = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;

  const client = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (performance.now() < deadline) {
        const index = rotation[next++ % rotation.length] as number;
        const target = targets[index] as Target;
        const turn = (turns[index] ?? 0) + 1;
        turns[index] = turn;
        const requestPath = target.paths[turn % target.paths.length] as string;
        const tally = tallies.get(target.name) as Tally;
        const outcome = await send(agent, url, requestPath, target.headers ?? {}, () => {
          connectionsOpened += 1;
        });
        tally.requests += 1;
        if (outcome.kind === "response") {
          tally.latencies.push(outcome.ms);
          tally.bytes += outcome.bytes;
          tally.statusCodes[outcome.status] = (tally.statusCodes[outcome.status] ?? 0) + 1;
          if (outcome.status >= 200 && outcome.status < 300) tally.ok += 1;
        } else if (outcome.kind === "reset") tally.resets += 1;
        else if (outcome.kind === "timeout") tally.timeouts += 1;
        else tally.errors += 1;
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(Array.from({ length: count }, client));
  return { tallies, connectionsOpened, seconds: (performance.now() - started) / 1000 };
}

/**
 * Target indexes in proportion to their weights, spread out (smooth weighted round robin): weights 3 and 1 give
 * 0, 0, 1, 0 rather than 0, 0, 0, 1.
 */
function interleave(weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const current = weights.map(() => 0);
  const out: number[] = [];
  for (let n = 0; n < total; n++) {
    let best = 0;
    weights.forEach((w, i) => {
      current[i] = (current[i] ?? 0) + w;
      if ((current[i] ?? 0) > (current[best] ?? 0)) best = i;
    });
    current[best] = (current[best] ?? 0) - total;
    out.push(best);
  }
  return out;
}

function emptyTally(): Tally {
  return { requests: 0, ok: 0, statusCodes: {}, resets: 0, timeouts: 0, errors: 0, latencies: [], bytes: 0 };
}

type Outcome =
  | { kind: "response"; status: number; ms: number; bytes: number }
  | { kind: "reset" | "timeout" | "error"; message: string };

function send(
  agent: http.Agent,
  url: URL,
  requestPath: string,
  headers: Record<string, string>,
  onConnect: () => void,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const begun = performance.now();
    let settled = false;
    const done = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: requestPath,
        headers: { "accept-encoding": "gzip", ...headers },
      },
      (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on("end", () =>
          done({ kind: "response", status: response.statusCode ?? 0, ms: performance.now() - begun, bytes }),
        );
        response.on("error", (error) => done(classify(error)));
        // Cut off mid-answer.
        response.on("close", () => {
          if (!response.complete) done({ kind: "reset", message: "response cut off" });
        });
      },
    );
    request.on("socket", (socket) => {
      if (!request.reusedSocket) socket.once("connect", onConnect);
    });
    request.setTimeout(timeoutMs, () => {
      done({ kind: "timeout", message: `no response within ${timeoutMs} ms` });
      request.destroy();
    });
    request.on("error", (error) => done(classify(error)));
    request.end();
  });
}

function classify(error: Error & { code?: string }): Outcome {
  const reset =
    error.code === "ECONNRESET" || error.code === "EPIPE" || /socket hang up/i.test(error.message);
  return { kind: reset ? "reset" : "error", message: `${error.code ?? ""} ${error.message}`.trim() };
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

interface Snapshot {
  rssMb: number | null;
  cpuMs: number | null;
  load: number[];
}

function report(targets: Target[], run: RunResult, before: Snapshot, after: Snapshot): void {
  const names = [...new Map(targets.map((t) => [t.name, t])).values()];
  const rows = names.map((t) => {
    const tally = run.tallies.get(t.name) as Tally;
    const sorted = tally.latencies.sort((a, b) => a - b);
    return {
      group: t.group,
      name: t.name,
      paths: new Set(targets.filter((x) => x.name === t.name).flatMap((x) => x.paths)).size,
      requests: tally.requests,
      requestsPerSecond: tally.requests / run.seconds,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      maxMs: sorted.at(-1) ?? 0,
      non2xx: tally.requests - tally.ok - tally.resets - tally.timeouts - tally.errors,
      statusCodes: tally.statusCodes,
      errors: tally.errors,
      resets: tally.resets,
      timeouts: tally.timeouts,
      kbPerResponse: sorted.length > 0 ? tally.bytes / sorted.length / 1024 : 0,
    };
  });
  const total = rows.reduce(
    (sum, r) => ({
      requests: sum.requests + r.requests,
      non2xx: sum.non2xx + r.non2xx,
      errors: sum.errors + r.errors,
      resets: sum.resets + r.resets,
      timeouts: sum.timeouts + r.timeouts,
    }),
    { requests: 0, non2xx: 0, errors: 0, resets: 0, timeouts: 0 },
  );
  const header = ["path", "req/s", "p50 ms", "p99 ms", "KB", "non-2xx", "errors", "resets", "time-outs"];
  const lines = rows.map((r) => [
    r.name,
    r.requestsPerSecond.toFixed(1),
    r.p50Ms.toFixed(0),
    r.p99Ms.toFixed(0),
    r.kbPerResponse.toFixed(1),
    String(r.non2xx),
    String(r.errors),
    String(r.resets),
    String(r.timeouts),
  ]);
  lines.push([
    "all",
    (total.requests / run.seconds).toFixed(1),
    "",
    "",
    "",
    String(total.non2xx),
    String(total.errors),
    String(total.resets),
    String(total.timeouts),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? "").length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
  console.log(`\n${format(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const line of lines) console.log(format(line));
  const cpuPerRequest =
    before.cpuMs !== null && after.cpuMs !== null && total.requests > 0
      ? (after.cpuMs - before.cpuMs) / total.requests
      : null;
  console.log(
    `\n${connections} connections × ${run.seconds.toFixed(1)} s; connections opened: ${run.connectionsOpened}` +
      ` (${run.connectionsOpened - connections} after a close); server CPU ${cpuPerRequest === null ? "-" : cpuPerRequest.toFixed(2)} ms/request`,
  );
  console.log(`Server memory (RSS): ${before.rssMb ?? "-"} MB before, ${after.rssMb ?? "-"} MB after`);
  console.log(
    `Load average (1 min): ${before.load[0]?.toFixed(2)} before, ${after.load[0]?.toFixed(2)} after (${os.cpus().length} CPUs)`,
  );
  if (total.non2xx + total.errors + total.resets + total.timeouts > 0)
    console.log("\nSome requests failed: see the non-2xx, errors, resets and time-outs columns.");

  mkdirSync(RESULTS_DIR, { recursive: true });
  const at = new Date();
  const file = path.join(RESULTS_DIR, `load-${at.toISOString().replace(/[:.]/g, "-")}.json`);
  const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" });
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        at: at.toISOString(),
        commit: commit.status === 0 ? commit.stdout.trim() : null,
        duration,
        connections,
        mix,
        seconds: run.seconds,
        connectionsOpened: run.connectionsOpened,
        node: process.versions.node,
        cpus: os.cpus().length,
        serverRssMb: { before: before.rssMb, after: after.rssMb },
        serverCpuMsPerRequest: cpuPerRequest,
        loadAverage: { before: before.load, after: after.load },
        total,
        results: rows,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`Results written to ${path.relative(ROOT, file)}`);
}
