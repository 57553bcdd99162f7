import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface Site {
  /** Base address without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  stop: () => Promise<void>;
}

export interface StartSiteOptions {
  /** Extra environment for the site (overrides the defaults below). */
  env?: Record<string, string>;
  /** How long to wait for /api/health; the first start also builds the web app. */
  timeoutMs?: number;
  /** An already running site to use instead of starting one; defaults to E2E_BASE_URL. */
  reuseUrl?: string;
  /** A data folder to start on (kept on stop, e.g. to start the site again on the same data). */
  dataDir?: string;
}

/**
 * Starts the site with `npm start` on a free port and a fresh data folder, and waits until it is healthy.
 * With E2E_BASE_URL set, that site is used as it is and nothing is started.
 */
export async function startSite(options: StartSiteOptions = {}): Promise<Site> {
  const reuseUrl = "reuseUrl" in options ? options.reuseUrl : process.env.E2E_BASE_URL;
  if (reuseUrl) return { url: reuseUrl.replace(/\/+$/, ""), stop: async () => {} };

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), "camatlas-site-")));
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The site must not pick up a database or address meant for something else.
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  Object.assign(env, {
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    APP_ENV: "development",
    // Production refuses to start without one (a spec may start the site with APP_ENV=production).
    JWT_SECRET: "e2e-jwt-secret-that-is-long-enough-for-hs256",
    ...options.env,
  });

  // Own process group, so stop() reaches npm, its shell and the server together.
  const child = spawn("npm", ["start"], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = captureOutput(child);
  const killOnExit = () => signalGroup(child, "SIGKILL");
  process.once("exit", killOnExit);

  const stop = async () => {
    process.off("exit", killOnExit);
    await stopChild(child);
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, child, options.timeoutMs ?? 120_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- site output (last lines) ---\n${output()}`);
  }
  return { url, stop };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Keeps the last lines of the site's output for error messages. */
function captureOutput(child: ChildProcess): () => string {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split("\n"));
    if (lines.length > 80) lines.splice(0, lines.length - 80);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return () => lines.join("\n");
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`npm start exited early (code ${child.exitCode ?? child.signalCode})`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok && ((await response.json()) as { status?: string }).status === "ok") return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The site at ${url} was not healthy within ${timeoutMs / 1000} s`);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** SIGTERM lets the server drain and close its database; SIGKILL if the group is still alive after 15 s. */
async function stopChild(child: ChildProcess): Promise<void> {
  signalGroup(child, "SIGTERM");
  const deadline = Date.now() + 15_000;
  // npm may exit before the server has finished draining: wait for the whole group.
  while (groupAlive(child)) {
    if (Date.now() > deadline) {
      signalGroup(child, "SIGKILL");
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function groupAlive(child: ChildProcess): boolean {
  if (child.pid === undefined) return false;
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}
