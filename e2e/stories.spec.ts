import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passAgeGate, signIn } from "./support/accounts.ts";
import { seriousViolations } from "./support/axe.ts";
import { launchBrowser, openPage } from "./support/browser.ts";
import { type Site, startSite } from "./support/site.ts";

// Stories end to end: the demo camgirl uploads a video in her composer (a progress bar to 100 %), schedules it for
// the next minute; it is not in the home rail before its time and appears there once publish_at has passed and the
// video is processed; a guest opens it (full-screen viewer) and its ring changes to seen, also after a reload. Then
// the site restarts on the same data with its test clock a day ahead (CLOCK_OFFSET_SECONDS, refused in production):
// the story has archived — off the rail, a highlight on her Stories tab.

const CAMGIRL = { email: "camgirl@camatlas.test", password: "camgirl-demo-pass" };

let site: Site;
let browser: Browser;
let workDir: string;
let dataDir: string;
let clip: string;

beforeAll(async () => {
  // Its own data folder: the site is started again on it a day later.
  dataDir = await mkdtemp(path.join(tmpdir(), "camatlas-stories-site-"));
  [site, browser] = await Promise.all([startSite({ dataDir, timeoutMs: 300_000 }), launchBrowser()]);
  workDir = await mkdtemp(path.join(tmpdir(), "camatlas-stories-"));
  clip = path.join(workDir, "story-clip.mp4");
  // Two seconds of a test picture, portrait, as a phone would record a story.
  execFileSync("ffmpeg", [
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    "testsrc=size=240x426:rate=15",
    "-t",
    "2",
    "-pix_fmt",
    "yuv420p",
    "-y",
    clip,
  ]);
}, 320_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function api(pathname: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${site.url}/api${pathname}`, {
    method: init.method ?? "GET",
    headers: {
      accept: "application/json",
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  expect(res.status, `${init.method ?? "GET"} ${pathname}`).toBeLessThan(300);
  return res.json();
}

/** The rail's circle of a model on the page, or null. */
async function railItem(page: Page, slug: string) {
  const item = page.locator(`[data-testid="story-rail"] li[data-model="${slug}"]`);
  return (await item.count()) > 0 ? item : null;
}

describe("stories", () => {
  it("a scheduled video story shows at its time in the rail, a guest views it and its ring changes", async () => {
    const { token } = await api("/login", {
      method: "POST",
      body: { email: CAMGIRL.email, password: CAMGIRL.password },
    });
    const profile = await api("/profile?with[]=models", { token });
    const model = profile.models[0] as { id: number; slug: string; name: string };
    expect(model).toBeDefined();

    // She schedules it in her composer.
    const owner = await openPage(browser, { baseURL: site.url });
    let publishAt: Date;
    try {
      await passAgeGate(owner.context, site.url);
      await owner.page.goto("/login");
      await signIn(owner.page, CAMGIRL.email, CAMGIRL.password);
      await owner.page.goto(`/models/${model.slug}?tab=stories`);
      const composer = owner.page.getByRole("form", { name: "New story" });
      // The tab's code loads with the tab: a file set on the server's markup before it runs would start nothing.
      await owner.page.locator("form[data-hydrated]").waitFor();
      await composer.getByLabel("Image or video").setInputFiles(clip);
      const bar = composer.getByRole("progressbar");
      await bar.waitFor();
      await expect.poll(() => bar.getAttribute("aria-valuenow"), { timeout: 30_000 }).toBe("100");
      await composer.getByText("Uploaded.").waitFor();
      await composer.locator("video").waitFor();

      // A whole minute at least 30 s ahead, in the browser's time zone (a datetime-local has minutes).
      publishAt = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000);
      const local = await owner.page.evaluate((time) => {
        const date = new Date(time);
        return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
      }, publishAt.getTime());
      await composer.getByLabel("Goes live").fill(local);
      await composer.getByRole("button", { name: "Schedule story" }).click();
      await owner.page.getByText("The story has been scheduled.").waitFor();
      await owner.page.locator('[data-story-state="unpublished"]').first().waitFor();
      expect(await seriousViolations(owner.page, `/models/${model.slug}?tab=stories`)).toEqual([]);
    } finally {
      await owner.context.close();
    }

    // A guest: not in the rail before its time; there once publish_at has passed (and the video is processed).
    const guest = await openPage(browser, { baseURL: site.url });
    try {
      await passAgeGate(guest.context, site.url);
      // A phone: the rail and the viewer must work at 390 px.
      await guest.page.setViewportSize({ width: 390, height: 844 });
      if (Date.now() < publishAt.getTime() - 3000) {
        await guest.page.goto("/");
        expect(await railItem(guest.page, model.slug)).toBeNull();
      }
      let seenAt = 0;
      const deadline = publishAt.getTime() + 120_000;
      while (Date.now() < deadline) {
        await guest.page.goto("/");
        if (await railItem(guest.page, model.slug)) {
          seenAt = Date.now();
          break;
        }
        await guest.page.waitForTimeout(1000);
      }
      expect(seenAt, "the story reached the home rail").toBeGreaterThan(0);
      expect(seenAt).toBeGreaterThanOrEqual(publishAt.getTime());
      console.info(
        `stories: publish_at → visible in the home rail ${((seenAt - publishAt.getTime()) / 1000).toFixed(1)} s`,
      );

      const item = (await railItem(guest.page, model.slug))!;
      expect(await item.getAttribute("data-viewed")).toBe("false");
      expect(await seriousViolations(guest.page, "/")).toEqual([]);
      if (process.env.STORIES_SCREENSHOTS)
        await guest.page.screenshot({
          path: path.join(process.env.STORIES_SCREENSHOTS, "home-rail-390.png"),
        });

      // The viewer: full screen, a progress bar per story, the video playing; Escape closes it.
      await (await railItem(guest.page, model.slug))!.locator("a").click();
      const viewer = guest.page.getByRole("dialog", { name: `Stories of ${model.name}` });
      await viewer.waitFor();
      await viewer.locator("video").waitFor();
      await viewer.getByRole("button", { name: "Sound on" }).click();
      await viewer.getByRole("button", { name: "Sound off" }).waitFor();
      await viewer.getByRole("button", { name: "Pause" }).click();
      await viewer.getByRole("button", { name: "Play" }).waitFor();
      if (process.env.STORIES_SCREENSHOTS)
        await guest.page.screenshot({ path: path.join(process.env.STORIES_SCREENSHOTS, "viewer-390.png") });
      await guest.page.keyboard.press("Escape");
      await viewer.waitFor({ state: "detached" });
      await expect
        .poll(async () => (await railItem(guest.page, model.slug))?.getAttribute("data-viewed"))
        .toBe("true");

      // This browser remembers it (its cookie), also on a page the guest cache shares.
      await guest.page.goto("/");
      await expect
        .poll(async () => (await railItem(guest.page, model.slug))?.getAttribute("data-viewed"))
        .toBe("true");
    } finally {
      await guest.context.close();
    }

    // Admins see every story on /admin/stories.
    const admin = await openPage(browser, { baseURL: site.url });
    try {
      await passAgeGate(admin.context, site.url);
      await admin.page.goto("/login");
      await signIn(admin.page, "admin@camatlas.test", "admin-demo-pass");
      await admin.page.goto("/admin/stories");
      const row = admin.page.getByRole("row", { name: new RegExp(model.name) }).first();
      await row.getByText("Live").waitFor();
      expect(await seriousViolations(admin.page, "/admin/stories")).toEqual([]);

      // A live story has its own comment thread under the Stories tab.
      await admin.page.goto(`/models/${model.slug}?tab=stories`);
      await admin.page
        .getByRole("link", { name: /^Comments on the story of/ })
        .first()
        .click();
      const thread = admin.page.locator("#comments");
      await thread.getByRole("heading", { name: /^Comments on the story of/ }).waitFor();
      // The thread's code loads with it: its image picker shows once the form runs in the browser.
      await thread
        .getByText(/^Attach images/)
        .first()
        .waitFor();
      await thread.getByLabel("Write a comment").fill("Lovely story, see you tonight.");
      await thread.getByRole("button", { name: "Post comment" }).click();
      await thread.locator("p", { hasText: "Lovely story, see you tonight." }).waitFor();
    } finally {
      await admin.context.close();
    }

    // Another visitor has not seen it.
    const other = await openPage(browser, { baseURL: site.url });
    try {
      await passAgeGate(other.context, site.url);
      await other.page.goto("/");
      expect(await (await railItem(other.page, model.slug))?.getAttribute("data-viewed")).toBe("false");
    } finally {
      await other.context.close();
    }

    // A day later: the same data, the site's test clock 24 h and 2 min ahead (archive is 24 h after publish_at).
    const mine = await api(`/stories?model_id=${model.id}&show_unpublished=1`, { token });
    const storyId = (mine.data as { id: number }[])[0]!.id;
    await site.stop();
    site = await startSite({
      dataDir,
      env: { CLOCK_OFFSET_SECONDS: String(24 * 3600 + 120) },
      timeoutMs: 200_000,
    });
    const later = await openPage(browser, { baseURL: site.url });
    try {
      await passAgeGate(later.context, site.url);
      await later.page.setViewportSize({ width: 390, height: 844 });
      await later.page.goto("/");
      await later.page.locator("main").first().waitFor();
      expect(await railItem(later.page, model.slug), "an archived story leaves the rail").toBeNull();

      // Still on her Stories tab, as a highlight that plays in the viewer.
      await later.page.goto(`/models/${model.slug}?tab=stories`);
      const highlight = later.page.locator(`li[data-story-id="${storyId}"]`);
      await highlight.waitFor();
      expect(await highlight.getAttribute("data-story-state")).toBe("archived");
      await highlight.getByText("Highlight").waitFor();
      // The viewer needs the page running: its buttons wait for hydration (a click before it would do nothing).
      await later.page.locator("ul[data-hydrated]").filter({ has: highlight }).waitFor();
      await highlight.getByRole("button").click();
      const viewer = later.page.getByRole("dialog", { name: `Stories of ${model.name}` });
      await viewer.locator("video").waitFor();
      await later.page.keyboard.press("Escape");
      await viewer.waitFor({ state: "detached" });
      if (process.env.STORIES_SCREENSHOTS)
        await later.page.screenshot({
          path: path.join(process.env.STORIES_SCREENSHOTS, "highlights-390.png"),
        });
      expect(await seriousViolations(later.page, `/models/${model.slug}?tab=stories`)).toEqual([]);
    } finally {
      await later.context.close();
    }
  }, 600_000);
});
