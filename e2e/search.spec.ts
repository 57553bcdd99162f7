import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN, passAgeGate, registerThroughApi, uniqueUser } from "./support/accounts.ts";
import { seriousViolations } from "./support/axe.ts";
import { openPage } from "./support/browser.ts";
import type { Site } from "./support/site.ts";
import { useSiteAndBrowser } from "./support/site-and-browser.ts";

// Search end to end: a member's comment is found by its words on /search with the words marked (its markup shown
// as text), a model by her name with "see all"; the AI search shows the understood words as chips, a removed chip
// drops its filter, and the page says it never compares faces. Both pages pass axe and fit a phone.

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

async function guestPage(width?: number) {
  const opened = await openPage(browser, { baseURL: site.url });
  await passAgeGate(opened.context, site.url);
  if (width) await opened.page.setViewportSize({ width, height: 844 });
  return opened;
}

describe("search everywhere", () => {
  it("finds a comment by its words with the words marked, and a model by her name, each section with its count", async () => {
    const fan = uniqueUser("searcher");
    await registerThroughApi(site.url, fan);
    const { token } = await api("/login", {
      method: "POST",
      body: { email: fan.email, password: fan.password },
    });
    const models = await api("/models?per_page=1");
    const model = models.data[0] as { id: number; name: string };
    const word = `zephyr${Date.now().toString(36)}`;
    await api("/comments", {
      method: "POST",
      token,
      body: {
        comment_zone: "model",
        commentable_id: model.id,
        text: `Her ${word} show <b>rocks</b> <img src=x>`,
      },
    });

    const { context, page } = await guestPage(390);
    try {
      let dialogs = 0;
      page.on("dialog", (dialog) => {
        dialogs++;
        void dialog.dismiss();
      });
      await page.goto(`/search?query=${word}`);
      const comments = page.getByRole("region", { name: /Comments/ });
      await comments.waitFor();
      expect(await comments.getByRole("heading").textContent()).toContain("(1)");
      expect(await comments.locator("mark").first().textContent()).toBe(word);
      expect(await comments.textContent()).toContain(model.name);
      expect(await page.locator("main b, main img[src='x']").count()).toBe(0);
      expect(dialogs).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page, `/search?query=${word}`)).toEqual([]);

      // A model by her name: the Models section, its count, and "see all" when there are more than a page.
      await page.goto(`/search?query=${encodeURIComponent(model.name)}`);
      const section = page.getByRole("region", { name: /^Models/ });
      await section.waitFor();
      expect(await section.getByRole("link", { name: model.name }).count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it("finds a forum topic by a word in one of its replies, with that reply's words and a link to it", async () => {
    const { token } = await api("/login", { method: "POST", body: DEMO_ADMIN });
    const thread = await api("/forum/topics/by-slug/introduce-yourself");
    const word = `marimba${Date.now().toString(36)}`;
    const saved = await api(`/forum/topics/${thread.topic.id}/posts`, {
      method: "POST",
      token,
      body: { body: `Late to the thread: the ${word} evening was great.` },
    });

    const { context, page } = await guestPage(390);
    try {
      await page.goto(`/search?query=${word}`);
      const topics = page.getByRole("region", { name: /Forum topics/ });
      await topics.waitFor();
      expect(await topics.getByRole("heading").textContent()).toContain("(1)");
      expect(await topics.locator("mark").first().textContent()).toBe(word);
      const link = topics.getByRole("link", { name: thread.topic.title });
      expect(await link.getAttribute("href")).toBe(saved.url);
      await link.click();
      await page.waitForURL((url) => url.hash.startsWith("#post-"));
      expect(await page.locator(page.url().slice(page.url().indexOf("#"))).textContent()).toContain(word);
    } finally {
      await context.close();
    }
  });

  it("pages one section on its own", async () => {
    const { context, page } = await guestPage();
    try {
      await page.goto("/search?query=a&section=users");
      await page.getByText("Type at least 2 characters to search.").waitFor();
      await page.goto("/search?query=an&section=users");
      await page.getByRole("link", { name: "← All sections" }).waitFor();
      expect(await page.getByRole("link", { name: /See all/ }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe("AI search", () => {
  it("shows the understood words as chips; removing one drops its filter; never by face", async () => {
    const { context, page } = await guestPage(390);
    try {
      await page.goto(
        `/search/ai?query=${encodeURIComponent("blonde girls on Chaturbate online now over 4 stars")}`,
      );
      const chips = page.getByTestId("ai-chips");
      await chips.waitFor();
      const labels = async () =>
        (await chips.locator("li > span[aria-hidden='true']").allTextContents()).map((t) => t.trim());
      expect(await labels()).toEqual(
        expect.arrayContaining(["Women", "On Chaturbate", "Online now", "Rating ≥ 4"]),
      );
      expect(await page.getByTestId("ai-privacy").textContent()).toContain("never compares faces");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page, page.url().replace(site.url, ""))).toEqual([]);

      await page.getByRole("button", { name: "Remove Online now" }).click();
      await page.waitForURL((url) => url.searchParams.has("chip"));
      // The address changes before React commits the new chips (the render runs in a transition).
      await expect.poll(labels).not.toContain("Online now");
      expect(await labels()).toEqual(expect.arrayContaining(["Women", "On Chaturbate", "Rating ≥ 4"]));

      // Editing a chip's words: the camsite becomes another.
      await page.getByLabel("Filter: On Chaturbate").fill("on Stripchat");
      await page.getByRole("button", { name: "Search with these filters" }).click();
      await page.waitForFunction(() => document.body.textContent?.includes("On Stripchat"));
      expect(await labels()).toContain("On Stripchat");
    } finally {
      await context.close();
    }
  });
});
