import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { SUCCESS_MESSAGES, USER_REVIEW_MESSAGES } from "@camatlas/shared";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN, passAgeGate, registerThroughApi, signIn, uniqueUser } from "./support/accounts.ts";
import { seriousViolations } from "./support/axe.ts";
import { openPage } from "./support/browser.ts";
import type { Site } from "./support/site.ts";
import { useSiteAndBrowser } from "./support/site-and-browser.ts";

// User reviews end to end: a camfan writes a 500-word review of the demo camgirl's model in the browser (the draft
// survives a reload, the word count and the video length it unlocks update live), uploads a photo and a short video
// with progress bars and sees the video's processing status; an admin approves it in the queue; a visitor reads it
// on the model's User Reviews tab and its page; the bound camgirl hides it, and it is gone for the visitor.

const CAMGIRL = { email: "camgirl@camatlas.test", password: "camgirl-demo-pass" };
const PHONE = { width: 390, height: 844 };

let site: Site;
let browser: Browser;
let workDir: string;
let photo: string;
let clip: string;

useSiteAndBrowser((started, launched) => {
  site = started;
  browser = launched;
});

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "camatlas-user-reviews-"));
  photo = path.join(workDir, "room.png");
  clip = path.join(workDir, "show.webm");
  const ffmpeg = (args: string[]) => execFileSync("ffmpeg", ["-loglevel", "error", ...args, "-y"]);
  ffmpeg(["-f", "lavfi", "-i", "testsrc=size=320x240", "-frames:v", "1", photo]);
  // Three seconds: well under the 60 s a 500-word review allows.
  ffmpeg(["-f", "lavfi", "-i", "testsrc=size=320x240:rate=15", "-t", "3", "-c:v", "libvpx", clip]);
});
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

async function apiToken(email: string, password: string): Promise<string> {
  const res = await fetch(`${site.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** The demo camgirl's model: the one a review's bound camgirl may hide. */
async function camgirlsModel(): Promise<{ slug: string; name: string }> {
  const token = await apiToken(CAMGIRL.email, CAMGIRL.password);
  const res = await fetch(`${site.url}/api/profile?with[]=models`, {
    headers: { authorization: `Bearer ${token}`, accept: "application/json" },
  });
  const profile = (await res.json()) as { models: { slug: string; name: string }[] };
  return profile.models[0]!;
}

/** A page signed in through the real form (or a guest's), past the age gate. */
async function pageAs(
  user: { email: string; password: string } | null,
  viewport = { width: 1280, height: 900 },
) {
  const { context, page } = await openPage(browser, { baseURL: site.url });
  await page.setViewportSize(viewport);
  await passAgeGate(context, site.url);
  if (user) {
    await page.goto("/login");
    await signIn(page, user.email, user.password);
  }
  return { context, page };
}

const words = (count: number) =>
  Array.from({ length: count }, (_, i) => ["She", "chats", "warmly", "and", "<b>plays</b>"][i % 5]).join(" ");

async function snackbar(page: Page, text: string) {
  await page.getByRole("status").filter({ hasText: text }).first().waitFor({ timeout: 15_000 });
}

/** Nothing wider than the phone's screen. */
async function fitsPhone(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
}

describe("user reviews", () => {
  it("a camfan writes one with a photo and a video, an admin approves it, a visitor reads it, the camgirl hides it", async () => {
    const model = await camgirlsModel();
    const fan = uniqueUser("reviewer");
    await registerThroughApi(site.url, fan);
    const title = `A night in her room ${fan.nickName}`;

    // The camfan, on a phone.
    const writer = await pageAs(fan, PHONE);
    const page = writer.page;
    await page.goto(`/models/${model.slug}?tab=user-reviews`);
    await page.getByRole("link", { name: "Write a review" }).click();
    await page.waitForURL(`**/models/${model.slug}/write-review`);
    expect(await seriousViolations(page, `/models/${model.slug}/write-review`)).toEqual([]);

    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Your review").fill(words(499));
    await page.getByText("499 words · 1 more to publish").waitFor();
    await page.getByLabel("Your review").fill(words(500));
    await page.getByText("500 words · a video of up to 60 seconds").waitFor();
    // The draft is kept in this browser: a reload brings it back.
    await page.waitForTimeout(800);
    await page.reload();
    await page.getByText("Your draft from this browser was restored.").waitFor();
    expect(await page.getByLabel("Your review").inputValue()).toBe(words(500));
    expect(await page.getByLabel("Title").inputValue()).toBe(title);

    await page.locator("input[name=nickname_ids]").first().check();
    await page.getByLabel("5 – Excellent").check();
    await page.getByLabel("Photos", { exact: true }).setInputFiles(photo);
    await page.getByRole("progressbar", { name: /Photo upload/ }).waitFor();
    await page
      .locator("input[type=hidden][name=image_media_ids]")
      .waitFor({ state: "attached", timeout: 30_000 });
    await page.getByLabel("Video", { exact: true }).setInputFiles(clip);
    await page.getByRole("progressbar", { name: /Video upload/ }).waitFor();
    // Uploaded, then the processing status polled every 5 s until the worker is done.
    await page.getByTestId("video-status").waitFor({ timeout: 60_000 });
    await page
      .getByTestId("video-status")
      .filter({ hasText: SUCCESS_MESSAGES.videoProcessed })
      .waitFor({ timeout: 120_000 });
    await page.getByText(/Length 3 s — fits the 60 s limit/).waitFor();
    expect(await fitsPhone(page)).toBe(true);

    await page.getByRole("button", { name: "Send for approval" }).click();
    await page.waitForURL(/\/user-reviews\/\d+$/);
    await snackbar(page, SUCCESS_MESSAGES.reviewCreated);
    const reviewPath = new URL(page.url()).pathname;
    await page.getByText("Waiting for approval").first().waitFor();
    // Its text shows as text: the tags typed stay visible, nothing is made bold.
    expect(await page.locator("article p", { hasText: "<b>plays</b>" }).count()).toBeGreaterThan(0);
    expect(await page.locator("article b").count()).toBe(0);
    expect(await fitsPhone(page)).toBe(true);
    // My reviews on the account page says where it stands.
    await page.goto("/account#my-reviews");
    await page.locator("#my-reviews").getByText(title).waitFor();
    await page.locator("#my-reviews").getByText("Waiting for approval").waitFor();

    // A visitor does not see it yet.
    const visitor = await pageAs(null);
    const pending = await visitor.page.goto(reviewPath);
    expect(pending?.status()).toBe(404);

    // The admin approves it in the queue.
    const admin = await pageAs(DEMO_ADMIN);
    await admin.page.goto("/admin/user-reviews");
    const item = admin.page.getByRole("listitem", { name: new RegExp(title) });
    await item.getByText(words(40).slice(0, 60)).first().waitFor();
    await item.getByText("The author's removed reviews: 0 of 3").waitFor();
    expect(await seriousViolations(admin.page, "/admin/user-reviews")).toEqual([]);
    await admin.page
      .getByRole("listitem", { name: new RegExp(title) })
      .getByRole("button", { name: "Approve", exact: true })
      .click();
    await snackbar(admin.page, SUCCESS_MESSAGES.reviewConfirmed);

    // The visitor reads it on the model's page and its own page.
    await visitor.page.goto(`/models/${model.slug}?tab=user-reviews`);
    await visitor.page.getByRole("link", { name: title }).click();
    await visitor.page.waitForURL(`**${reviewPath}`);
    await visitor.page.getByRole("heading", { level: 1, name: title }).waitFor();
    expect(await visitor.page.locator("article video").count()).toBe(1);
    expect(await visitor.page.locator("article img").count()).toBe(1);
    expect(await seriousViolations(visitor.page, reviewPath)).toEqual([]);
    expect(await seriousViolations(visitor.page, `/models/${model.slug}?tab=user-reviews`)).toEqual([]);

    // The bound camgirl hides it from her page.
    const camgirl = await pageAs(CAMGIRL);
    await camgirl.page.goto(reviewPath);
    await camgirl.page.getByRole("button", { name: "Hide from my page" }).click();
    await snackbar(camgirl.page, USER_REVIEW_MESSAGES.hidden);

    const hidden = await visitor.page.goto(reviewPath);
    expect(hidden?.status()).toBe(404);
    await visitor.page.goto(`/models/${model.slug}?tab=user-reviews`);
    expect(await visitor.page.getByRole("link", { name: title }).count()).toBe(0);
    // Its author still sees it, marked.
    await page.goto(reviewPath);
    await page.getByText("Hidden by the model").first().waitFor();

    for (const opened of [writer, visitor, admin, camgirl]) await opened.context.close();
  }, 300_000);
});
