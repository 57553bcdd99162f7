import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN, passAgeGate, signIn } from "./support/accounts.ts";
import { seriousViolations } from "./support/axe.ts";
import { openPage } from "./support/browser.ts";
import type { Site } from "./support/site.ts";
import { useSiteAndBrowser } from "./support/site-and-browser.ts";

// Editorial posts end to end: an admin writes a blog post at the desk (cover uploaded with a progress bar, text in
// the rich editor) and schedules it for the next minute; visitors do not see it before its time and read it after;
// a visitor reads the reviews list and a review; the pages pass axe, fit a 390 px phone, render without JavaScript,
// and no public page loads the editor.

let site: Site;
let browser: Browser;
let workDir: string;
let coverFile: string;

useSiteAndBrowser((started, launched) => {
  site = started;
  browser = launched;
});

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "camatlas-posts-"));
  coverFile = path.join(workDir, "cover.png");
  execFileSync("ffmpeg", [
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    "testsrc=size=640x360",
    "-frames:v",
    "1",
    "-y",
    coverFile,
  ]);
});
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const TITLE = "Spring schedule changes on the big camsites";
const SLUG = "spring-schedule-changes-on-the-big-camsites";

/** The scripts a page loaded (its own and the chunks it imported). */
function scriptsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") urls.push(request.url());
  });
  return urls;
}

/** True when the page is not wider than the window (no sideways scrolling on a phone). */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

describe("posts", () => {
  it("an admin schedules a blog post at the desk; it appears at its time and a visitor reads it", async () => {
    const admin = await openPage(browser, { baseURL: site.url });
    let publishAt: Date;
    try {
      await passAgeGate(admin.context, site.url);
      await admin.page.goto("/login?redirect=/admin/posts");
      await signIn(admin.page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await admin.page.getByRole("heading", { name: "Posts", level: 1 }).waitFor();
      expect(await seriousViolations(admin.page, "/admin/posts")).toEqual([]);

      await admin.page.getByRole("link", { name: "New post" }).click();
      await admin.page.getByRole("heading", { name: "New post" }).waitFor();
      await admin.page.getByLabel("Kind").selectOption("blog");
      await admin.page.getByLabel("Title", { exact: true }).fill(TITLE);
      await admin.page
        .getByLabel("Teaser")
        .fill("Who moves to earlier shows this spring, and where to find them.");
      // The cover goes up at once, with its progress.
      await admin.page.getByLabel(/Choose an image/).setInputFiles(coverFile);
      const bar = admin.page.getByRole("progressbar");
      await expect.poll(() => bar.getAttribute("aria-valuenow"), { timeout: 30_000 }).toBe("100");
      await admin.page.getByText("Uploaded.").waitFor();
      // The rich editor replaces the plain field once loaded.
      await admin.page.getByRole("toolbar", { name: "Formatting" }).waitFor();
      const editor = admin.page.getByRole("textbox", { name: "Text" });
      await editor.click();
      await admin.page.keyboard.type("Several performers announced earlier shows.");
      await admin.page.getByRole("button", { name: "Bold" }).click();
      await admin.page.keyboard.type(" Check their new hours.");
      await admin.page.getByLabel("Tags").fill("Schedules, Camsites");
      await admin.page.getByRole("button", { name: "Save draft" }).click();
      await admin.page.waitForURL(/\/admin\/posts\/\d+$/);
      await admin.page.getByText("The post has been saved as a draft.").first().waitFor();
      expect(await seriousViolations(admin.page, new URL(admin.page.url()).pathname)).toEqual([]);

      // The preview (the post's own page) is the admin's alone while it is a draft.
      const preview = await admin.page.request.get(`/blog/${SLUG}`);
      expect(preview.status()).toBe(200);
      expect(await preview.text()).toContain("Draft: only admins can see this preview.");

      // Scheduled for a whole minute at least 30 s ahead (the desk's times are UTC).
      publishAt = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000);
      await admin.page.getByLabel("Publish at (UTC)").fill(publishAt.toISOString().slice(0, 16));
      await admin.page.getByRole("button", { name: "Schedule", exact: true }).click();
      await admin.page.getByText("The post has been scheduled.").first().waitFor();
      await admin.page.getByText("Scheduled", { exact: true }).first().waitFor();
    } finally {
      await admin.context.close();
    }

    const guest = await openPage(browser, { baseURL: site.url });
    try {
      await passAgeGate(guest.context, site.url);
      if (Date.now() < publishAt.getTime() - 3000) {
        const early = await guest.page.goto(`/blog/${SLUG}`);
        expect(early?.status()).toBe(404);
        await guest.page.goto("/blog");
        expect(await guest.page.getByRole("link", { name: TITLE }).count()).toBe(0);
      }
      let seenAt = 0;
      const deadline = publishAt.getTime() + 60_000;
      while (Date.now() < deadline) {
        await guest.page.goto("/blog");
        if ((await guest.page.getByRole("link", { name: TITLE }).count()) > 0) {
          seenAt = Date.now();
          break;
        }
        await guest.page.waitForTimeout(1000);
      }
      expect(seenAt, "the post reached /blog").toBeGreaterThan(0);
      expect(seenAt).toBeGreaterThanOrEqual(publishAt.getTime());
      console.info(
        `posts: publish_at → listed on /blog ${((seenAt - publishAt.getTime()) / 1000).toFixed(1)} s`,
      );

      // Posts' addresses load the whole page (spec §2): a plain link.
      await guest.page.getByRole("link", { name: TITLE }).click();
      await guest.page.waitForURL(`**/blog/${SLUG}`);
      await guest.page.getByRole("heading", { name: TITLE, level: 1 }).waitFor();
      const body = guest.page.locator("article .prose-page");
      expect(await body.innerText()).toContain("Several performers announced earlier shows.");
      expect(await body.locator("strong").innerText()).toContain("Check their new hours.");
      await guest.page.getByRole("link", { name: "#Schedules" }).waitFor();
      await guest.page.getByRole("link", { name: "Sign in to vote" }).waitFor();
      expect(await guest.page.locator("article img").first().getAttribute("src")).toMatch(/^\/media\//);
      expect(await seriousViolations(guest.page, `/blog/${SLUG}`)).toEqual([]);
    } finally {
      await guest.context.close();
    }

    // Its feed carries it.
    const rss = await (await fetch(`${site.url}/api/feeds/blog`)).text();
    expect(rss).toContain(`/blog/${SLUG}</link>`);
  }, 240_000);

  it("a visitor reads the reviews list and a review; on a phone, without JavaScript, and without the editor", async () => {
    const visitor = await openPage(browser, { baseURL: site.url });
    try {
      await passAgeGate(visitor.context, site.url);
      const scripts = scriptsOf(visitor.page);
      await visitor.page.setViewportSize({ width: 390, height: 844 });
      await visitor.page.goto("/reviews");
      await visitor.page.getByRole("heading", { name: "Reviews", level: 1 }).waitFor();
      const cards = visitor.page.locator("main article");
      expect(await cards.count()).toBeGreaterThanOrEqual(3);
      expect(await cards.count()).toBeLessThanOrEqual(6);
      expect(await fitsWidth(visitor.page)).toBe(true);
      expect(await seriousViolations(visitor.page, "/reviews")).toEqual([]);

      const first = cards.first().getByRole("link");
      const title = (await first.innerText()).trim();
      await first.click();
      await visitor.page.getByRole("heading", { name: title, level: 1 }).waitFor();
      const reviewPath = new URL(visitor.page.url()).pathname;
      expect(reviewPath).toMatch(/^\/reviews\/[a-z0-9-]+$/);
      // It names the model it is about, linking her profile.
      const about = visitor.page.getByRole("region", { name: /In this review/i });
      expect(await about.getByRole("link").first().getAttribute("href")).toMatch(/^\/models\//);
      expect(await fitsWidth(visitor.page)).toBe(true);
      expect(await seriousViolations(visitor.page, reviewPath)).toEqual([]);

      // Her profile's Reviews tab lists it, with its count.
      const modelPath = await about.getByRole("link").first().getAttribute("href");
      await visitor.page.goto(`${modelPath}?tab=reviews`);
      await visitor.page.getByRole("tab", { name: /^Reviews\s*1$/ }).waitFor();
      await visitor.page.locator("section:has(#model-reviews)").getByRole("link", { name: title }).waitFor();

      // The home page's reviews carousel and latest posts carry them too.
      await visitor.page.goto("/");
      await visitor.page.locator("section:has(#latest-reviews)").getByRole("link", { name: title }).waitFor();
      expect(await visitor.page.locator("section:has(#latest-posts) article").count()).toBe(3);

      expect(scripts.filter((url) => /rich-editor|tiptap|prosemirror/i.test(url))).toEqual([]);
    } finally {
      await visitor.context.close();
    }

    // Server-rendered: the list and a review read without JavaScript.
    const plain = await openPage(browser, { baseURL: site.url, javaScriptEnabled: false });
    try {
      await passAgeGate(plain.context, site.url);
      await plain.page.goto("/reviews");
      expect(await plain.page.locator("main article").count()).toBeGreaterThanOrEqual(3);
      await plain.page.locator("main article a").first().click();
      await plain.page.locator("article .prose-page h2").first().waitFor();
    } finally {
      await plain.context.close();
    }
  }, 180_000);
});
