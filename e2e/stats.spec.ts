import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passAgeGate } from "./support/accounts.ts";
import { launchBrowser } from "./support/browser.ts";
import { type Site, startSite } from "./support/site.ts";

// Stats end to end: a demo model goes online through the ingestion endpoint (the same path the collectors and the
// simulator use), shows as online now on /stats and on her profile, and her stats page draws its charts.

const INGEST_TOKEN = "e2e-ingest-token-0123456789abcdef";
let site: Site;
let browser: Browser;
let nickname = "";
let modelSlug = "";

async function api<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = { accept: "application/json" };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${site.url}/api${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

beforeAll(async () => {
  [site, browser] = await Promise.all([
    // The live simulator is off so only the polls below speak about MyFreeCams.
    startSite({ env: { INGEST_TOKEN, SIMULATOR: "0", SIMULATOR_HISTORY_DAYS: "0" } }),
    launchBrowser(),
  ]);
  const nicknames = await api<{
    data: Array<{ nickname: string; model: { slug: string } | null }>;
  }>("/model-nicknames?cam_site_id=12&per_page=20");
  const first = nicknames.body.data.find((n) => n.model !== null);
  if (!first?.model) throw new Error("the demo data has no MyFreeCams nickname of a model");
  nickname = first.nickname;
  modelSlug = first.model.slug;
  // Three polls four minutes apart: she is in free chat, with viewers, a CamScore and a rank.
  const now = Math.floor(Date.now() / 1000);
  for (const [i, ago] of [490, 250, 10].entries()) {
    const reply = await api<{ applied: boolean }>("/ingest/observations", {
      method: "POST",
      token: INGEST_TOKEN,
      body: {
        cam_site_id: 12,
        observed_at: new Date((now - ago) * 1000).toISOString(),
        complete: true,
        observations: [
          {
            nickname,
            status: 1,
            viewers: 120 + i * 40,
            camscore: 3100 + i * 5,
            rank: 820 - i,
            topic: "Welcome to my room!",
            snapshot_url: `${site.url}/favicon.svg`,
          },
        ],
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.applied).toBe(true);
  }
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe("stats pages", () => {
  it("shows the model as online now on /stats and opens her stats page", async () => {
    const context = await browser.newContext({ baseURL: site.url });
    await passAgeGate(context, site.url);
    const page = await context.newPage();
    await page.goto("/stats");
    const online = page.getByTestId("online-now");
    await expect(online.getByRole("link", { name: nickname, exact: true }).isVisible()).resolves.toBe(true);
    await expect(online.getByText("Online now on MyFreeCams").first().isVisible()).resolves.toBe(true);
    // noindex on every /stats/ page comes from the root.
    await online.getByRole("link", { name: nickname, exact: true }).click();
    await page.waitForURL(`**/stats/myfreecams/${encodeURIComponent(nickname)}`);
    await page.getByRole("heading", { level: 1, name: new RegExp(nickname) }).waitFor();
    await expect(page.locator('meta[name="robots"]').getAttribute("content")).resolves.toContain("noindex");
    await context.close();
  });

  it("draws time online by show type and the hour heatmap in the visitor's time zone", async () => {
    const context = await browser.newContext({ baseURL: site.url, timezoneId: "Asia/Kolkata" });
    await passAgeGate(context, site.url);
    const page = await context.newPage();
    await page.goto(`/stats/myfreecams/${encodeURIComponent(nickname)}`);
    const bars = page.locator('figure[data-chart="time-online"] svg rect');
    expect(await bars.count()).toBeGreaterThan(0);
    // 480 seconds of free chat counted between the polls: 8 minutes.
    await expect(bars.first().locator("title").textContent()).resolves.toMatch(/Free chat 8 min$/);
    const summary = await page.locator("#time-online-summary").textContent();
    expect(summary).toContain("8m online on 1 day:");
    // After hydration the heatmap moves to the browser's zone (UTC+5:30).
    await page.getByTestId("heatmap-zone").filter({ hasText: "UTC+5:30" }).waitFor();
    await expect(page.getByTestId("coverage").first().textContent()).resolves.toMatch(/polled every 4m/);
    // The text alternative: the data behind the bars as a table.
    await page.locator('figure[data-chart="time-online"] summary').click();
    await expect(
      page
        .locator('figure[data-chart="time-online"] table')
        .getByRole("columnheader", { name: "Free chat (min)" })
        .isVisible(),
    ).resolves.toBe(true);
    await context.close();
  });

  it("draws viewers, CamScore and rank on the Statistics tab", async () => {
    const context = await browser.newContext({ baseURL: site.url });
    await passAgeGate(context, site.url);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto(`/stats/myfreecams/${encodeURIComponent(nickname)}?tab=statistics`);
    // The server-rendered charts hydrate without a mismatch (a mismatch re-renders the page and drops clicks).
    await page.locator('figure[data-chart="viewers"]').waitFor();
    await page.waitForLoadState("networkidle");
    expect(pageErrors.filter((m) => /hydrat/i.test(m))).toEqual([]);
    await page.getByRole("link", { name: "Stats", exact: true }).last().click();
    await page.locator('figure[data-chart="time-online"]').waitFor();
    await page.getByRole("link", { name: "Statistics", exact: true }).click();
    await page.waitForURL(/tab=statistics/);
    await page.locator('figure[data-chart="viewers"]').waitFor();
    for (const chart of ["viewers", "camscore", "rank"])
      expect(await page.locator(`figure[data-chart="${chart}"] svg path`).count(), chart).toBe(1);
    await expect(page.locator("#viewers-summary").textContent()).resolves.toContain("Average 160 viewers");
    await expect(page.getByText("Welcome to my room!").isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("has no critical or serious axe violations on the stats pages", async () => {
    const context = await browser.newContext({ baseURL: site.url });
    await passAgeGate(context, site.url);
    const page = await context.newPage();
    const base = `/stats/myfreecams/${encodeURIComponent(nickname)}`;
    for (const path of [
      "/stats",
      base,
      ...["statistics", "badges", "snapshots", "nicknames"].map((t) => `${base}?tab=${t}`),
    ]) {
      await page.goto(path);
      await page.locator("h1").first().waitFor();
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter((v) => v.impact === "critical" || v.impact === "serious");
      expect(
        serious.map(
          (v) => `${path} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
        ),
      ).toEqual([]);
    }
    await context.close();
  });

  it("gives the model profile a Stats tab with the live badge and a link to the stats page", async () => {
    const context = await browser.newContext({ baseURL: site.url });
    await passAgeGate(context, site.url);
    const page = await context.newPage();
    await page.goto(`/models/${modelSlug}?tab=stats`);
    const list = page.getByTestId("model-stats-nicknames");
    await expect(list.getByText("Online now on MyFreeCams").isVisible()).resolves.toBe(true);
    await list.getByRole("link", { name: `Stats of ${nickname} on MyFreeCams` }).click();
    await page.waitForURL(`**/stats/myfreecams/${encodeURIComponent(nickname)}`);
    await context.close();
  });
});
