import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { WEB_APP_DIR, WEB_SERVER_BUILD } from "@camatlas/server/web-build";

const ROOT = path.resolve(import.meta.dirname, "..");
// The build the server loads (apps/server/src/web-build.ts), and what goes into it.
const BUILD_MARKER = WEB_SERVER_BUILD;
const SOURCES = [
  path.join(WEB_APP_DIR, "app"),
  path.join(WEB_APP_DIR, "vite.config.ts"),
  path.join(WEB_APP_DIR, "react-router.config.ts"),
  "packages/shared/src",
  "package-lock.json",
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when the web build is missing or older than any of its sources. */
export function isBuildStale(): boolean {
  if (!existsSync(BUILD_MARKER)) return true;
  const built = statSync(BUILD_MARKER).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.resolve(ROOT, source)) > built);
}

export function buildIfStale(): void {
  if (!isBuildStale()) return;
  console.log("Building the web app…");
  const result = spawnSync("npm", ["run", "build", "--silent", "-w", "@camatlas/web"], {
    cwd: ROOT,
    stdio: "inherit",
    // Whatever started us (a test runner sets NODE_ENV=test): a development build of React would ship its dev
    // checks, and its use of eval, which the site's Content-Security-Policy refuses.
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    console.error("The web build failed.");
    process.exit(result.status ?? 1);
  }
}
