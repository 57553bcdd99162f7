import { loadServerEnv } from "@camatlas/api";
import type { DatabaseHandle } from "@camatlas/db";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { createSite } from "../create-site.ts";

// The server tests' one way to build a site: the real API on a test database, silent logs, a test secret and
// internal token, and the page build a test stands in for React Router's (none: pages are not rendered).

export interface TestSiteOptions {
  /** The stand-in for React Router's build; without one, rendering a page fails the test. */
  build?: ServerBuild;
  /** Env values over the test defaults (TRUST_PROXY: "1" to take the visitor's IP from X-Forwarded-For). */
  env?: Record<string, string>;
  mode?: "production" | "development";
  dataDir?: string;
  /** A browser build's folder to serve (`/assets/…`); none by default. */
  clientDir?: string;
}

export function testSite(database: DatabaseHandle, options: TestSiteOptions = {}) {
  const env = loadServerEnv({
    JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-signing",
    DATA_DIR: options.dataDir ?? "./data/test-site",
    LOG_LEVEL: "silent",
    ...options.env,
  });
  const { build } = options;
  const created = createSite({
    env,
    database,
    logger: pino({ level: "silent" }),
    getBuild: build
      ? async () => build
      : () => Promise.reject(new Error("pages are not rendered in this test")),
    mode: options.mode ?? "production",
    clientDir: options.clientDir,
    internalToken: "test-internal-token",
  });
  // The env it was built with: a test names the site's Redis keys (prefix from DATA_DIR) as the site does.
  return { ...created, env };
}

export type TestSite = ReturnType<typeof testSite>;

/** Until the IP blocks are read (at start, after a write) no guest page is shared; this waits for the read. */
export async function blocksLoaded(site: TestSite) {
  site.pageCache?.ipBlocks.check(null);
  await site.pageCache?.ipBlocks.settled();
}
