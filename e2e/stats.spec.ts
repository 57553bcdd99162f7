import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { simulatedSnapshotUrl, simulatedState } from "@camatlas/api";
import { isStreaming, OFFLINE_STATUS_ID } from "@camatlas/shared";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passAgeGate } from "./support/accounts.ts";
import { launchBrowser } from "./support/browser.ts";
import { type Site, startSite } from "./support/site.ts";

// Stats end to end, on two sites. First the demo as it runs: the simulator polls every 2 s, and a demo model her
// deterministic schedule has on cam goes online, with the live badge on her profile and stats page and the charts
// drawn from the simulator's polls. Then exact figures: a demo model goes online through the ingestion endpoint (the
// path the collectors use), with the simulator off so only those polls speak about MyFreeCams.

const INGEST_TOKEN = "e2e-ingest-token-0123456789abcdef";
let site: Site;
let browser: Browser;
let nickname = "";
let modelSlug = "";
/** MyFreeCams' silence in the ingestion site's polls (epoch seconds). */
let silence = { start: 0, end: 0 };

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
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

interface DemoPick {
  nickname: string;
  camSiteId: number;
  camSiteName: string;
  camSiteSlug: string;
  modelSlug: string;
}

/**
 * A demo model the simulator has on cam from now for the next 15 minutes: streaming (not away or on a break) all
 * along, in a public show for the next minute (so she has a live snapshot), and on MyFreeCams ranked. The schedules
 * are pure functions of (nickname, camsite, time), so the test computes the same story the simulator tells.
 * MyFreeCams first (CamScore and rank).
 */
async function pickStreamingDemoModel(baseUrl: string): Promise<DemoPick> {
  const now = Math.floor(Date.now() / 1000);
  const window = Array.from({ length: 31 }, (_, i) => now - 10 + i * 30);
  for (const camSiteId of [12, 33, 36]) {
    for (let page = 1, lastPage = 1; page <= Math.min(lastPage, 20); page++) {
      const response = await fetch(
        `${baseUrl}/api/model-nicknames?cam_site_id=${camSiteId}&per_page=100&page=${page}`,
      );
      const body = (await response.json()) as {
        last_page: number;
        data: Array<{
          nickname: string;
          cam_site: { name: string; slug: string };
          model: { slug: string } | null;
        }>;
      };
      lastPage = body.last_page;
      const pick = body.data.find(
        (n) =>
          n.model !== null &&
          window
            .slice(0, 3)
            .every((at) =>
              simulatedSnapshotUrl(
                n.nickname,
                camSiteId,
                at,
                simulatedState(n.nickname, camSiteId, at),
                n.model?.slug ?? "",
              ),
            ) &&
          window.every((at) => {
            const state = simulatedState(n.nickname, camSiteId, at);
            // On MyFreeCams, one of the top 1,000 CamScores, so she has a rank to draw.
            return (
              isStreaming(state?.status ?? OFFLINE_STATUS_ID) && (camSiteId !== 12 || (state?.rank ?? 0) > 0)
            );
          }),
      );
      if (pick?.model)
        return {
          nickname: pick.nickname,
          camSiteId,
          camSiteName: pick.cam_site.name,
          camSiteSlug: pick.cam_site.slug,
          modelSlug: pick.model.slug,
        };
    }
  }
  throw new Error("no demo model is on cam in the demo schedules for the next 15 minutes");
}

describe("a demo model going online in the simulator", () => {
  let sim: Site;
  let pick: DemoPick;
  let startedAt = 0;
  const statsPage = () => `/stats/${pick.camSiteSlug}/${encodeURIComponent(pick.nickname)}`;

  beforeAll(async () => {
    startedAt = Date.now();
    // No history: everything she has comes from the live polls of this run.
    sim = await startSite({
      env: { SIMULATOR: "1", SIMULATOR_INTERVAL_SECONDS: "2", SIMULATOR_HISTORY_DAYS: "0" },
    });
    pick = await pickStreamingDemoModel(sim.url);
  });

  afterAll(async () => {
    await sim?.stop();
  });

  it("goes online through the simulator's polls, with the live badge on her profile", async () => {
    // The stats API sees her streaming, tracked since this run started (no history was written).
    const apiPath = `${sim.url}/api/stats/nicknames/${pick.camSiteSlug}/${encodeURIComponent(pick.nickname)}`;
    let trackedSince = "";
    await expect
      .poll(
        async () => {
          const r = await fetch(apiPath);
          if (!r.ok) return false;
          const body = (await r.json()) as {
            is_streaming: boolean;
            coverage: { tracked_since: string | null };
          };
          trackedSince = body.coverage.tracked_since ?? "";
          return body.is_streaming;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true);
    expect(Date.parse(trackedSince)).toBeGreaterThanOrEqual(startedAt - 2_000);
    const context = await browser.newContext({ baseURL: sim.url });
    await passAgeGate(context, sim.url);
    const page = await context.newPage();
    await page.goto(`/models/${pick.modelSlug}?tab=stats`);
    const list = page.getByTestId("model-stats-nicknames");
    await list.getByText(`Online now on ${pick.camSiteName}`).first().waitFor({ timeout: 30_000 });
    await list.getByRole("link", { name: `Stats of ${pick.nickname} on ${pick.camSiteName}` }).click();
    await page.waitForURL(`**${statsPage()}`);
    await page.getByRole("heading", { level: 1, name: new RegExp(pick.nickname) }).waitFor();
    await page.getByText(`Online now on ${pick.camSiteName}`).first().waitFor();
    await context.close();
  });

  it("draws her time online, viewers and (MyFreeCams) CamScore and rank from the simulator's polls", async () => {
    const context = await browser.newContext({ baseURL: sim.url });
    await passAgeGate(context, sim.url);
    const page = await context.newPage();
    // Her time online grows with every poll; the chart counts whole minutes, so her bar is there after a minute or so.
    const bars = page.locator('figure[data-chart="time-online"] [data-bar] rect');
    await expect
      .poll(
        async () => {
          await page.goto(statsPage());
          return bars.count();
        },
        { timeout: 150_000, interval: 3_000 },
      )
      .toBeGreaterThan(0);
    await expect(page.locator("#time-online-summary").textContent()).resolves.toMatch(
      /online on \d+ of 30 days/,
    );
    await page.goto(`${statsPage()}?tab=statistics`);
    const charts = pick.camSiteId === 12 ? ["viewers", "camscore", "rank"] : ["viewers"];
    for (const chart of charts) {
      await page.locator(`figure[data-chart="${chart}"]`).waitFor();
      expect(await page.locator(`figure[data-chart="${chart}"] svg path`).count(), chart).toBe(1);
    }
    await expect(page.locator("#viewers-summary").textContent()).resolves.toMatch(
      /^Average [\d.]+ viewers over \d+ days? \(UTC\); most in one poll: \d+\.$/,
    );
    await context.close();
  }, 180_000);

  it("shows her live snapshot on Recent Snapshots", async () => {
    const context = await browser.newContext({ baseURL: sim.url });
    await passAgeGate(context, sim.url);
    const page = await context.newPage();
    const image = page.locator('img[src^="/media/portraits/"]').first();
    await expect
      .poll(
        async () => {
          await page.goto(`${statsPage()}?tab=snapshots`);
          return image.count();
        },
        { timeout: 60_000, interval: 3_000 },
      )
      .toBeGreaterThan(0);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await context.close();
  });
});

describe("stats pages from polls through the ingestion endpoint", () => {
  beforeAll(async () => {
    // The live simulator is off so only the polls below speak about MyFreeCams.
    site = await startSite({ env: { INGEST_TOKEN, SIMULATOR: "0", SIMULATOR_HISTORY_DAYS: "0" } });
    const nicknames = await api<{
      data: Array<{ nickname: string; model: { slug: string } | null }>;
    }>("/model-nicknames?cam_site_id=12&per_page=20");
    const first = nicknames.body.data.find((n) => n.model !== null);
    if (!first?.model) throw new Error("the demo data has no MyFreeCams nickname of a model");
    nickname = first.nickname;
    modelSlug = first.model.slug;
    const now = Math.floor(Date.now() / 1000);
    // MyFreeCams polled three days ago (two polls, nobody online), then silent until the polls below: a silence
    // inside the tracked period, which the chart labels "No polls" rather than drawing as time offline.
    silence = { start: now - 3 * 86_400, end: now - 490 };
    for (const at of [silence.start - 120, silence.start]) {
      const reply = await api<{ applied: boolean }>("/ingest/observations", {
        method: "POST",
        token: INGEST_TOKEN,
        body: {
          cam_site_id: 12,
          observed_at: new Date(at * 1000).toISOString(),
          complete: true,
          observations: [],
        },
      });
      expect(reply.body.applied).toBe(true);
    }
    // Three polls four minutes apart: she is in free chat, with viewers, a CamScore and a rank.
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
    await site?.stop();
  });

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
    // A first visit is drawn in UTC; the browser then remembers its zone and the days move to its calendar.
    const summary = page.locator("#time-online-summary");
    // Chromium's ICU names the zone by its older canonical id (Asia/Calcutta); either is the same zone.
    await summary.filter({ hasText: /\(Asia\/(Kolkata|Calcutta)\)/ }).waitFor();
    // 480 seconds of free chat counted between the polls: 8 minutes, on one of the 30 days (the others zero).
    expect(await summary.textContent()).toMatch(
      /8m online on 1 of 30 days \(Asia\/(Kolkata|Calcutta)\): Free chat 8m\./,
    );
    const bars = page.locator('figure[data-chart="time-online"] [data-bar]');
    expect(await bars.count()).toBe(30);
    await expect(bars.locator("rect").first().locator("title").textContent()).resolves.toMatch(
      /Free chat 8m$/,
    );
    // Tracking began this run: the days before are hatched and labelled as one run on the chart.
    await expect(
      page.locator('figure[data-chart="time-online"] [data-gap="Not tracked yet"]').count(),
    ).resolves.toBe(1);
    // After hydration the heatmap moves to the browser's zone (UTC+5:30).
    await page.getByTestId("heatmap-zone").filter({ hasText: "UTC+5:30" }).waitFor();
    await expect(page.getByTestId("coverage").first().textContent()).resolves.toMatch(/polled every 4m/);
    // The text alternative: every day of the range as a row of a table, in hours.
    const chart = page.locator('figure[data-chart="time-online"]');
    await chart.locator("summary").click();
    await expect(
      chart.locator("table").getByRole("columnheader", { name: "Free chat (h)" }).isVisible(),
    ).resolves.toBe(true);
    expect(await chart.locator("table tbody tr").count()).toBe(30);
    // Today was observed only in part (the silence before this run's polls, or the hours still to come).
    await expect(chart.locator("table tbody tr").last().textContent()).resolves.toMatch(
      /(Not yet|No polls) \(/,
    );
    // The summary cards count the same days of her calendar, and say so.
    await expect(page.getByTestId("coverage").first().textContent()).resolves.toMatch(
      /\(your days, Asia\/(Kolkata|Calcutta)\)/,
    );
    await context.close();
  });

  it("labels MyFreeCams' silence inside the tracked period as 'No polls', on the chart and in its table", async () => {
    const iso = (at: number) => new Date(at * 1000).toISOString();
    const reply = await api<{ coverage: { gaps: Array<{ start: string; end: string }> } }>(
      `/stats/nicknames/myfreecams/${encodeURIComponent(nickname)}/chat-stats`,
    );
    expect(reply.body.coverage.gaps).toEqual([{ start: iso(silence.start), end: iso(silence.end) }]);
    const context = await browser.newContext({ baseURL: site.url, timezoneId: "UTC" });
    await passAgeGate(context, site.url);
    const page = await context.newPage();
    await page.goto(`/stats/myfreecams/${encodeURIComponent(nickname)}?range=7&tz=UTC`);
    const chart = page.locator('figure[data-chart="time-online"]');
    await expect(chart.locator('[data-gap="No polls"]').count()).resolves.toBe(1);
    // The day a day and a half into the silence lies wholly inside it: its row says so without a length.
    const day = new Intl.DateTimeFormat("en-US", {
      weekday: "short",
      month: "short",
      day: "2-digit",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date((silence.start + 1.5 * 86_400) * 1000));
    await chart.locator("summary").click();
    const row = chart.locator("table tbody tr").filter({ hasText: day });
    await expect(row.locator("td").last().textContent()).resolves.toBe("No polls");
    await expect(chart.locator("#time-online-summary").textContent()).resolves.toMatch(
      /of the days were not fully observed \(hatched\)\./,
    );
    await context.close();
  });

  it("changes the range with the presets and a custom pair of days, in the address", async () => {
    const context = await browser.newContext({ baseURL: site.url, timezoneId: "UTC" });
    await passAgeGate(context, site.url);
    const page = await context.newPage();
    const base = `/stats/myfreecams/${encodeURIComponent(nickname)}`;
    await page.goto(base);
    const presets = page.getByRole("navigation", { name: "Range presets" });
    await expect(presets.getByRole("link", { name: "30 days" }).getAttribute("aria-current")).resolves.toBe(
      "page",
    );
    const rows = page.locator('figure[data-chart="time-online"] [data-bar]');
    expect(await rows.count()).toBe(30);
    for (const [label, query, days] of [
      ["7 days", "range=7", 7],
      ["90 days", "range=90", 90],
      ["1 year", "range=365", 365],
    ] as const) {
      await presets.getByRole("link", { name: label }).click();
      await page.waitForURL(new RegExp(`[?&]${query}(&|$)`));
      await expect.poll(() => rows.count()).toBe(days);
      await expect
        .poll(() => presets.getByRole("link", { name: label }).getAttribute("aria-current"))
        .toBe("page");
    }
    // "All" starts at her first day seen.
    await presets.getByRole("link", { name: "All" }).click();
    await page.waitForURL(/[?&]range=all(&|$)/);
    await expect
      .poll(() => presets.getByRole("link", { name: "All" }).getAttribute("aria-current"))
      .toBe("page");
    // From her first day seen (the demo history may reach back weeks), at most the two years one request covers.
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    expect(await rows.count()).toBeLessThanOrEqual(731);
    // A custom range, without JavaScript's help: the form is a GET to the same page.
    await page.goto(`${base}?from_date=2026-01-01&to_date=2026-01-10`);
    expect(await rows.count()).toBe(10);
    await expect(page.getByTestId("range-shown").textContent()).resolves.toContain(
      "Jan 01, 2026 – Jan 10, 2026",
    );
    // Tracking began this run: those days were never observed, and the chart says so.
    await expect(
      page.locator('figure[data-chart="time-online"] [data-gap="Not tracked yet"]').count(),
    ).resolves.toBe(1);
    await context.close();
  });

  it("reads well on a 390 px phone: no page overflow, the chart scrolls in its frame, no axe violation", async () => {
    const context = await browser.newContext({
      baseURL: site.url,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      colorScheme: "dark",
      timezoneId: "America/Los_Angeles",
    });
    await passAgeGate(context, site.url);
    const page = await context.newPage();
    const base = `/stats/myfreecams/${encodeURIComponent(nickname)}`;
    for (const query of ["", "?range=90", "?tab=statistics", "?tab=badges"]) {
      await page.goto(`${base}${query}`);
      await page.locator("h1").first().waitFor();
      await page.waitForLoadState("networkidle");
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        view: document.documentElement.clientWidth,
      }));
      expect(widths.page, `${query} is wider than the phone`).toBeLessThanOrEqual(widths.view);
      // WCAG 2.1 A and AA: no violation at all, whatever its impact.
      const { violations } = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      expect(
        violations.map((v) => `${query} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      ).toEqual([]);
    }
    // Axis text stays at 11 px: the chart is drawn at its natural size and scrolls inside its frame.
    await page.goto(`${base}?range=90`);
    await page.locator('figure[data-chart="time-online"] svg').waitFor();
    const chart = await page.evaluate(() => {
      const svg = document.querySelector('figure[data-chart="time-online"] svg');
      const frame = document.querySelector('[data-scroll="time-online"]');
      const label = svg?.querySelector("text");
      return {
        svgWidth: svg?.getBoundingClientRect().width ?? 0,
        frameWidth: frame?.clientWidth ?? 0,
        fontPx: label ? label.getBoundingClientRect().height : 0,
      };
    });
    expect(chart.svgWidth).toBeGreaterThan(chart.frameWidth);
    expect(chart.fontPx).toBeGreaterThanOrEqual(11);
    if (process.env.STATS_SCREENSHOTS) {
      await page.goto(base);
      await page.locator('figure[data-chart="time-online"] svg').waitFor();
      await page.waitForLoadState("networkidle");
      await page.screenshot({
        path: path.join(process.env.STATS_SCREENSHOTS, "stats-nickname-phone-dark.png"),
        fullPage: true,
      });
    }
    await context.close();
  });

  it("names and explains the badges, and the nickname page links to her stats", async () => {
    const context = await browser.newContext({ baseURL: site.url });
    await passAgeGate(context, site.url);
    const page = await context.newPage();
    await page.goto(`/stats/myfreecams/${encodeURIComponent(nickname)}?tab=badges`);
    const badges = page.getByTestId("badges");
    expect(await badges.locator("li").count()).toBe(15);
    await expect(badges.getByText("Number one", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(
      badges.getByText("Ranked in the top 10 by CamScore on MyFreeCams during the month.").isVisible(),
    ).resolves.toBe(true);
    await page.goto(`/myfreecams/model/${encodeURIComponent(nickname)}`);
    // When she usually streams there, from her polls (UTC on the server, the visitor's time once hydrated): her
    // days ("Every day", "Tue–Sat", "Mon, Wed, Fri") before her hours.
    await expect(page.getByTestId("usually-online").textContent()).resolves.toMatch(
      /^Usually online (Every day|[A-Z][a-z]{2}((–|, )[A-Z][a-z]{2})*), \d\d:00–\d\d:00 (UTC|your time)$/,
    );
    await page.getByRole("link", { name: new RegExp(`^${nickname}'s stats on MyFreeCams`) }).click();
    await page.waitForURL(`**/stats/myfreecams/${encodeURIComponent(nickname)}`);
    await page.getByRole("heading", { level: 1, name: new RegExp(nickname) }).waitFor();
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
    // MyFreeCams has badges: her page has the tab (camsites without badges have none).
    expect(await page.getByRole("link", { name: "Badges Earned" }).count()).toBe(1);
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
