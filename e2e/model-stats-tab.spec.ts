import AxeBuilder from "@axe-core/playwright";
import { FOLLOW_MESSAGES } from "@camatlas/shared";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passAgeGate, registerThroughApi, signIn, uniqueUser } from "./support/accounts.ts";
import { launchBrowser } from "./support/browser.ts";
import { type Site, startSite } from "./support/site.ts";

// The model page's Stats tab at phone width: two sessions of a demo model on MyFreeCams sent through the ingestion
// endpoint (the simulator off, so only they speak), shown on her timeline across camsites with the totals, as a
// table too; a month scrolls sideways inside its frame, never the page; axe finds nothing.

const INGEST_TOKEN = "e2e-ingest-token-0123456789abcdef";
let site: Site;
let browser: Browser;
let model = { slug: "", name: "" };
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
    startSite({
      env: { INGEST_TOKEN, SIMULATOR: "0", SIMULATOR_HISTORY_DAYS: "0" },
      timeoutMs: 300_000,
    }),
    launchBrowser(),
  ]);
  const list = (await (await fetch(`${site.url}/api/model-nicknames?cam_site_id=12&per_page=20`)).json()) as {
    data: { nickname: string; model: { slug: string; name: string } | null }[];
  };
  const pick = list.data.find((n) => n.model !== null)!;
  nickname = pick.nickname;
  model = pick.model!;
  const now = Math.floor(Date.now() / 1000);
  const seen = (status: number) => ({ nickname, status, viewers: 120 });
  // Two hours ago: 6 minutes of free chat, then a 4-minute private (10 minutes); then 12 minutes of free chat until now.
  for (let i = 0; i < 3; i++) await ingest(now - 7200 + i * 120, [seen(1)]);
  for (let i = 3; i < 5; i++) await ingest(now - 7200 + i * 120, [seen(2)]);
  await ingest(now - 7200 + 600, []);
  for (let i = 0; i < 7; i++) await ingest(now - 720 + i * 120, [seen(1)]);
}, 320_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe("the model page's Stats tab", () => {
  it("shows her timeline across camsites with totals at 390 px, as a table too, and passes axe", async () => {
    const context = await browser.newContext({ baseURL: site.url, viewport: { width: 390, height: 844 } });
    await passAgeGate(context, site.url);
    const page = await context.newPage();
    await page.goto(`/models/${model.slug}?tab=stats`);
    const timeline = page.getByTestId("model-timeline");
    const totals = timeline.getByTestId("model-timeline-totals");
    await totals.waitFor({ timeout: 30_000 });
    const figure = (label: string) =>
      totals.locator("div", { has: page.getByText(label, { exact: true }) }).locator("dd");
    expect(await figure("Time online").textContent()).toBe("22m");
    expect(await figure("Sessions").textContent()).toBe("2");
    expect(await figure("Days active").textContent()).toMatch(/^[12] of 7$/);

    await timeline.getByText("Timeline as a table").click();
    const rows = timeline.getByRole("table").getByRole("row");
    // A header row, then free chat and the private of the first session and the free chat of the second.
    await expect.poll(() => rows.count()).toBe(4);
    expect(await timeline.getByRole("rowheader", { name: "MyFreeCams" }).count()).toBe(3);

    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    // The tab's own content: her timeline, totals, table and nicknames.
    const { violations } = await new AxeBuilder({ page })
      .include('[data-testid="model-timeline"]')
      .include('[data-testid="model-stats-nicknames"]')
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
      [],
    );

    // A month is wider than a phone: it scrolls inside its own frame.
    await timeline.getByRole("button", { name: "30 days" }).click();
    await timeline.getByRole("button", { name: "30 days", pressed: true }).waitFor();
    await expect.poll(() => figure("Days active").textContent()).toMatch(/ of 30$/);
    const frame = timeline.getByRole("region", { name: /Timeline by camsite/ });
    expect(await frame.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await context.close();
  }, 120_000);
});

describe("model cards on /models", () => {
  it("offer a guest to log in to follow, and let a fan follow from a card without a reload", async () => {
    const context = await browser.newContext({ baseURL: site.url, viewport: { width: 390, height: 844 } });
    await passAgeGate(context, site.url);
    const page = await context.newPage();
    await page.goto(`/models?query=${encodeURIComponent(model.name)}`);
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("link", { name: model.name, exact: true }) });
    await card.first().getByRole("link", { name: FOLLOW_MESSAGES.signInToFollow }).waitFor();
    // Her stats know her hours (the sessions above): the card says on which days and hours she usually streams
    // (today's, or yesterday's and today's just after midnight), wrapping inside the card, never past it.
    const usual = card.first().getByTestId("card-usually-online");
    await usual.waitFor();
    expect(await usual.textContent()).toMatch(
      /^Usually online [A-Z][a-z]{2}(, [A-Z][a-z]{2})?, \d\d:00–\d\d:00 (UTC|your time)$/,
    );
    expect(await usual.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    const fan = uniqueUser("cardfan");
    await registerThroughApi(site.url, fan);
    await page.goto(`/login?redirect=${encodeURIComponent(`/models?query=${model.name}`)}`);
    await signIn(page, fan.email, fan.password);
    await page.waitForURL(/\/models\?query=/);
    // A marker on the window: a full reload would drop it.
    await page.evaluate(() => Object.assign(window, { __noReload: true }));
    await card
      .first()
      .getByRole("button", { name: `${FOLLOW_MESSAGES.follow} ${model.name}` })
      .click();
    await card
      .first()
      .getByRole("button", { name: `${FOLLOW_MESSAGES.following} ${model.name}`, pressed: true })
      .waitFor();
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  }, 120_000);
});
