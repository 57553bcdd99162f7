import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN, passAgeGate } from "./support/accounts.ts";
import { launchBrowser, openPage } from "./support/browser.ts";
import { type Site, startSite } from "./support/site.ts";

// Issue 3 "Done when": the age gate, legacy 301s, 404s, noindex on stats, the admin-edited home title and the
// snackbar of the error contract, in real Chromium against a started site.

const PRODUCT_NAME = process.env.PRODUCT_NAME || "CamAtlas";
const DEMO_FAN = { email: "fan@camatlas.test", password: "camfan-demo-pass" } as const;
const SEARCH_ENGINE = "https://www.google.com";
const THIRTY_DAYS_S = 30 * 24 * 60 * 60;
/** Lets the spec feed one camsite poll with a live snapshot, so a picture exists for /pic/{id}. */
const INGEST_TOKEN = "public-shell-e2e-ingest-token";

let site: Site;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ env: { INGEST_TOKEN } }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function withPage<T>(
  run: (page: Page, context: BrowserContext) => Promise<T>,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<T> {
  const { context, page } = await openPage(browser, { baseURL: site.url, ...options });
  try {
    return await run(page, context);
  } finally {
    await context.close();
  }
}

/** Signs in through POST /api/login in the page's context, so the token cookie is set like a real login. */
async function logInThroughApi(context: BrowserContext, user: { email: string; password: string }) {
  const response = await context.request.post(`${site.url}/api/login`, {
    data: user,
    headers: { origin: site.url },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const gate = (page: Page) => page.getByRole("dialog", { name: PRODUCT_NAME });

describe("age gate", () => {
  it("is rendered by the server with the spec's texts and Remember me checked (no JavaScript)", async () => {
    await withPage(
      async (page) => {
        await page.goto("/");
        const dialog = gate(page);
        expect(await dialog.count()).toBe(1);
        expect(await dialog.getAttribute("aria-modal")).toBe("true");
        const text = await dialog.innerText();
        expect(text).toContain(PRODUCT_NAME);
        expect(text).toContain(
          "This is an age-restricted adult website. You must be at least 18 years old to enter.",
        );
        expect(text).toContain("Are you over 18 years of age?");
        expect(await dialog.getByRole("button", { name: "Yes", exact: true }).count()).toBe(1);
        expect(await dialog.getByRole("button", { name: "No", exact: true }).count()).toBe(1);
        expect(await dialog.getByLabel("Remember me").isChecked()).toBe(true);
      },
      { javaScriptEnabled: false },
    );
  });

  it("keeps keyboard focus inside the dialog and has no serious accessibility violations", async () => {
    await withPage(async (page) => {
      await page.goto("/");
      await gate(page).waitFor();
      // The trap is the dialog's script, loaded once the page runs (not before its load event): it has taken over
      // when it puts focus on Yes.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Yes");
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press(i % 2 ? "Shift+Tab" : "Tab");
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest("#age-gate")))).toBe(true);
      }
      const { violations } = await new AxeBuilder({ page }).include("#age-gate").analyze();
      const serious = violations.filter((v) => v.impact === "critical" || v.impact === "serious");
      expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    });
  });

  it("Yes with Remember me saves age_gate=18 for 30 days and closes for good", async () => {
    await withPage(async (page, context) => {
      await page.goto("/");
      // Keyboard first: the dialog takes focus on its Yes button.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Yes");
      await gate(page).getByRole("button", { name: "Yes", exact: true }).click();
      await gate(page).waitFor({ state: "detached" });
      const cookie = (await context.cookies()).find((c) => c.name === "age_gate");
      expect(cookie?.value).toBe("18");
      const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
      expect(lifetime).toBeGreaterThan(THIRTY_DAYS_S - 120);
      expect(lifetime).toBeLessThanOrEqual(THIRTY_DAYS_S + 5);
      await page.reload();
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await gate(page).count()).toBe(0);
    });
  });

  it("Yes without Remember me closes it for this visit only, without the age_gate cookie", async () => {
    await withPage(async (page, context) => {
      await page.goto("/");
      await gate(page).getByLabel("Remember me").uncheck();
      await gate(page).getByRole("button", { name: "Yes", exact: true }).click();
      await gate(page).waitFor({ state: "detached" });
      const cookies = await context.cookies();
      expect(cookies.find((c) => c.name === "age_gate")).toBeUndefined();
      // Client navigation and a full reload in the same visit keep it closed.
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Models" }).click();
      await page.waitForURL(/\/models$/);
      expect(await gate(page).count()).toBe(0);
      await page.reload();
      expect(await gate(page).count()).toBe(0);
      // A new visit (no session cookies) meets the gate again.
      await context.clearCookies();
      await page.goto("/");
      expect(await gate(page).count()).toBe(1);
    });
  });

  it("Yes works without JavaScript through the gate's form", async () => {
    await withPage(
      async (page, context) => {
        await page.goto("/models");
        await gate(page).getByRole("button", { name: "Yes", exact: true }).click();
        await page.waitForURL(/\/models$/);
        expect(await gate(page).count()).toBe(0);
        expect((await context.cookies()).find((c) => c.name === "age_gate")?.value).toBe("18");
      },
      { javaScriptEnabled: false },
    );
  });

  it("No leaves the site for a general search engine", async () => {
    await withPage(async (page, context) => {
      // The machine is offline: answer the search engine's address locally.
      await context.route(`${SEARCH_ENGINE}/**`, (route) =>
        route.fulfill({
          status: 200,
          contentType: "text/html",
          body: "<title>Search</title><h1>Search</h1>",
        }),
      );
      await page.goto("/");
      await gate(page).getByRole("button", { name: "No", exact: true }).click();
      await page.waitForURL((url) => url.origin === SEARCH_ENGINE);
      expect((await context.cookies(site.url)).find((c) => c.name === "age_gate")).toBeUndefined();
    });
  });

  it("is never shown to a signed-in user", async () => {
    await withPage(async (page, context) => {
      await logInThroughApi(context, DEMO_FAN);
      await page.goto("/");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await gate(page).count()).toBe(0);
      await page.goto("/models");
      expect(await gate(page).count()).toBe(0);
    });
  });
});

describe("addresses", () => {
  async function status(path: string): Promise<{ status: number; location: string | null }> {
    const response = await fetch(`${site.url}${path}`, { redirect: "manual" });
    await response.body?.cancel();
    return { status: response.status, location: response.headers.get("location") };
  }

  async function resolve(query: Record<string, string>): Promise<string | null> {
    const response = await fetch(`${site.url}/api/legacy/resolve?${new URLSearchParams(query)}`);
    if (response.status !== 200) return null;
    return ((await response.json()) as { url: string }).url;
  }

  it("answers legacy camsite, profile and data addresses with 301 to their canonical page", async () => {
    const models = (await (await fetch(`${site.url}/api/models?per_page=1`)).json()) as {
      data: Array<{
        nicknames: Array<{ nickname: string; cam_site_id: number; cam_site: { slug: string } }>;
      }>;
    };
    const nickname = models.data[0]?.nicknames[0];
    expect(nickname).toBeDefined();
    if (!nickname) return;
    const cases: Array<[string, Record<string, string>]> = [
      [`/camsites/visit/site/${nickname.cam_site_id}`, { kind: "camsite", id: String(nickname.cam_site_id) }],
      [
        `/camsites/visit/profile/${nickname.cam_site_id}/${encodeURIComponent(nickname.nickname)}`,
        { kind: "camsite-profile", camsite_id: String(nickname.cam_site_id), name: nickname.nickname },
      ],
      [
        `/${nickname.cam_site.slug}/model/${encodeURIComponent(nickname.nickname)}/dataJSON`,
        { kind: "data-json", camsite: nickname.cam_site.slug, name: nickname.nickname },
      ],
    ];
    for (const [path, query] of cases) {
      const expected = await resolve(query);
      expect(expected, `the API resolves ${JSON.stringify(query)}`).toBeTruthy();
      expect(await status(path), path).toEqual({ status: 301, location: expected });
    }
    expect((await status(`/camsites/visit/site/${nickname.cam_site_id}`)).location).toBe(
      `/camsites/${nickname.cam_site.slug}`,
    );
  });

  it("answers a legacy picture address with 301 to the stats page of its nickname", async () => {
    const nickname = `snapshot_${Date.now().toString(36)}`;
    const poll = await fetch(`${site.url}/api/ingest/observations`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${INGEST_TOKEN}` },
      body: JSON.stringify({
        cam_site_id: 33,
        observed_at: new Date().toISOString(),
        complete: false,
        observations: [{ nickname, status: 1, snapshot_url: "https://snapshots.example/a.jpg" }],
      }),
    });
    expect(poll.status, await poll.text()).toBe(200);
    // The picture that poll stored (the demo simulator stores others of its own).
    const snapshots = await fetch(`${site.url}/api/stats/nicknames/chaturbate/${nickname}/snapshots`);
    expect(snapshots.status).toBe(200);
    const id = String(((await snapshots.json()) as { data: Array<{ id: number }> }).data[0]?.id);
    const expected = await resolve({ kind: "picture", id });
    expect(expected).toBe(`/stats/chaturbate/${nickname}`);
    expect(await status(`/pic/${id}`)).toEqual({ status: 301, location: expected });
  });

  it("answers legacy comment and profile addresses with 301 when they exist, 404 when not", async () => {
    // No comment exists on a fresh site until comments are written; the address follows the API either way.
    const comment = await resolve({ kind: "comment", id: "1" });
    expect(await status("/comment/read/1")).toEqual(
      comment ? { status: 301, location: comment } : { status: 404, location: null },
    );
    const login = await fetch(`${site.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify(DEMO_FAN),
    });
    const { user } = (await login.json()) as { user: { nick_name: string } };
    const profile = await status(`/profile/${encodeURIComponent(user.nick_name)}`);
    expect(profile.status).toBe(301);
    expect(profile.location).toMatch(new RegExp(`/users/${user.nick_name}$`, "i"));
    for (const path of [
      "/camsites/visit/site/999999",
      "/camsites/visit/profile/33/no_such_nickname_xyz",
      "/comment/read/999999999",
      "/pic/999999999",
      "/chaturbate/model/no_such_nickname_xyz/dataJSON",
    ])
      expect((await status(path)).status, path).toBe(404);
  });

  it("renders the not-found page with 404 at any unknown address", async () => {
    await withPage(async (page, context) => {
      await passAgeGate(context, site.url);
      for (const path of ["/no-such-page-xyz", "/a/b/c/d/e", "/not-found", "/reviews/no-such-review"]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        expect(new URL(page.url()).pathname).toBe(path);
        await expect.poll(() => page.locator("h1").innerText()).toMatch(/not found/i);
      }
    });
  });

  it("serves static pages at /{pageSlug} with their SEO tags", async () => {
    await withPage(async (page, context) => {
      await passAgeGate(context, site.url);
      const response = await page.goto("/about");
      expect(response?.status()).toBe(200);
      expect(await page.locator("article h1").innerText()).toMatch(/about/i);
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/\/about$/);
      expect(await page.locator('meta[property="og:title"]').count()).toBe(1);
    });
  });

  it("marks stats pages noindex and leaves the home page indexable", async () => {
    await withPage(async (page, context) => {
      await passAgeGate(context, site.url);
      await page.goto("/stats/chaturbate/somebody");
      expect(await page.locator('meta[name="robots"][content="noindex"]').count()).toBe(1);
      await page.goto("/");
      expect(await page.locator('meta[name="robots"][content="noindex"]').count()).toBe(0);
    });
  });

  it("serves sitemap.xml and robots.txt", async () => {
    const sitemap = await fetch(`${site.url}/sitemap.xml`);
    expect(sitemap.headers.get("content-type")).toMatch(/xml/);
    const xml = await sitemap.text();
    expect(xml).toContain("<urlset");
    expect(xml).toMatch(/<loc>[^<]+\/models\/[^<]+<\/loc>/);
    const robots = await (await fetch(`${site.url}/robots.txt`)).text();
    expect(robots).toMatch(/Sitemap: .+\/sitemap\.xml/);
  });
});

describe("navigation and page-wide checks", () => {
  it("reloads the data on a same-address link and scrolls every navigation to the top", async () => {
    await withPage(async (page, context) => {
      await passAgeGate(context, site.url);
      await page.setViewportSize({ width: 1100, height: 500 });
      await page.goto("/models");
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      const dataRequest = page.waitForRequest(
        (request) => new URL(request.url()).pathname === "/models.data",
      );
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Models" }).click();
      await dataRequest;
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    });
  });

  it("checks for an ad blocker once and remembers the result for 30 days", async () => {
    await withPage(async (page, context) => {
      await passAgeGate(context, site.url);
      const report = page.waitForRequest(
        (request) => request.method() === "POST" && request.url().endsWith("/api/adblock-statistics"),
      );
      await page.goto("/");
      expect((await report).postDataJSON()).toEqual({ is_enabled: false });
      const flag = (await context.cookies()).find((c) => c.name === "adblock_flag");
      expect(flag?.value).toBe("disable");
      expect((flag?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(THIRTY_DAYS_S - 120);
      // With the flag set, later visits do not check again.
      let again = false;
      page.on("request", (request) => {
        if (request.url().endsWith("/api/adblock-statistics")) again = true;
      });
      await page.reload();
      await page.waitForTimeout(2_500);
      expect(again).toBe(false);
    });
  });
});

describe("accessibility", () => {
  it("has no critical or serious axe violations on the shell's pages", async () => {
    await withPage(async (page, context) => {
      await logInThroughApi(context, DEMO_ADMIN);
      for (const path of [
        "/",
        "/about",
        "/no-such-page",
        "/reviews",
        "/stats/chaturbate/somebody",
        "/admin/settings",
        "/admin/pages/new",
        "/admin/featured-models",
        "/admin/adblock",
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
    });
  });
});

describe("settings and the error contract", () => {
  it("lets an admin change the home title, which a visitor then sees", async () => {
    const title = `Find her everywhere ${Date.now().toString(36)}`;
    await withPage(async (page, context) => {
      await logInThroughApi(context, DEMO_ADMIN);
      await page.goto("/admin/settings");
      const home = page.getByRole("region", { name: "Home page" });
      await home.getByLabel("Title", { exact: true }).fill(title);
      await home.getByRole("button", { name: "Save home page" }).click();
      await expect
        .poll(() => page.getByTestId("snackbar").innerText())
        .toContain("Settings successfully saved.");
    });
    await withPage(async (page, context) => {
      await passAgeGate(context, site.url);
      await page.goto("/");
      expect(await page.locator("h1").first().innerText()).toBe(title);
    });
  });

  it("shows the first field error of a 422 in the snackbar when a setting is malformed", async () => {
    await withPage(async (page, context) => {
      await logInThroughApi(context, DEMO_ADMIN);
      await page.goto("/admin/settings");
      const home = page.getByRole("region", { name: "Home page" });
      await home.getByLabel("Header image", { exact: true }).fill("not-a-link");
      await home.getByRole("button", { name: "Save home page" }).click();
      await expect
        .poll(() => page.getByTestId("snackbar").innerText())
        .toContain("Oops! Something went wrong: Please enter a valid URL.");
      expect(await home.getByRole("alert").innerText()).toContain("Please enter a valid URL.");
    });
  });

  it("lets an admin create a static page with a markdown preview, publish it at its address and delete it", async () => {
    const slug = `faq-${Date.now().toString(36)}`;
    await withPage(async (page, context) => {
      await logInThroughApi(context, DEMO_ADMIN);
      await page.goto("/admin/pages/new");
      await page.getByLabel("Title", { exact: true }).fill("Questions");
      await page.getByLabel("Address", { exact: true }).fill(slug);
      await page.getByLabel("Body (markdown)").fill("## Who runs {product}?\n\nSee [the models](/models).");
      await page.getByRole("tab", { name: "Preview" }).click();
      await expect
        .poll(() => page.getByRole("heading", { name: `Who runs ${PRODUCT_NAME}?` }).count())
        .toBe(1);
      await page.getByRole("button", { name: "Save page" }).click();
      await page.waitForURL(/\/admin\/pages\/\d+$/);
      await expect.poll(() => page.getByTestId("snackbar").innerText()).toContain("Page saved.");

      const visitor = await browser.newContext({ baseURL: site.url });
      try {
        await passAgeGate(visitor, site.url);
        const view = await visitor.newPage();
        expect((await view.goto(`/${slug}`))?.status()).toBe(200);
        expect(await view.locator("article h1").innerText()).toBe("Questions");
        // Site links in rendered HTML are absolute addresses on the site's host (spec §2).
        expect(await view.getByRole("link", { name: "the models" }).getAttribute("href")).toMatch(
          /^https?:\/\/[^/]+\/models$/,
        );
      } finally {
        await visitor.close();
      }

      await page.goto("/admin/pages");
      page.once("dialog", (dialog) => dialog.accept());
      await page.getByRole("button", { name: "Delete Questions" }).click();
      await expect.poll(() => page.getByRole("button", { name: "Delete Questions" }).count()).toBe(0);
      expect((await fetch(`${site.url}/${slug}`)).status).toBe(404);
    });
  });

  it("lets an admin feature a model found by search and remove her again", async () => {
    const models = (await (await fetch(`${site.url}/api/models?per_page=50&order_by=name`)).json()) as {
      data: Array<{ id: number; name: string }>;
    };
    const featured = (await (await fetch(`${site.url}/api/featured-models`)).json()) as Array<{
      model: { id: number };
    }>;
    const model = models.data.find((m) => !featured.some((f) => f.model.id === m.id));
    expect(model).toBeDefined();
    if (!model) return;
    await withPage(async (page, context) => {
      await logInThroughApi(context, DEMO_ADMIN);
      await page.goto("/admin/featured-models");
      await page.getByLabel("Find a model").fill(model.name);
      await page.getByRole("button", { name: "Find" }).click();
      await page.getByRole("button", { name: `Feature ${model.name}` }).click();
      const remove = page.getByRole("button", { name: `Stop featuring ${model.name}` });
      await remove.waitFor();
      await remove.click();
      await remove.waitFor({ state: "detached" });
      await expect.poll(() => page.getByTestId("snackbar").innerText()).toContain("Successfully deleted.");
    });
  });

  it("shows 'Oops! Something went wrong: Server is broken.' for 6 seconds on a 500, with a Close button", async () => {
    await withPage(async (page, context) => {
      await logInThroughApi(context, DEMO_ADMIN);
      // Image uploads ask for a presigned link first: that call fails.
      await context.route("**/api/media/presigned", (route) =>
        route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"boom"}' }),
      );
      await page.goto("/admin/settings");
      const upload = page.getByLabel("Upload header image");
      // It is enabled once the page runs (the upload is the browser's).
      await expect.poll(() => upload.isEnabled()).toBe(true);
      const png = Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
        "base64",
      );
      await upload.setInputFiles({ name: "header.png", mimeType: "image/png", buffer: png });
      const snackbar = page.getByTestId("snackbar");
      await snackbar.waitFor();
      const shownAt = Date.now();
      expect(await snackbar.innerText()).toContain("Oops! Something went wrong: Server is broken.");
      expect(await snackbar.getByRole("button", { name: "Close" }).count()).toBe(1);
      await snackbar.waitFor({ state: "detached", timeout: 10_000 });
      const life = Date.now() - shownAt;
      expect(life).toBeGreaterThan(5_000);
      expect(life).toBeLessThan(7_500);

      // The Close button ends it at once.
      await upload.setInputFiles({ name: "header.png", mimeType: "image/png", buffer: png });
      await snackbar.waitFor();
      await snackbar.getByRole("button", { name: "Close" }).click();
      await snackbar.waitFor({ state: "detached", timeout: 1_000 });
    });
  });
});

/** A stand-in for the error-reporting service: records every envelope posted to it. */
async function startFakeSentry(): Promise<{ dsn: string; bodies: string[]; close: () => Promise<void> }> {
  const bodies: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      bodies.push(body);
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Throws two errors in the hydrated page: one to report, one the spec says to ignore. */
async function throwInPage(page: Page, message: string) {
  // The age gate focuses its Yes button from an effect: the app is hydrated and its handlers are installed.
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Yes");
  await page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    });
    const chunk = new Error("Loading chunk 7 failed");
    chunk.name = "ChunkLoadError";
    setTimeout(() => {
      throw chunk;
    });
  }, message);
}

describe("browser error reporting", () => {
  it("sends nothing outside production (the browser's default handler)", async () => {
    await withPage(async (page) => {
      let reported = false;
      page.on("request", (request) => {
        if (request.url().endsWith("/api/client-errors")) reported = true;
      });
      await page.goto("/");
      await throwInPage(page, "shell-e2e development error");
      await page.waitForTimeout(1_000);
      expect(reported).toBe(false);
    });
  });

  it("in production forwards uncaught browser errors to the error-reporting service, minus ignored ones", async () => {
    const sentry = await startFakeSentry();
    const production = await startSite({ env: { APP_ENV: "production", SENTRY_DSN: sentry.dsn } });
    try {
      const { context, page } = await openPage(browser, { baseURL: production.url });
      try {
        await page.goto("/");
        const forwarded = page.waitForRequest((request) => request.url().endsWith("/api/client-errors"));
        await throwInPage(page, "shell-e2e production error");
        expect((await forwarded).postDataJSON()).toMatchObject({
          name: "Error",
          message: "shell-e2e production error",
        });
        await expect
          .poll(() => sentry.bodies.some((body) => body.includes("shell-e2e production error")), {
            timeout: 15_000,
          })
          .toBe(true);
        expect(sentry.bodies.some((body) => body.includes("Loading chunk 7 failed"))).toBe(false);
      } finally {
        await context.close();
      }
    } finally {
      await production.stop();
      await sentry.close();
    }
  });
});
