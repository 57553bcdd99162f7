import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { passAgeGate } from "./support/accounts.ts";
import { type OpenPageOptions, openPage } from "./support/browser.ts";
import type { Site } from "./support/site.ts";
import { useSiteAndBrowser } from "./support/site-and-browser.ts";

const PRODUCT_NAME = process.env.PRODUCT_NAME || "CamAtlas";

let site: Site;
let browser: Browser;

useSiteAndBrowser((started, launched) => {
  site = started;
  browser = launched;
});

/** A page of a visitor who has already answered the 18+ age gate (age_gate cookie). */
async function openVisitorPage(options: OpenPageOptions) {
  const opened = await openPage(browser, options);
  await passAgeGate(opened.context, site.url);
  return opened;
}

/** Model names as the API knows them, to recognise model links on the pages. */
async function modelNames(): Promise<string[]> {
  const response = await fetch(`${site.url}/api/models?per_page=100`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: Array<{ name: string }> };
  return body.data.map((model) => model.name);
}

describe("smoke", () => {
  it("serves the home page with its model list rendered on the server (JavaScript disabled)", async () => {
    const names = await modelNames();
    expect(names.length).toBeGreaterThan(0);
    const { context, page } = await openVisitorPage({ baseURL: site.url, javaScriptEnabled: false });
    try {
      const response = await page.goto("/");
      expect(response?.status()).toBe(200);
      expect(await page.content()).toContain(PRODUCT_NAME);
      const linkTexts = await page.locator('a[href^="/models/"]').allInnerTexts();
      expect(linkTexts.length).toBeGreaterThan(0);
      const named = linkTexts.filter((text) => names.some((name) => text.includes(name)));
      expect(named.length, `model links: ${JSON.stringify(linkTexts)}`).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it("follows the first model link from the home page to her model page", async () => {
    const names = await modelNames();
    const { context, page } = await openVisitorPage({ baseURL: site.url });
    try {
      await page.goto("/");
      const link = page.locator('a[href^="/models/"]').first();
      const linkText = await link.innerText();
      // The card shows more than the name (camsite count, age): pick the name it contains.
      const name = names.find((candidate) => linkText.includes(candidate));
      expect(name, `no model name in link text ${JSON.stringify(linkText)}`).toBeDefined();
      await link.click();
      await page.waitForURL(/\/models\/[^/]+$/);
      await expect.poll(() => page.locator("h1").innerText()).toBe(name);
      expect(await page.getByRole("heading", { name: "Camsites and nicknames" }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it("answers an unknown page with 404 and the not-found page", async () => {
    const { context, page } = await openVisitorPage({ baseURL: site.url });
    try {
      const response = await page.goto("/no-such-page-xyz");
      expect(response?.status()).toBe(404);
      await expect.poll(() => page.locator("h1").innerText()).toMatch(/not found/i);
    } finally {
      await context.close();
    }
  });

  it("answers an unknown API endpoint with 404 JSON { message }", async () => {
    const response = await fetch(`${site.url}/api/no-such-endpoint`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    const body = (await response.json()) as { message?: unknown };
    expect(typeof body.message).toBe("string");
    expect(body.message).not.toBe("");
  });

  it("has no critical accessibility violations on the home page", async () => {
    const { context, page } = await openVisitorPage({ baseURL: site.url });
    try {
      await page.goto("/");
      const { violations } = await new AxeBuilder({ page }).analyze();
      for (const v of violations.filter((v) => v.impact !== "critical"))
        console.warn(`axe ${v.impact ?? "?"}: ${v.id} (${v.nodes.length}×) ${v.help}`);
      const critical = violations.filter((v) => v.impact === "critical");
      expect(
        critical.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      ).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
