import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

// Flags that keep Debian's chromium quiet and offline apart from the site under test.
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

/** CHROMIUM_PATH, else /usr/bin/chromium, else whatever `chromium` is on the PATH. */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  try {
    return execFileSync("sh", ["-c", "command -v chromium"], { encoding: "utf8" }).trim();
  } catch {
    throw new Error(
      "Chromium not found: install Debian's `chromium` package (.ci/run does) or set CHROMIUM_PATH.",
    );
  }
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
}

export interface OpenPageOptions {
  baseURL: string;
  /** false renders only what the server sent: checks server-side rendering. */
  javaScriptEnabled?: boolean;
}

/** A page in its own context (fresh cookies); close the context when done. */
export async function openPage(
  browser: Browser,
  options: OpenPageOptions,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: options.baseURL,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  return { context, page: await context.newPage() };
}
