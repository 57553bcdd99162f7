import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN, passAgeGate } from "./support/accounts.ts";
import { seriousViolations } from "./support/axe.ts";
import type { Site } from "./support/site.ts";
import { useSiteAndBrowser } from "./support/site-and-browser.ts";

// Issue 21: the dark theme by default and the light one remembered, the phone layout (menu and filters slide-overs,
// nothing wider than the screen), axe on every page kind in both themes — at 1280 px and at 390 px.
// With DESIGN_SCREENSHOTS=<folder> the main pages are also photographed in both themes (docs/screenshots).

let site: Site;
let browser: Browser;
useSiteAndBrowser((s, b) => {
  site = s;
  browser = b;
});

const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1280, height: 900 } as const;
/** The page colour of each theme (app.css --color-page). */
const PAGE_COLOUR = { dark: "rgb(14, 12, 18)", light: "rgb(246, 245, 248)" } as const;

interface PageOptions {
  viewport?: { width: number; height: number };
  colorScheme?: "dark" | "light";
  javaScriptEnabled?: boolean;
  theme?: "dark" | "light";
}

async function withPage<T>(options: PageOptions, run: (page: Page, context: BrowserContext) => Promise<T>) {
  const context = await browser.newContext({
    baseURL: site.url,
    viewport: options.viewport ?? DESKTOP,
    colorScheme: options.colorScheme ?? "dark",
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  await passAgeGate(context, site.url);
  if (options.theme) await context.addCookies([{ name: "theme", value: options.theme, url: site.url }]);
  try {
    return await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

const pageColour = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const themeCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === "theme");

/** Addresses of one of each page kind, read from the demo data. */
let paths: { model: string; camsite: string; nickname: string; statsNickname: string };

beforeAll(async () => {
  const models = (await (await fetch(`${site.url}/api/models?per_page=50`)).json()) as {
    data: Array<{ slug: string; nicknames: Array<{ nickname: string; cam_site: { slug: string } }> }>;
  };
  const model = models.data.find((m) => m.nicknames.length > 0);
  const nick = model?.nicknames[0];
  if (!model || !nick) throw new Error("the demo data has no model with a nickname");
  paths = {
    model: `/models/${model.slug}`,
    camsite: `/camsites/${nick.cam_site.slug}`,
    nickname: `/${nick.cam_site.slug}/model/${encodeURIComponent(nick.nickname)}`,
    statsNickname: `/stats/${nick.cam_site.slug}/${encodeURIComponent(nick.nickname)}`,
  };
});

describe("themes", () => {
  it("is dark by default, and light on a first visit from a browser that prefers light", async () => {
    await withPage({ colorScheme: "dark" }, async (page) => {
      await page.goto("/");
      expect(await page.locator("html").getAttribute("data-theme")).toBeNull();
      expect(await pageColour(page)).toBe(PAGE_COLOUR.dark);
    });
    await withPage({ colorScheme: "light" }, async (page) => {
      await page.goto("/");
      expect(await pageColour(page)).toBe(PAGE_COLOUR.light);
    });
  });

  it("switches with the header's toggle and remembers it: the server renders the chosen theme", async () => {
    await withPage({ colorScheme: "light" }, async (page, context) => {
      await page.goto("/models");
      await page.getByRole("button", { name: "Switch to dark theme" }).click();
      await expect.poll(() => pageColour(page)).toBe(PAGE_COLOUR.dark);
      expect((await themeCookie(context))?.value).toBe("dark");
      // The first byte of the next page already carries the theme: no flash of the other one.
      const html = await (await page.request.get("/models")).text();
      expect(html).toMatch(/<html[^>]*data-theme="dark"/);
      await page.reload();
      expect(await pageColour(page)).toBe(PAGE_COLOUR.dark);
      await page.getByRole("button", { name: "Switch to light theme" }).click();
      await expect.poll(() => pageColour(page)).toBe(PAGE_COLOUR.light);
      expect((await themeCookie(context))?.value).toBe("light");
    });
  });

  it("switches without JavaScript too (the toggle is a form) and comes back to the same page", async () => {
    await withPage({ colorScheme: "dark", javaScriptEnabled: false }, async (page, context) => {
      await page.goto("/camsites?sort=name");
      await page.getByRole("button", { name: "Switch to light theme" }).click();
      await page.waitForURL((url) => url.pathname === "/camsites" && url.search === "?sort=name");
      expect(await page.locator("html").getAttribute("data-theme")).toBe("light");
      expect(await pageColour(page)).toBe(PAGE_COLOUR.light);
      expect((await themeCookie(context))?.value).toBe("light");
    });
  });
});

describe("phone layout (390 px)", () => {
  it("opens the sections from the Menu button in a slide-over that closes on navigation and on Escape", async () => {
    await withPage({ viewport: PHONE }, async (page) => {
      await page.goto("/");
      await expect
        .poll(() => page.getByRole("navigation", { name: "Main", exact: true }).isVisible())
        .toBe(false);
      const menu = page.getByRole("dialog", { name: "Menu" });
      await page.getByRole("button", { name: "Menu" }).click();
      await expect.poll(() => menu.isVisible()).toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(() => menu.isVisible()).toBe(false);
      await page.getByRole("button", { name: "Menu" }).click();
      await menu.getByRole("link", { name: "Camsites" }).click();
      await page.waitForURL((url) => url.pathname === "/camsites");
      await expect.poll(() => menu.isVisible()).toBe(false);
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).textContent())
        .toBe("Camsites compared");
    });
  });

  it("opens the menu without JavaScript too", async () => {
    await withPage({ viewport: PHONE, javaScriptEnabled: false }, async (page) => {
      await page.goto("/models");
      await page.getByRole("button", { name: "Menu" }).click();
      await expect
        .poll(() =>
          page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Stats" }).isVisible(),
        )
        .toBe(true);
    });
  });

  it("puts the catalog filters in a slide-over whose buttons carry the result count", async () => {
    await withPage({ viewport: PHONE }, async (page) => {
      await page.goto("/models");
      const opener = page.getByRole("button", { name: /^Filters/ });
      const found = /· ([\d,]+) models?/.exec((await opener.textContent()) ?? "")?.[1];
      expect(found, "the Filters button shows the result count").toBeTruthy();
      const panel = page.getByRole("dialog", { name: "Filters" });
      expect(await panel.isVisible()).toBe(false);
      await opener.click();
      await expect.poll(() => panel.isVisible()).toBe(true);
      await expect
        .poll(() => panel.getByRole("button", { name: `Show ${found} models` }).isVisible())
        .toBe(true);
      // A camsite filter applies at once (with JavaScript): the panel stays open and its button counts anew.
      await panel.locator("summary", { hasText: "Camsites" }).click();
      await panel.getByRole("checkbox").first().check();
      await page.waitForURL((url) => url.searchParams.has("camsite"));
      await expect.poll(() => panel.isVisible()).toBe(true);
      await expect
        .poll(async () => (await panel.getByRole("button", { name: /^Show / }).textContent()) ?? "")
        .not.toBe(`Show ${found} models`);
      await panel.getByRole("button", { name: /^Show / }).click();
      await expect.poll(() => panel.isVisible()).toBe(false);
      await expect.poll(() => opener.textContent()).toMatch(/^Filters \(1\)/);
    });
  });

  it("shows the filters beside the list on a desktop, without a Filters button", async () => {
    await withPage({ viewport: DESKTOP }, async (page) => {
      await page.goto("/models");
      expect(await page.getByRole("button", { name: /^Filters/ }).isVisible()).toBe(false);
      expect(await page.getByLabel("Name or nickname", { exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: "Search", exact: true }).isVisible()).toBe(true);
    });
  });

  it("keeps every page within the screen: nothing is wider than 390 px", async () => {
    const wide: string[] = [];
    for (const theme of ["dark", "light"] as const)
      await withPage({ viewport: PHONE, theme }, async (page) => {
        for (const path of publicPaths()) {
          await page.goto(path);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          if (width > PHONE.width) wide.push(`${theme} ${path}: ${width}px`);
        }
      });
    expect(wide).toEqual([]);
  });

  it("leads the model page with her status, usual hours and nicknames above the fold", async () => {
    await withPage({ viewport: PHONE }, async (page) => {
      await page.goto(paths.model);
      const status = page.getByText(/^(Online now|Offline)/).first();
      const nicknames = page.getByRole("list", { name: "Her nicknames on camsites" });
      for (const part of [page.getByRole("heading", { level: 1 }), status, nicknames]) {
        const box = await part.boundingBox();
        expect(box, "visible").not.toBeNull();
        expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
      }
      // Her nicknames lead to this site's pages; the camsite itself is the secondary "Watch on …".
      const first = nicknames.getByRole("link").first();
      expect(await first.getAttribute("href")).toMatch(/^\/[a-z0-9-]+\/model\//);
    });
  });
});

function publicPaths(): string[] {
  return [
    "/",
    "/models",
    paths.model,
    "/camsites",
    paths.camsite,
    paths.nickname,
    "/stats",
    paths.statsNickname,
    "/login",
    "/register",
    "/about",
    "/models?query=zzzz-nobody",
  ];
}

describe("accessibility (axe, serious and critical)", () => {
  it("finds nothing on any public page kind, in both themes, on a phone and a desktop", async () => {
    const found: string[] = [];
    for (const theme of ["dark", "light"] as const)
      for (const viewport of [DESKTOP, PHONE])
        await withPage({ viewport, theme }, async (page) => {
          for (const path of publicPaths())
            found.push(
              ...(await seriousViolations(page, path)).map((v) => `${theme} ${viewport.width} ${v}`),
            );
        });
    expect(found).toEqual([]);
  }, 240_000);

  it("finds nothing on the account and admin pages, in both themes", async () => {
    const found: string[] = [];
    for (const theme of ["dark", "light"] as const)
      await withPage({ theme }, async (page, context) => {
        const login = await context.request.post(`${site.url}/api/login`, {
          data: DEMO_ADMIN,
          headers: { origin: site.url },
        });
        expect(login.status()).toBe(200);
        for (const path of [
          "/account",
          "/admin",
          "/admin/users",
          "/admin/models",
          "/admin/camsites",
          "/admin/settings",
          `${paths.model}/edit`,
        ])
          found.push(...(await seriousViolations(page, path)).map((v) => `${theme} ${v}`));
      });
    expect(found).toEqual([]);
  }, 180_000);

  it("lets admin tables scroll inside their frame on a phone instead of widening the page", async () => {
    await withPage({ viewport: PHONE }, async (page, context) => {
      await context.request.post(`${site.url}/api/login`, {
        data: DEMO_ADMIN,
        headers: { origin: site.url },
      });
      for (const path of ["/admin/users", "/admin/models", "/admin/camsites"]) {
        await page.goto(path);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
          PHONE.width,
        );
      }
    });
  });
});

describe.runIf(process.env.DESIGN_SCREENSHOTS)("screenshots (DESIGN_SCREENSHOTS=<folder>)", () => {
  it("photographs the main pages in both themes, on a desktop and a phone", async () => {
    const folder = path.resolve(process.env.DESIGN_SCREENSHOTS ?? "");
    await mkdir(folder, { recursive: true });
    const pages = {
      home: "/",
      models: "/models",
      model: paths.model,
      camsites: "/camsites",
      stats: "/stats",
    };
    for (const theme of ["dark", "light"] as const)
      for (const [device, viewport] of [
        ["desktop", DESKTOP],
        ["phone", PHONE],
      ] as const)
        await withPage({ viewport, theme }, async (page) => {
          for (const [name, address] of Object.entries(pages)) {
            await page.goto(address, { waitUntil: "networkidle" });
            await page.screenshot({ path: path.join(folder, `${name}-${device}-${theme}.png`) });
          }
        });
  }, 180_000);
});
