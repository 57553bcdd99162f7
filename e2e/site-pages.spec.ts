import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN, passAgeGate } from "./support/accounts.ts";
import { seriousViolations } from "./support/axe.ts";
import type { Site } from "./support/site.ts";
import { useSiteAndBrowser } from "./support/site-and-browser.ts";

// Issue 21 "no broken promises": pages admins create are placed in the footer or the header menu from the page's
// admin form (a visitor finds them there, on a phone in the Menu slide-over too), and the Contact page's addresses
// come from the settings page.

let site: Site;
let browser: Browser;
useSiteAndBrowser((s, b) => {
  site = s;
  browser = b;
});

const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1280, height: 900 } as const;
const PRODUCT_NAME = process.env.PRODUCT_NAME || "CamAtlas";
const RUN = Date.now().toString(36);

async function withPage<T>(
  options: { viewport?: { width: number; height: number }; admin?: boolean },
  run: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({ baseURL: site.url, viewport: options.viewport ?? DESKTOP });
  await passAgeGate(context, site.url);
  if (options.admin) {
    const response = await context.request.post(`${site.url}/api/login`, {
      data: DEMO_ADMIN,
      headers: { origin: site.url },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  try {
    return await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

const snackbar = (page: Page) => page.getByTestId("snackbar").innerText();
const linkTexts = (page: Page, navigation: string) =>
  page.getByRole("navigation", { name: navigation, exact: true }).getByRole("link").allInnerTexts();

/** Creates a page through its admin form, linked from `place` at `order`, and checks the form reads it back. */
async function createPlacedPage(
  page: Page,
  fields: { title: string; slug: string; place: "Header menu" | "Footer" | "Not linked"; order: string },
  options: { published?: boolean } = {},
): Promise<void> {
  await page.goto("/admin/pages/new");
  await page.getByLabel("Title", { exact: true }).fill(fields.title);
  await page.getByLabel("Address", { exact: true }).fill(fields.slug);
  await page.getByLabel("Body (markdown)").fill(`## ${fields.title}\n\nWritten for the e2e run ${RUN}.`);
  await page.getByLabel("Link from", { exact: true }).selectOption({ label: fields.place });
  await page.getByLabel("Order", { exact: true }).fill(fields.order);
  if (options.published === false) await page.getByLabel("Published", { exact: true }).uncheck();
  await page.getByRole("button", { name: "Save page" }).click();
  await page.waitForURL(/\/admin\/pages\/\d+$/);
  await expect.poll(() => snackbar(page)).toContain("Page saved.");
  // The form reads back what was saved.
  expect(await page.getByLabel("Link from", { exact: true }).inputValue()).toBe(
    { "Header menu": "header", Footer: "footer", "Not linked": "none" }[fields.place],
  );
  expect(await page.getByLabel("Order", { exact: true }).inputValue()).toBe(fields.order);
}

describe("pages in the footer and the header menu", () => {
  const footerPage = {
    title: `Fan guide ${RUN}`,
    slug: `fan-guide-${RUN}`,
    place: "Footer",
    order: "15",
  } as const;
  const headerPage = {
    title: `Meetups ${RUN}`,
    slug: `meetups-${RUN}`,
    place: "Header menu",
    order: "5",
  } as const;
  const draftPage = {
    title: `Draft ${RUN}`,
    slug: `draft-${RUN}`,
    place: "Header menu",
    order: "1",
  } as const;

  it("an admin places one page in the footer and one in the header menu from the page form", async () => {
    await withPage({ admin: true }, async (page) => {
      await createPlacedPage(page, footerPage);
      await createPlacedPage(page, headerPage);
      await createPlacedPage(page, draftPage, { published: false });
      await page.goto("/admin/pages");
      const row = page.getByRole("row").filter({ hasText: headerPage.title });
      expect(await row.innerText()).toContain("Header menu (order 5)");
      expect(await seriousViolations(page, "/admin/pages/new")).toEqual([]);
    });
  });

  it("a visitor on a wide screen finds them in the footer (in their order) and the header's sections", async () => {
    await withPage({}, async (page) => {
      await page.goto("/models");
      const footer = await linkTexts(page, "Site");
      expect(footer).toEqual([
        `About ${PRODUCT_NAME}`,
        footerPage.title,
        "Terms of Service",
        "Privacy Policy",
        "DMCA and Copyright",
        "Contact",
      ]);
      const main = await linkTexts(page, "Main");
      expect(main.at(-1)).toBe(headerPage.title);
      // A draft is linked from nowhere.
      expect(main).not.toContain(draftPage.title);
      await page
        .getByRole("navigation", { name: "Site", exact: true })
        .getByRole("link", { name: footerPage.title })
        .click();
      await page.waitForURL((url) => url.pathname === `/${footerPage.slug}`);
      expect(await page.locator("article h1").innerText()).toBe(footerPage.title);
    });
  });

  it("a visitor on a 390 px phone finds the footer link and the header page in the Menu slide-over", async () => {
    await withPage({ viewport: PHONE }, async (page) => {
      await page.goto("/");
      const footerLink = page
        .getByRole("navigation", { name: "Site", exact: true })
        .getByRole("link", { name: footerPage.title });
      await footerLink.scrollIntoViewIfNeeded();
      expect(await footerLink.isVisible()).toBe(true);
      // The wide header row is hidden on a phone: the page is reached through the Menu button.
      expect(await page.getByRole("navigation", { name: "Main", exact: true }).isVisible()).toBe(false);
      await page.getByRole("button", { name: "Menu" }).click();
      const menu = page.getByRole("dialog", { name: "Menu" });
      await expect.poll(() => menu.isVisible()).toBe(true);
      const menuLinks = await menu.getByRole("link").allInnerTexts();
      expect(menuLinks).toContain(headerPage.title);
      expect(menuLinks).not.toContain(draftPage.title);
      await menu.getByRole("link", { name: headerPage.title }).click();
      await page.waitForURL((url) => url.pathname === `/${headerPage.slug}`);
      await expect.poll(() => menu.isVisible()).toBe(false);
      expect(await page.locator("article h1").innerText()).toBe(headerPage.title);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(PHONE.width);
    });
  });

  it("a page taken out of the footer is no longer linked", async () => {
    await withPage({ admin: true }, async (page) => {
      await page.goto("/admin/pages");
      await page.getByRole("main").getByRole("link", { name: footerPage.title, exact: true }).click();
      await page.waitForURL(/\/admin\/pages\/\d+$/);
      await page.getByLabel("Link from", { exact: true }).selectOption({ label: "Not linked" });
      await page.getByRole("button", { name: "Save page" }).click();
      await expect.poll(() => snackbar(page)).toContain("Page saved.");
    });
    await withPage({}, async (page) => {
      await page.goto("/");
      expect(await linkTexts(page, "Site")).not.toContain(footerPage.title);
      expect(await linkTexts(page, "Main")).toContain(headerPage.title);
    });
  });
});

describe("the Contact page's addresses", () => {
  const press = `press-${RUN}@example.org`;
  const contactSection = (page: Page) => page.getByRole("region", { name: "Contact addresses" });

  it("shows the addresses an admin sets on the settings page, and leaves out the empty ones", async () => {
    await withPage({ admin: true }, async (page) => {
      await page.goto("/admin/settings");
      const section = contactSection(page);
      await section.getByLabel("Press", { exact: true }).fill(press);
      await section.getByLabel("Privacy requests (access, correction, deletion)", { exact: true }).fill("");
      await section.getByRole("button", { name: "Save contact addresses" }).click();
      await expect.poll(() => snackbar(page)).toContain("Settings successfully saved.");
    });
    await withPage({ viewport: PHONE }, async (page) => {
      await page.goto("/contact");
      const addresses = page.getByRole("region", { name: "Email" });
      const link = addresses.getByRole("link", { name: press });
      expect(await link.getAttribute("href")).toBe(`mailto:${press}`);
      const text = await addresses.innerText();
      expect(text).toContain("Press");
      expect(text).toContain("General questions and account help");
      expect(text).not.toContain("Privacy requests");
      expect(await seriousViolations(page, "/contact")).toEqual([]);
    });
  });

  it("has no addresses section once every address is cleared", async () => {
    await withPage({ admin: true }, async (page) => {
      await page.goto("/admin/settings");
      const section = contactSection(page);
      for (const field of await section.getByRole("textbox").all()) await field.fill("");
      await section.getByRole("button", { name: "Save contact addresses" }).click();
      await expect.poll(() => snackbar(page)).toContain("Settings successfully saved.");
    });
    await withPage({}, async (page) => {
      await page.goto("/contact");
      expect(await page.locator("article h1").innerText()).toBe("Contact");
      expect(await page.getByRole("region", { name: "Email" }).count()).toBe(0);
      expect(await page.locator("a[href^='mailto:']").count()).toBe(0);
    });
  });
});
