import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { type Site, serverPid, startBenchSite } from "./bench-site.ts";
import { positiveInt } from "./cli-args.ts";
import { processCpuMs } from "./process-cpu.ts";

// npm run bench:page-vs-static — a guest's model page from the site (its page cache) against the very same bytes
// served as a static file by nginx (gzip_static, like the site's stored gzip copy), in one run with the same load:
// how close the cached page comes to a static file. Without nginx on the machine a minimal Node static server
// stands in (and the output says so).
//
// The two are loaded in turns (ROUNDS rounds of SECONDS each, site then file): on a machine others load too, both
// see the same weather. Besides requests per second, the CPU time each server spent per 1,000 answers (Linux /proc:
// the site's process, nginx's workers) — the figure least moved by other load.
//
// Options (environment): BENCH_URL (a running site; else one is started, under the build lock), CONNECTIONS (20),
// SECONDS (5), ROUNDS (3).

const CONNECTIONS = positiveInt("CONNECTIONS", process.env.CONNECTIONS ?? "20");
const SECONDS = positiveInt("SECONDS", process.env.SECONDS ?? "5");
const ROUNDS = positiveInt("ROUNDS", process.env.ROUNDS ?? "3");
const GUEST = { cookie: "age_gate=18", "accept-encoding": "gzip" };

function nginxPath(): string | null {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx"]) {
    try {
      execFileSync(candidate, ["-v"], { stdio: "ignore" });
      return candidate;
    } catch {
      // Not there.
    }
  }
  return null;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface StaticServer {
  url: string;
  kind: string;
  /** Processes whose CPU time serving it takes (nginx's workers; this process for the Node stand-in). */
  pids: () => number[];
  stop: () => Promise<void>;
}

/** Child processes of a process (nginx's workers of its master), from /proc. */
function childPids(parent: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === parent) found.push(Number(entry));
    } catch {
      // Gone.
    }
  }
  return found;
}

/** nginx serving `page.html` (and its .gz twin) at /page, one worker per core, access log off. */
async function startNginx(binary: string, folder: string): Promise<StaticServer> {
  const port = await freePort();
  const conf = path.join(folder, "nginx.conf");
  await writeFile(
    conf,
    `worker_processes auto;
daemon off;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${folder}/tmp; proxy_temp_path ${folder}/tmp; fastcgi_temp_path ${folder}/tmp;
  uwsgi_temp_path ${folder}/tmp; scgi_temp_path ${folder}/tmp;
  gzip_static on;
  server {
    listen 127.0.0.1:${port};
    root ${folder};
    location = /page { default_type text/html; try_files /page.html =404; }
  }
}
`,
  );
  execFileSync("mkdir", ["-p", path.join(folder, "tmp")]);
  // nginx's workers run as an unprivileged user: the folder must be readable by them.
  await chmod(folder, 0o755);
  const child: ChildProcess = spawn(binary, ["-p", folder, "-c", conf], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}/page`;
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    pids: () => (child.pid ? [child.pid, ...childPids(child.pid)] : []),
    kind: `nginx ${execFileSync(binary, ["-v"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim() || ""}`.trim(),
    stop: async () => {
      child.kill("SIGQUIT");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

/** The stand-in when nginx is missing: the same two bodies from memory. */
async function startNodeStatic(body: Buffer, gzipped: Buffer): Promise<StaticServer> {
  const server = createServer((request, response) => {
    const gzip = /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));
    response.writeHead(200, {
      "content-type": "text/html",
      ...(gzip ? { "content-encoding": "gzip", vary: "Accept-Encoding" } : {}),
    });
    response.end(gzip ? gzipped : body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/page`,
    pids: () => [process.pid],
    kind: "Node static server (nginx is not installed)",
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface Round {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** CPU ms the serving processes spent per 1,000 answers (null when /proc cannot tell). */
  cpuPer1000: number | null;
}

async function load(url: string, pids: () => number[]): Promise<Round> {
  const cpu = () => {
    const times = pids().map((pid) => processCpuMs(pid));
    return times.length === 0 || times.some((t) => t === null)
      ? null
      : times.reduce((sum: number, t) => sum + (t ?? 0), 0);
  };
  const before = cpu();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: GUEST });
  const after = cpu();
  const answers = result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    cpuPer1000: before !== null && after !== null && answers > 0 ? ((after - before) / answers) * 1000 : null,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

async function main(): Promise<void> {
  const given = process.env.BENCH_URL?.replace(/\/+$/, "");
  const site: Site | null = given ? null : await startBenchSite({});
  const base = given ?? site?.url ?? "";
  const folder = await mkdtemp(path.join(tmpdir(), "page-vs-static-"));
  let server: StaticServer | null = null;
  try {
    const models = (await (await fetch(`${base}/api/models?per_page=1`)).json()) as {
      data: Array<{ slug: string }>;
    };
    const pageUrl = `${base}/models/${models.data[0]?.slug}`;
    // Twice: the first render fills the page cache, the second is what guests get.
    await fetch(pageUrl, { headers: GUEST });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answer = await fetch(pageUrl, { headers: GUEST });
    const body = Buffer.from(await answer.arrayBuffer());
    const gzipped = gzipSync(body);
    await writeFile(path.join(folder, "page.html"), body);
    await writeFile(path.join(folder, "page.html.gz"), gzipped);
    const nginx = nginxPath();
    server = nginx ? await startNginx(nginx, folder) : await startNodeStatic(body, gzipped);

    console.log(
      `${pageUrl} (X-Cache ${answer.headers.get("x-cache")}, ${body.length} bytes, ${gzipped.length} gzipped), ` +
        `${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each, load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")}`,
    );
    const sitePid = serverPid({ url: base, stop: async () => {} });
    const staticServer = server;
    const row = (name: string, r: Round) =>
      `${name.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   ` +
      `CPU ${r.cpuPer1000 === null ? "?" : r.cpuPer1000.toFixed(0)} ms per 1,000   non-2xx ${r.non2xx}`;
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const page = await load(pageUrl, () => (sitePid ? [sitePid] : []));
      const file = await load(staticServer.url, staticServer.pids);
      if (page.non2xx + file.non2xx > 0)
        throw new Error("Some answers were not 2xx: the comparison would not be fair");
      console.log(`round ${round}`);
      console.log(row("  site, cached guest page", page));
      console.log(row(`  static file (${staticServer.kind.split(" ")[0]})`, file));
      ratios.push(page.rps / file.rps);
      if (page.cpuPer1000 && file.cpuPer1000) cpuRatios.push(file.cpuPer1000 / page.cpuPer1000);
    }
    console.log(
      `${staticServer.kind}; the cached page reaches ${(median(ratios) * 100).toFixed(0)} % of its throughput ` +
        `(median of ${ROUNDS} rounds: ${ratios.map((r) => (r * 100).toFixed(0)).join(", ")} %)` +
        (cpuRatios.length
          ? `; per answer it costs ${(1 / median(cpuRatios)).toFixed(1)}× the static file's CPU ` +
            `(${(median(cpuRatios) * 100).toFixed(0)} % of its throughput at equal CPU)`
          : ""),
    );
  } finally {
    await server?.stop();
    await rm(folder, { recursive: true, force: true });
    await site?.stop();
  }
}

await main();
