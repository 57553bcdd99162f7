import { readdirSync, readFileSync } from "node:fs";
import { type Site, startSite } from "../e2e/support/site.ts";

// The site as the benchmarks start it (run-bench.ts, load.ts): a child process (`npm start`), found again by its
// port to read its CPU time and memory.

export type { Site };

/**
 * Production mode, quiet logs, and the per-IP limits lifted: all load comes from one address, and the figures should
 * measure the site, not its 429s.
 */
export const BENCH_SITE_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  RATE_LIMIT_WRITES_PER_MINUTE: "100000000",
};

/** Starts our own site (whatever E2E_BASE_URL says) and waits until its typo search has its names in memory. */
export async function startBenchSite(env: Record<string, string>): Promise<Site> {
  const site = await startSite({
    env: { ...BENCH_SITE_ENV, ...env },
    timeoutMs: 300_000,
    reuseUrl: undefined,
  });
  process.once("SIGINT", () => void site.stop().then(() => process.exit(130)));
  try {
    await searchIndexReady(site.url);
  } catch (error) {
    await site.stop();
    throw error;
  }
  return site;
}

/**
 * Waits until the site's typo search has its names in memory (built in the background after a start, seconds for
 * the scale data set): figures taken before would measure the build, not the search.
 */
export async function searchIndexReady(url: string): Promise<void> {
  const started = Date.now();
  for (;;) {
    const health = (await (await fetch(`${url}/api/health`)).json()) as { search_index?: string };
    if (health.search_index !== "building") return;
    if (Date.now() - started > 300_000) throw new Error("The search index was not built within 300 s");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const serverPids = new Map<string, number | null>();

/** The site's server process: `node scripts/start.ts` started with this site's PORT (Linux /proc), found once. */
export function serverPid(site: Site): number | null {
  const port = new URL(site.url).port;
  if (serverPids.has(port)) return serverPids.get(port) ?? null;
  let found: number | null = null;
  try {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
        if (!cmdline.includes("scripts/start.ts")) continue;
        const environ = readFileSync(`/proc/${entry}/environ`, "utf8").split("\0");
        if (environ.includes(`PORT=${port}`)) found = Number(entry);
      } catch {
        // Gone, or not ours.
      }
    }
  } catch {
    // No /proc.
  }
  serverPids.set(port, found);
  return found;
}

/** Resident memory of a process in MB (VmRSS, Linux), or null when it cannot be read. */
export function processRssMb(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((l) => l.startsWith("VmRSS:"));
    const kb = line ? Number(line.replace(/\D+/g, "")) : Number.NaN;
    return Number.isFinite(kb) ? Math.round(kb / 102.4) / 10 : null;
  } catch {
    return null;
  }
}
