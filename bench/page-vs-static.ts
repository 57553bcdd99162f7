import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { type Site, startBenchSite } from "./bench-site.ts";
import { positiveInt } from "./cli-args.ts";

// npm run bench:page-vs-static — a guest's model page from the site (its page cache) against the very same bytes
// served as a static file by nginx (gzip_static, like the site's stored gzip copy), in one run with the same load:
// how close the cached page comes to a static file. Without nginx on the machine a minimal Node static server
// stands in (and the output says so).
//
// Options (environment): BENCH_URL (a running site; else one is started, under the build lock), CONNECTIONS (20),
// SECONDS (10).

const CONNECTIONS = positiveInt("CONNECTIONS", process.env.CONNECTIONS ?? "20");
const SECONDS = positiveInt("SECONDS", process.env.SECONDS ?? "10");
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
  stop: () => Promise<void>;
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
    kind: "Node static server (nginx is not installed)",
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function load(url: string): Promise<{ rps: number; p50: number; p99: number; non2xx: number }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: GUEST });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

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
        `${CONNECTIONS} connections, ${SECONDS} s each`,
    );
    const page = await load(pageUrl);
    const file = await load(server.url);
    if (page.non2xx + file.non2xx > 0)
      throw new Error("Some answers were not 2xx: the comparison would not be fair");
    const row = (name: string, r: typeof page) =>
      `${name.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   non-2xx ${r.non2xx}`;
    console.log(row("site, cached guest page", page));
    console.log(row(`static file (${server.kind.split(" ")[0]})`, file));
    console.log(
      `${server.kind}; the cached page reaches ${((page.rps / file.rps) * 100).toFixed(0)} % of its throughput`,
    );
  } finally {
    await server?.stop();
    await rm(folder, { recursive: true, force: true });
    await site?.stop();
  }
}

await main();
