import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser.ts";
import { type Site, startSite } from "./site.ts";

// The set-up most specs share: the site and a browser started together before the spec's tests, both closed after.

/** Registers the spec's beforeAll/afterAll; `ready` hands the started site and browser to the spec. */
export function useSiteAndBrowser(ready: (site: Site, browser: Browser) => void): void {
  let site: Site | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    ready(site, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });
}
