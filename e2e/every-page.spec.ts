import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN, passAgeGate } from "./support/accounts.ts";
import type { Site } from "./support/site.ts";
import { useSiteAndBrowser } from "./support/site-and-browser.ts";

// Issue 21 "every page checked": one of each page kind of app/routes.ts, opened by the role that reaches it, on a
// desktop (1280 × 800) and a phone (390 × 844) in the dark theme, and once more in the light one. Each page must
// load without a console error, stay within the phone's width (nothing scrolls the page sideways) and have no axe
// violation at all. One site start for the whole file; the pages of a role share one signed-in browser context.

let site: Site;
let browser: Browser;
useSiteAndBrowser((s, b) => {
  site = s;
  browser = b;
});

const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1280, height: 800 } as const;

type Role = "guest" | "camfan" | "camgirl" | "admin";
type Viewport = typeof PHONE | typeof DESKTOP;
type Theme = "dark" | "light";

/** The demo accounts the seed creates (README). */
const ACCOUNTS: Record<Exclude<Role, "guest">, { email: string; password: string }> = {
  camfan: { email: "fan@camatlas.test", password: "camfan-demo-pass" },
  camgirl: { email: "camgirl@camatlas.test", password: "camgirl-demo-pass" },
  admin: DEMO_ADMIN,
};

/** Pages that answer 404 on purpose. */
const NOT_FOUND = new Set(["/no-such-page-anywhere"]);

/** The page kinds each role visits, filled from the demo data by beforeAll. */
let pagesOf: Record<Role, string[]>;

async function openAs(role: Role, viewport: Viewport, theme: Theme): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: site.url, viewport, colorScheme: "dark" });
  await passAgeGate(context, site.url);
  await context.addCookies([{ name: "theme", value: theme, url: site.url }]);
  if (role !== "guest") {
    const login = await context.request.post(`${site.url}/api/login`, {
      data: ACCOUNTS[role],
      headers: { origin: site.url },
    });
    if (login.status() !== 200) throw new Error(`login as ${role}: ${login.status()}`);
  }
  return context;
}

/** The first link on `path` (as `role` sees it) whose address matches `pattern`. */
async function firstLink(context: BrowserContext, path: string, pattern: RegExp): Promise<string> {
  const html = await (await context.request.get(path)).text();
  for (const match of html.matchAll(/href="([^"]+)"/g)) {
    const href = match[1]!.replaceAll("&amp;", "&");
    if (pattern.test(href)) return href;
  }
  throw new Error(`no link matching ${pattern} on ${path}`);
}

beforeAll(async () => {
  const guest = await openAs("guest", DESKTOP, "dark");
  const admin = await openAs("admin", DESKTOP, "dark");
  try {
    const model = await firstLink(guest, "/models", /^\/models\/[a-z0-9-]+$/);
    const nickname = await firstLink(guest, model, /^\/[a-z0-9-]+\/model\/[^/?]+$/);
    const statsNickname = await firstLink(guest, "/stats", /^\/stats\/[a-z0-9-]+\/[^/?]+$/);
    const topic = await firstLink(guest, "/forum", /^\/forum\/[a-z0-9-]+\/[a-z0-9-]+$/);
    const reviews = (await (await guest.request.get("/api/user-reviews?per_page=1")).json()) as {
      data: Array<{ id: number }>;
    };
    const userReview = `/user-reviews/${reviews.data[0]?.id ?? 1}`;
    const modelTabs = [
      "stats",
      "camsites",
      "tags",
      "links",
      "reviews",
      "user-reviews",
      "discussions",
      "comments",
      "girls-like-her",
      "stories",
    ].map((tab) => `${model}?tab=${tab}`);
    const statsTabs = ["statistics", "badges", "snapshots", "nicknames", "comments"].map(
      (tab) => `${statsNickname}?tab=${tab}`,
    );
    pagesOf = {
      guest: [
        "/",
        "/models",
        "/models?query=zzzz-nobody",
        model,
        ...modelTabs,
        "/camsites",
        await firstLink(guest, "/camsites", /^\/camsites\/[a-z0-9-]+$/),
        nickname,
        "/stats",
        statsNickname,
        ...statsTabs,
        "/search?query=anna",
        "/search/ai?query=blonde+online+now",
        "/reviews",
        await firstLink(guest, "/reviews", /^\/reviews\/[a-z0-9-]+$/),
        userReview,
        "/blog",
        await firstLink(guest, "/blog", /^\/blog\/[a-z0-9-]+$/),
        "/news",
        await firstLink(guest, "/news", /^\/news\/[a-z0-9-]+$/),
        "/forum",
        topic.split("/").slice(0, 3).join("/"),
        topic,
        "/users/camfan",
        "/login",
        "/register",
        "/auth/forgot-password",
        "/auth/restore-password?token=not-a-real-token",
        "/alerts/unsubscribe?token=not-a-real-token",
        "/about",
        "/contact",
        "/no-such-page-anywhere",
      ],
      camfan: [
        "/account",
        "/following",
        "/following/alerts",
        "/forum/new",
        "/models/new",
        `${model}/edit`,
        `${model}/write-review`,
        "/users/camfan",
      ],
      camgirl: ["/account", `${model}/verify`, "/users/camgirl"],
      admin: [
        "/admin",
        "/admin/users",
        "/admin/settings",
        "/admin/pages",
        "/admin/pages/new",
        await firstLink(admin, "/admin/pages", /^\/admin\/pages\/\d+$/),
        "/admin/featured-models",
        "/admin/adblock",
        "/admin/revisions",
        "/admin/nickname-removals",
        "/admin/new-models",
        "/admin/verification-requests",
        "/admin/reports",
        "/admin/stories",
        "/admin/user-reviews",
        "/admin/comments",
        "/admin/forum",
        "/admin/models",
        await firstLink(admin, "/admin/models", /^\/admin\/models\/\d+$/),
        "/admin/camsites",
        await firstLink(admin, "/admin/camsites", /^\/admin\/camsites\/\d+$/),
        "/admin/collectors",
        "/admin/video-jobs",
        "/admin/posts",
        "/admin/posts/new",
        await firstLink(admin, "/admin/posts", /^\/admin\/posts\/\d+$/),
        // Not `${userReview}/edit`: only its author edits a review (a 404 to anyone else, admins moderate it in
        // /admin/user-reviews), and its form is the write page's, visited by the camfan.
      ],
    };
  } finally {
    await guest.close();
    await admin.close();
  }
}, 120_000);

/** Opens every page of `role` in one context and lists what is wrong on each (none: []). */
async function problemsOf(role: Role, viewport: Viewport, theme: Theme): Promise<string[]> {
  const context = await openAs(role, viewport, theme);
  const page = await context.newPage();
  const problems: string[] = [];
  let current = "";
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  // The console says only "Failed to load resource": name the address instead.
  page.on("response", (response) => {
    if (response.status() >= 400 && response.request().resourceType() !== "document")
      consoleErrors.push(`${response.status()} ${response.url()}`);
  });
  try {
    for (const path of pagesOf[role]) {
      current = `${role} ${viewport.width}px ${theme} ${path}`;
      consoleErrors.length = 0;
      const before = problems.length;
      // The document is enough: axe runs next, long enough for the page to hydrate and show any error.
      const response = await page.goto(path, { waitUntil: "domcontentloaded" });
      const status = response?.status() ?? 0;
      if (status >= 400 && !(NOT_FOUND.has(path) && status === 404))
        problems.push(`${current}: status ${status}`);
      problems.push(...(await axeProblems(page)).map((line) => `${current}: ${line}`));
      if (viewport === PHONE) {
        const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
        if (width > PHONE.width) problems.push(`${current}: ${width}px wide${await widest(page)}`);
      }
      const errors = consoleErrors.filter((text) => !/^Failed to load resource/.test(text));
      problems.push(...errors.map((text) => `${current}: console error ${text.slice(0, 300)}`));
      // Each finding as it comes too: a run that times out still says what it found.
      for (const problem of problems.slice(before)) console.warn(problem);
    }
  } catch (error) {
    problems.push(`${current}: ${(error as Error).message.split("\n")[0]}`);
  } finally {
    await context.close();
  }
  return problems;
}

/** Every axe violation (any impact) as `rule (impact): targets`. */
async function axeProblems(page: Page): Promise<string[]> {
  // Legacy mode runs axe once inside the page (see support/axe.ts): the same findings, 2–3× faster.
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return violations.map(
    (v) =>
      `axe ${v.id} (${v.impact ?? "?"}): ${v.nodes
        .slice(0, 4)
        .map((n) => n.target.join(" "))
        .join(", ")}`,
  );
}

/** Names the element that sticks out furthest to the right, to say what widens an overflowing page. */
function widest(page: Page): Promise<string> {
  return page.evaluate(() => {
    let worst: Element | null = null;
    let right = window.innerWidth;
    for (const element of document.body.querySelectorAll("*")) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > right) {
        right = box.right;
        worst = element;
      }
    }
    if (!worst) return "";
    const id = worst.id ? `#${worst.id}` : "";
    const classes =
      typeof worst.className === "string" ? `.${worst.className.split(/\s+/).slice(0, 4).join(".")}` : "";
    return ` (widest: ${worst.tagName.toLowerCase()}${id}${classes} to ${Math.round(right)}px)`;
  });
}

const ROLES: Role[] = ["guest", "camfan", "camgirl", "admin"];

// Skipped in the suite: about 250 page visits with axe (5 minutes on an idle 2-core machine, far more on a busy one)
// on top of a CI run that already takes most of its budget. Run it on purpose with EVERY_PAGE=1; its last full run
// (2026-12-07) found two issues, both fixed: a heading level skipped on a camsite's page, and links told apart from
// their sentence by colour only on a stats page's nicknames tab.
describe.skipIf(!process.env.EVERY_PAGE)(
  "every page kind: no console error, no sideways scroll on a phone, no axe violation",
  () => {
    for (const role of ROLES)
      for (const [device, viewport] of [
        ["a desktop", DESKTOP],
        ["a phone", PHONE],
      ] as const)
        it(`as ${role}, dark, on ${device}`, async () => {
          expect(await problemsOf(role, viewport, "dark")).toEqual([]);
        }, 600_000);

    for (const role of ROLES)
      it(`as ${role}, light, on a phone`, async () => {
        expect(await problemsOf(role, PHONE, "light")).toEqual([]);
      }, 600_000);
  },
);

describe("header, menu and theme at both widths (design.spec covers the phone's menu and filters in depth)", () => {
  it("shows the sections in the header on a desktop and behind the Menu button on a phone", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await openAs("guest", viewport, "dark");
      try {
        const page = await context.newPage();
        await page.goto("/models");
        const phone = viewport === PHONE;
        const main = page.getByRole("navigation", { name: "Main", exact: true });
        expect(await main.isVisible(), `${viewport.width}px: sections in the header`).toBe(!phone);
        const menuButton = page.getByRole("button", { name: "Menu", exact: true });
        expect(await menuButton.isVisible(), `${viewport.width}px: Menu button`).toBe(phone);
        const filters = page.getByRole("button", { name: /^Filters/ });
        expect(await filters.isVisible(), `${viewport.width}px: Filters button`).toBe(phone);
        if (phone) {
          await menuButton.click();
          const menu = page.getByRole("dialog", { name: "Menu" });
          await expect.poll(() => menu.isVisible()).toBe(true);
          expect(await menu.getByRole("link", { name: "Forum" }).isVisible()).toBe(true);
        }
      } finally {
        await context.close();
      }
    }
  });

  it("switches the theme from the header on a phone as on a desktop, and keeps it on the next page", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await openAs("guest", viewport, "dark");
      try {
        const page = await context.newPage();
        await page.goto("/");
        const pageColour = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        const dark = await pageColour();
        await page.getByRole("button", { name: "Switch to light theme" }).click();
        await expect.poll(pageColour, { message: `${viewport.width}px` }).not.toBe(dark);
        await page.goto("/camsites");
        expect(await page.locator("html").getAttribute("data-theme")).toBe("light");
        expect(await page.getByRole("button", { name: "Switch to dark theme" }).isVisible()).toBe(true);
      } finally {
        await context.close();
      }
    }
  });
});
