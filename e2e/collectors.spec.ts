import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN, passAgeGate, signIn } from "./support/accounts.ts";
import { seriousViolations } from "./support/axe.ts";
import { launchBrowser, openPage } from "./support/browser.ts";
import { type Site, startSite } from "./support/site.ts";

// The collectors' health page end to end: the site's own worker polls two loopback feeds — a Chaturbate list with
// a show nobody mapped (an incomplete poll) and a CamSoda API that answers an error whose text carries markup (a
// failing collector). An admin sees both on /admin/collectors, the feed's text shown as text (nothing runs); the
// page passes axe, fits a 390 px phone and reads without JavaScript.

const MARKUP_ERROR = `<img src=x onerror="window.__xss=1">maintenance`;

let feeds: Server;
let site: Site;
let browser: Browser;

beforeAll(async () => {
  feeds = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    response.writeHead(200, { "content-type": "application/json" });
    if (url.pathname === "/api/public/affiliates/onlinerooms/")
      response.end(
        JSON.stringify({
          count: 3,
          results: [
            { username: "e2e_rosa", current_show: "public", num_users: 12, seconds_online: 300 },
            { username: "e2e_mila", current_show: "private", num_users: 0, seconds_online: 900 },
            { username: "e2e_odd", current_show: "password protected", num_users: 3 },
          ],
        }),
      );
    else response.end(JSON.stringify({ status: false, error: MARKUP_ERROR }));
  });
  await new Promise<void>((resolve) => feeds.listen(0, "127.0.0.1", () => resolve()));
  const origin = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
  [site, browser] = await Promise.all([
    startSite({
      env: {
        SIMULATOR: "0",
        COLLECTORS: "chaturbate,camsoda",
        CHATURBATE_FEED_URL: `${origin}/api/public/affiliates/onlinerooms/?wm=e2e&client_ip=request_ip`,
        CAMSODA_FEED_URL: `${origin}/api/v1/browse/online`,
        COLLECTOR_INTERVALS: "chaturbate=10,camsoda=10",
      },
    }),
    launchBrowser(),
  ]);
  // Both collectors ran once (the site's worker starts them spread over a few seconds).
  const deadline = Date.now() + 60_000;
  for (;;) {
    const health = (await (await fetch(`${site.url}/api/health`)).json()) as {
      collectors: { incomplete: number; failing: number };
    };
    if (health.collectors.incomplete === 1 && health.collectors.failing === 1) break;
    if (Date.now() > deadline)
      throw new Error(`collectors did not run: ${JSON.stringify(health.collectors)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await new Promise<void>((resolve) => (feeds ? feeds.close(() => resolve()) : resolve()));
});

describe("/admin/collectors", () => {
  it("shows each collector's health to an admin, feed text as text, accessible, phone-sized, without JavaScript", async () => {
    const { context, page } = await openPage(browser, { baseURL: site.url });
    await passAgeGate(context, site.url);
    await page.addInitScript(() => {
      (window as unknown as { __xss?: number }).__xss = 0;
    });
    await page.goto("/login?redirect=/admin/collectors");
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.getByRole("heading", { name: "Collectors", level: 1 }).waitFor();

    const chaturbate = page.getByRole("row", { name: /Chaturbate/ });
    await expect.poll(() => chaturbate.textContent()).toContain("Incomplete");
    expect(await chaturbate.textContent()).toContain("1 unreadable entries skipped");
    expect(await chaturbate.getByRole("cell").nth(2).textContent()).toBe("2");
    const camsoda = page.getByRole("row", { name: /CamSoda/ });
    expect(await camsoda.textContent()).toContain("Failing");
    // The feed's own error text, markup included, reads as text and runs nothing.
    expect(await camsoda.textContent()).toContain(MARKUP_ERROR);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBe(0);
    expect(await page.locator("img[src=x]").count()).toBe(0);
    expect(await page.getByRole("listitem").filter({ hasText: "1 Incomplete" }).count()).toBe(1);

    expect(await seriousViolations(page, "/admin/collectors")).toEqual([]);

    // A phone: the page itself never scrolls sideways (the table scrolls in its frame).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin/collectors");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Without JavaScript the server's page has the table.
    const state = await context.storageState();
    const noJs = await browser.newContext({
      baseURL: site.url,
      javaScriptEnabled: false,
      storageState: state,
    });
    const plain = await noJs.newPage();
    await plain.goto("/admin/collectors");
    expect(await plain.getByRole("row", { name: /CamSoda/ }).textContent()).toContain("Failing");
    await noJs.close();
    await context.close();
  });

  it("is not shown to visitors", async () => {
    const { context, page } = await openPage(browser, { baseURL: site.url });
    await passAgeGate(context, site.url);
    await page.goto("/admin/collectors");
    await page.waitForURL(/\/login/);
    await context.close();
  });
});
