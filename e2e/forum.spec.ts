import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN, passAgeGate, registerThroughApi, signIn, uniqueUser } from "./support/accounts.ts";
import { seriousViolations } from "./support/axe.ts";
import { openPage } from "./support/browser.ts";
import type { Site } from "./support/site.ts";
import { useSiteAndBrowser } from "./support/site-and-browser.ts";

// The forum end to end: a camfan starts a topic about a model from her Discussions tab, another member replies
// quoting it (with an image, uploaded with its progress bar), the first hears about it, the topic shows on the
// model's tab, an admin locks it and replies close.
// Member text (HTML included) shows as text; the forum's pages pass axe and fit a phone.

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

async function signedInPage(identity: string, password: string): Promise<Page> {
  const { context, page } = await openPage(browser, { baseURL: site.url });
  await passAgeGate(context, site.url);
  await page.goto("/login");
  await signIn(page, identity, password);
  return page;
}

async function aPublicModel(): Promise<{ slug: string; name: string }> {
  const res = await fetch(`${site.url}/api/models?per_page=5`, { headers: { accept: "application/json" } });
  const list = (await res.json()) as { data: { slug: string; name: string }[] };
  const model = list.data[0];
  if (!model) throw new Error("the demo has no public model");
  return model;
}

describe("the forum", () => {
  it("a topic about a model, a quoting reply, a notification, her Discussions tab and an admin's lock", async () => {
    const starter = uniqueUser("starter");
    const replier = uniqueUser("replier");
    await Promise.all([registerThroughApi(site.url, starter), registerThroughApi(site.url, replier)]);
    const model = await aPublicModel();
    const title = `Her best shows <b>${Date.now().toString(36)}</b>`;
    const opening = "Which of her shows <script>window.hacked=1</script> should I **not** miss?";

    // The starter opens her Discussions tab and starts a topic linked to her.
    const a = await signedInPage(starter.email, starter.password);
    let dialogs = 0;
    a.on("dialog", (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    await a.goto(`/models/${model.slug}?tab=discussions`);
    await a.getByRole("link", { name: "Start a discussion" }).click();
    await a.waitForURL((url) => url.pathname === "/forum/new");
    await a.getByLabel("Category").selectOption({ label: "Models" });
    await a.getByLabel("Title").fill(title);
    await a.getByLabel("Your post").fill(opening);
    expect(await a.getByRole("checkbox", { name: model.name }).isChecked()).toBe(true);
    await a.getByRole("button", { name: "Preview" }).click();
    await expect.poll(() => a.locator("strong", { hasText: "not" }).count()).toBeGreaterThan(0);
    await a.getByRole("button", { name: "Start topic" }).click();
    await a.waitForURL((url) => url.pathname.startsWith("/forum/models/"));
    const topicPath = new URL(a.url()).pathname;
    await expect.poll(() => a.getByRole("heading", { level: 1 }).textContent()).toBe(title);
    expect(await a.getByText("window.hacked=1", { exact: false }).count()).toBe(1);
    expect(await a.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();

    // Another member quotes the opening post.
    const b = await signedInPage(replier.email, replier.password);
    await b.goto(topicPath);
    await b
      .getByRole("article", { name: new RegExp(`^Post 1 by ${starter.nickName}`) })
      .getByRole("link", { name: "Quote" })
      .click();
    await expect
      .poll(() => b.getByLabel("Your reply").inputValue())
      .toContain(`[quote="${starter.nickName}"`);
    const reply = b.getByLabel("Your reply");
    await reply.press("Control+End");
    await reply.pressSequentially("Definitely the weekend ones.");
    // With an image, uploaded as it is picked with the progress bar (the presigned link on the local store). The
    // file input loses its no-JavaScript name once the page runs.
    const replyForm = b.locator("form", { has: b.getByRole("button", { name: "Post reply" }) });
    await replyForm.locator("input[type=file]:not([name])").setInputFiles({
      name: "stage.png",
      mimeType: "image/png",
      buffer: PNG,
    });
    const bar = replyForm.getByRole("progressbar", { name: "Images: stage.png" });
    await bar.waitFor();
    await expect.poll(() => bar.getAttribute("aria-valuenow")).toBe("100");
    await replyForm.getByText("Uploaded.").waitFor();
    await replyForm.getByRole("img", { name: "Attachment 1" }).waitFor();
    await b.getByRole("button", { name: "Post reply" }).click();
    await b.waitForURL((url) => url.hash === "#post-2");
    const second = b.getByRole("article", { name: new RegExp(`^Post 2 by ${replier.nickName}`) });
    expect(await second.locator("blockquote").textContent()).toContain(`${starter.nickName} wrote`);
    expect(await second.textContent()).toContain("Definitely the weekend ones.");
    expect(await second.getByRole("img", { name: `Attached by ${replier.nickName}` }).count()).toBe(1);
    // The reply form starts empty again: the image went with the reply.
    await expect.poll(() => replyForm.getByRole("img", { name: "Attachment 1" }).count()).toBe(0);

    // The starter is told, with a link to the reply.
    await a.goto("/account");
    await expect
      .poll(() => a.getByText(`${replier.nickName} quoted you in`, { exact: false }).count())
      .toBeGreaterThan(0);

    // The topic shows on the model's Discussions tab.
    await a.goto(`/models/${model.slug}?tab=discussions`);
    expect(await a.getByRole("link", { name: title }).count()).toBe(1);

    // An admin locks it: members' reply form is gone.
    const admin = await signedInPage(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await admin.goto(topicPath);
    await admin.getByRole("button", { name: "Lock", exact: true }).click();
    await expect.poll(() => admin.getByRole("button", { name: "Unlock" }).count()).toBe(1);
    await b.goto(topicPath);
    expect(await b.getByText("This topic is locked: no new replies.").count()).toBe(1);
    expect(await b.getByRole("button", { name: "Post reply" }).count()).toBe(0);
    expect(dialogs).toBe(0);

    // Accessibility of the forum's pages (serious and critical axe findings: none), signed in as the admin.
    const found: string[] = [];
    for (const path of [
      "/forum",
      "/forum/models",
      topicPath,
      "/forum/new",
      "/admin/forum",
      "/admin/forum?tab=categories",
    ])
      found.push(...(await seriousViolations(admin, path)));
    expect(found).toEqual([]);

    for (const page of [a, b, admin]) await page.context().close();
  }, 180_000);

  it("reads without JavaScript and fits a phone: the category list, a long thread's pages", async () => {
    const { context, page } = await openPage(browser, { baseURL: site.url, javaScriptEnabled: false });
    await passAgeGate(context, site.url);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/forum");
    expect(await page.getByRole("link", { name: "General chat" }).count()).toBe(1);
    await page.goto("/forum/general/introduce-yourself?page=3");
    expect(await page.getByRole("region", { name: "Posts" }).getByRole("article").count()).toBe(5);
    const canonical = await page.locator("link[rel=canonical]").getAttribute("href");
    expect(canonical).toMatch(/\/forum\/general\/introduce-yourself\?page=3$/);
    for (const path of ["/forum", "/forum/general", "/forum/general/introduce-yourself"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await context.close();
  }, 60_000);
});
