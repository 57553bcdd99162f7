import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { passAgeGate, registerThroughApi, signIn, uniqueUser } from "./support/accounts.ts";
import { seriousViolations } from "./support/axe.ts";
import { openPage } from "./support/browser.ts";
import type { Site } from "./support/site.ts";
import { useSiteAndBrowser } from "./support/site-and-browser.ts";

// Comments on a model page (issue 14): a camfan posts with an image, replies and votes without a full reload; the
// bound camgirl hides a comment; an admin deletes one from the queue; the replied-to user sees the notification
// with a link to the reply; guests read the thread without JavaScript; axe finds nothing serious.

const ADMIN = { email: "admin@camatlas.test", password: "admin-demo-pass" };
const FAN = { email: "fan@camatlas.test", password: "camfan-demo-pass" };
const CAMGIRL = { nickName: "camgirl", email: "camgirl@camatlas.test", password: "camgirl-demo-pass" };
// An 8 × 8 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4oRGFFTEMLQkAWChSgWiSiFsAAAAASUVORK5CYII=",
  "base64",
);

let site: Site;
let browser: Browser;

useSiteAndBrowser((started, launched) => {
  site = started;
  browser = launched;
});

async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${site.url}/api${path}`, {
    method: init.method ?? "GET",
    headers: {
      accept: "application/json",
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  expect(res.status, `${init.method ?? "GET"} ${path}`).toBeLessThan(300);
  return res.json();
}

async function signedIn(account: { email: string; password: string }) {
  const opened = await openPage(browser, { baseURL: site.url });
  await passAgeGate(opened.context, site.url);
  await opened.page.goto("/login");
  await signIn(opened.page, account.email, account.password);
  return opened;
}

/** The comment whose text is `text`, as its article. */
const commentBy = (page: Page, text: string) =>
  page.locator("article[id^='comment-']", { hasText: text }).first();

describe("comments on a model page", () => {
  it("post, attach, reply, vote, hide, delete from the queue, notify", async () => {
    const { token: adminToken } = await api("/login", { method: "POST", body: ADMIN });
    const camgirl = await api("/users/by-nick-name/camgirl");
    const model = camgirl.models[0] as { id: number; slug: string };
    const path = `/models/${model.slug}?tab=comments`;
    const stamp = Date.now().toString(36);
    const adminText = `Welcome to her page ${stamp}`;
    await api("/comments", {
      method: "POST",
      token: adminToken,
      body: { comment_zone: "model", commentable_id: model.id, text: adminText },
    });

    const fan = await signedIn(FAN);
    const { page } = fan;
    try {
      await page.goto(path);
      await page.getByRole("heading", { name: /Comments \(\d+\)/ }).waitFor();
      // A marker that a full page load would wipe: posting and voting must keep it.
      await page.evaluate(() => {
        (window as unknown as { stayed: boolean }).stayed = true;
      });

      // Post with an image (uploaded as picked), no full reload.
      const fanText = `Great show tonight ${stamp}, see https://example.com`;
      const form = page.locator("form", { has: page.getByLabel("Write a comment") });
      await form.getByLabel("Write a comment").fill(fanText);
      await form
        .locator("input[type=file]")
        .setInputFiles({ name: "pic.png", mimeType: "image/png", buffer: PNG });
      await form.getByRole("list", { name: "Images to attach" }).getByRole("img").waitFor();
      await form.getByRole("button", { name: "Post comment" }).click();
      const mine = commentBy(page, fanText);
      await mine.waitFor();
      await mine.getByRole("link", { name: "https://example.com" }).waitFor();
      await mine.getByRole("list", { name: "Attached images" }).getByRole("img").waitFor();
      // The lightbox opens the picture large.
      await mine.getByRole("list", { name: "Attached images" }).getByRole("link").click();
      await page.getByRole("dialog").waitFor();
      await page.keyboard.press("Escape");

      // Vote on the admin's comment: the count changes at once and stays.
      const adminComment = commentBy(page, adminText);
      const like = adminComment.getByRole("button", { name: /^Like/ }).first();
      await like.click();
      await expect.poll(() => like.getAttribute("aria-pressed")).toBe("true");
      await expect.poll(() => like.getAttribute("aria-label")).toBe("Like (1)");

      // Reply to it (one comment per 10 s per user: the reply waits out the pace).
      await page.waitForTimeout(10_500);
      await adminComment.getByRole("button", { name: "Reply", exact: true }).first().click();
      const replyText = `Thanks for the welcome ${stamp}`;
      await adminComment.getByLabel(/^Reply to/).fill(replyText);
      await adminComment.getByRole("button", { name: "Reply", exact: true }).last().click();
      await adminComment.locator("article", { hasText: replyText }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    } finally {
      await fan.context.close();
    }

    // The bound camgirl hides the fan's comment; a guest then sees its place, not its text.
    const girl = await signedIn(CAMGIRL);
    try {
      await girl.page.goto(path);
      const fanComment = commentBy(girl.page, `Great show tonight ${stamp}`);
      await fanComment.getByRole("button", { name: "Hide" }).click();
      await fanComment.getByText("Hidden by the model").waitFor();
    } finally {
      await girl.context.close();
    }

    // Guests read without JavaScript: the server-rendered thread, the hidden comment's placeholder.
    const guest = await openPage(browser, { baseURL: site.url, javaScriptEnabled: false });
    try {
      await passAgeGate(guest.context, site.url);
      await guest.page.goto(path);
      await commentBy(guest.page, adminText).waitFor();
      await guest.page.getByText("Comment hidden by the model").first().waitFor();
      expect(await guest.page.content()).not.toContain(`Great show tonight ${stamp}`);
      await guest.page.getByRole("link", { name: "Log in to comment" }).waitFor();
    } finally {
      await guest.context.close();
    }

    // The admin sees the reply's notification, linking to it; then deletes the reply from the queue.
    const admin = await signedIn(ADMIN);
    try {
      await admin.page.goto("/account#notifications");
      const notice = admin.page.getByRole("link", { name: "Open: New reply" }).first();
      await notice.waitFor();
      await notice.click();
      await admin.page.waitForURL((url) => url.hash.startsWith("#comment-"));
      await admin.page
        .locator(`article${new URL(admin.page.url()).hash}`)
        .getByText(`Thanks for the welcome ${stamp}`)
        .waitFor();

      await admin.page.goto("/admin/comments?filter=recent");
      const row = admin.page.getByRole("listitem").filter({ hasText: `Thanks for the welcome ${stamp}` });
      await row.getByRole("button", { name: "Delete" }).click();
      await admin.page.getByText("1 comment updated.").waitFor();
      await admin.page.goto(path);
      await commentBy(admin.page, adminText).waitFor();
      expect(await admin.page.content()).not.toContain(`Thanks for the welcome ${stamp}`);

      expect([
        ...(await seriousViolations(admin.page, path)),
        ...(await seriousViolations(admin.page, "/admin/comments?filter=recent")),
      ]).toEqual([]);
    } finally {
      await admin.context.close();
    }
  }, 240_000);

  it("a guest on a phone: the model, user and stats pages' comments, nothing serious for axe", async () => {
    const camgirl = await api("/users/by-nick-name/camgirl");
    const model = camgirl.models[0] as { id: number; slug: string };
    const profile = (await api(`/models/${model.id}`)) as {
      nicknames: { nickname: string; cam_site: { slug: string } }[];
    };
    const nickname = profile.nicknames[0]!;
    const statsPath = `/stats/${nickname.cam_site.slug}/${encodeURIComponent(nickname.nickname)}?tab=comments`;
    const guest = await openPage(browser, { baseURL: site.url });
    try {
      await passAgeGate(guest.context, site.url);
      await guest.page.setViewportSize({ width: 390, height: 844 });
      expect(await seriousViolations(guest.page, `/models/${model.slug}?tab=comments`)).toEqual([]);
      expect(await seriousViolations(guest.page, `/users/${CAMGIRL.nickName}`)).toEqual([]);
      // A nickname's stats page has its own thread on its Comments tab.
      expect(await seriousViolations(guest.page, statsPath)).toEqual([]);
      await guest.page.getByRole("heading", { name: /Comments \(\d+\)/ }).waitFor();
      // The thread fits a phone: nothing wider than the screen on the pages this feature adds to.
      for (const path of [`/models/${model.slug}?tab=comments`, `/users/${CAMGIRL.nickName}`]) {
        await guest.page.goto(path);
        expect(
          await guest.page.evaluate(() => document.documentElement.scrollWidth),
          path,
        ).toBeLessThanOrEqual(390);
      }
    } finally {
      await guest.context.close();
    }
  }, 120_000);

  it("without JavaScript a member posts, and a refused post says why", async () => {
    const camgirl = await api("/users/by-nick-name/camgirl");
    const model = camgirl.models[0] as { slug: string };
    const user = uniqueUser("nojs");
    await registerThroughApi(site.url, user);
    const visitor = await openPage(browser, { baseURL: site.url, javaScriptEnabled: false });
    try {
      await passAgeGate(visitor.context, site.url);
      await visitor.page.goto("/login");
      await signIn(visitor.page, user.email, user.password);
      const post = async (text: string) => {
        await visitor.page.goto(`/models/${model.slug}?tab=comments`);
        await visitor.page.getByLabel("Write a comment").fill(text);
        await visitor.page.getByRole("button", { name: "Post comment" }).click();
        await visitor.page.waitForLoadState();
      };
      await post(`Plain HTML works ${user.nickName}`);
      await commentBy(visitor.page, `Plain HTML works ${user.nickName}`).waitFor();
      // A second comment within 10 seconds: back on the page with the reason.
      await post(`Too soon ${user.nickName}`);
      await visitor.page.getByRole("alert").filter({ hasText: "Please wait 10 seconds" }).waitFor();
      expect(await visitor.page.content()).not.toContain(`Too soon ${user.nickName}`);
    } finally {
      await visitor.context.close();
    }
  }, 120_000);
});
