import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passAgeGate } from "./support/accounts.ts";
import { launchBrowser } from "./support/browser.ts";
import { type Site, startSite } from "./support/site.ts";

// A nickname's session list on her stats page at phone width: two sessions sent through the ingestion endpoint,
// listed newest first and longest first through the order links, downloadable as CSV, and the tab passes axe.

const INGEST_TOKEN = "e2e-ingest-token-0123456789abcdef";
let site: Site;
let browser: Browser;
let nickname = "";

async function ingest(observedAt: number, observations: object[]) {
  const res = await fetch(`${site.url}/api/ingest/observations`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${INGEST_TOKEN}` },
    body: JSON.stringify({
      cam_site_id: 12,
      observed_at: new Date(observedAt * 1000).toISOString(),
      complete: true,
      observations,
    }),
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  [site, browser] = await Promise.all([
    startSite({ env: { INGEST_TOKEN, SIMULATOR: "0", SIMULATOR_HISTORY_DAYS: "0" } }),
    launchBrowser(),
  ]);
  const list = (await (await fetch(`${site.url}/api/model-nicknames?cam_site_id=12&per_page=20`)).json()) as {
    data: { nickname: string; model: { slug: string } | null }[];
  };
  nickname = list.data.find((n) => n.model !== null)!.nickname;
  const now = Math.floor(Date.now() / 1000);
  const seen = (i: number) => ({
    nickname,
    status: 1,
    viewers: 100 + i * 50,
    camscore: 3000 + i,
    rank: 900 - i,
  });
  // A short session 2 hours ago (4 minutes), then a longer one ending now (12 minutes).
  for (let i = 0; i < 3; i++) await ingest(now - 7200 + i * 120, [seen(i)]);
  await ingest(now - 7200 + 600, []);
  for (let i = 0; i < 7; i++) await ingest(now - 720 + i * 120, [seen(i)]);
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe("her session list", () => {
  it("lists her sessions at 390 px, orders them by length, downloads them as CSV and passes axe", async () => {
    const context = await browser.newContext({ baseURL: site.url, viewport: { width: 390, height: 844 } });
    await passAgeGate(context, site.url);
    const page = await context.newPage();
    await page.goto(`/stats/myfreecams/${encodeURIComponent(nickname)}?tab=statistics`);
    const section = page.getByRole("region", { name: /Sessions/ });
    await section.waitFor();
    // At 390 px each session is a card (the table is for wider screens).
    const cards = section.getByRole("list", { name: "Her sessions" }).getByRole("listitem");
    expect(await cards.count()).toBe(2);
    // Newest first is the longer one, ending now; shortest first puts the older, shorter one on top.
    const lengths = async () => (await cards.allTextContents()).map((text) => /· (\d+m)/.exec(text)?.[1]);
    await expect.poll(lengths).toEqual(["12m", "4m"]);
    await section.getByRole("link", { name: "Shortest first" }).click();
    await page.waitForURL(/sessions=shortest/);
    await expect.poll(lengths).toEqual(["4m", "12m"]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === "critical" || v.impact === "serious");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    // The table at desktop width.
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await section.getByRole("table").locator("tbody tr").count()).toBe(2);
    const csv = await fetch(`${site.url}/stats/myfreecams/${encodeURIComponent(nickname)}/sessions.csv`, {
      headers: { cookie: "age_gate=18" },
    });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe(
      "start_utc,end_utc,length_seconds,shows,peak_viewers,avg_viewers,max_camscore,best_rank",
    );
    expect(lines).toHaveLength(3);
    await context.close();
  });
});
