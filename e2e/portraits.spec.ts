import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { passAgeGate } from "./support/accounts.ts";
import type { Site } from "./support/site.ts";
import { useSiteAndBrowser } from "./support/site-and-browser.ts";

// The demo models' own portraits and the blur placeholders of the pictures: a card shows her avatar with its
// placeholder behind it, her page shows the same face, her snapshots are drawn on first request, and nothing else is.

let site: Site;
let browser: Browser;

useSiteAndBrowser((started, launched) => {
  site = started;
  browser = launched;
});

const PLACEHOLDER = /^url\("data:image\/bmp;base64,[A-Za-z0-9+/]+=*"\)$/;

describe("demo portraits and blur placeholders", () => {
  it("shows a card's avatar over its placeholder, and the same face on her page", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    await passAgeGate(context, site.url);
    const page = await context.newPage();
    const image = page.locator('main ul li img[src^="/media/portraits/"]').first();
    // The placeholders come once the background pass after the first start has drawn the avatars.
    await expect
      .poll(
        async () => {
          await page.goto(`${site.url}/models`);
          return image.evaluate((img) => getComputedStyle(img).backgroundImage);
        },
        { timeout: 90_000, interval: 2_000 },
      )
      .toMatch(PLACEHOLDER);
    const src = await image.getAttribute("src");
    expect(src).toMatch(/^\/media\/portraits\/[a-z0-9-]+\/avatar\.webp$/);
    // Its box is reserved before the file arrives.
    expect(await image.getAttribute("width")).toBe("320");
    expect(await image.getAttribute("height")).toBe("400");
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(320);

    const slug = src?.split("/")[3] ?? "";
    await page.goto(`${site.url}/models/${slug}`);
    const hero = page.locator(`img[src="${src}"]`).first();
    await expect.poll(() => hero.count()).toBeGreaterThan(0);
    expect(await hero.evaluate((img) => getComputedStyle(img).backgroundImage)).toMatch(PLACEHOLDER);
    await context.close();
  }, 150_000);

  it("draws her snapshots on first request and nobody else's", async () => {
    const models = (await (await fetch(`${site.url}/api/models?per_page=1`)).json()) as {
      data: Array<{ slug: string }>;
    };
    const slug = models.data[0]?.slug ?? "";
    const snapshot = await fetch(`${site.url}/media/portraits/${slug}/snapshot-5.webp?shot=1`);
    expect(snapshot.status).toBe(200);
    expect(snapshot.headers.get("content-type")).toBe("image/webp");
    expect((await snapshot.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    for (const path of [
      "/media/portraits/no-such-model-anywhere/snapshot-1.webp",
      `/media/portraits/${slug}/snapshot-9.webp`,
      `/media/portraits/${slug}/other.webp`,
    ])
      expect((await fetch(`${site.url}${path}`)).status).toBe(404);
  });
});
