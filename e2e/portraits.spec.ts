import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { passAgeGate, uniqueUser } from "./support/accounts.ts";
import type { Site } from "./support/site.ts";
import { useSiteAndBrowser } from "./support/site-and-browser.ts";

// The demo models' own portraits and the blur placeholders of the pictures: a card shows her avatar with its
// placeholder behind it, her page shows the same face, her snapshots are drawn on first request, and nothing else is;
// a live snapshot in her snapshot list and a member's uploaded avatar on his profile show their placeholders too.

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

  it("shows a live snapshot and a member's avatar over their placeholders", async () => {
    // A demo snapshot (the query names a camsite: its snapshots): its file is drawn on first request, which records
    // its BlurHash for her snapshot lists.
    let hit: { url: string | null; page_url: string; placeholder: string | null } | undefined;
    await expect
      .poll(
        async () => {
          const reply = (await (
            await fetch(`${site.url}/api/search/snapshots?query=chaturbate&per_page=24`)
          ).json()) as {
            data?: Array<{ url: string | null; page_url: string; placeholder: string | null }>;
          };
          hit = reply.data?.find((s) => s.url?.startsWith("/media/portraits/"));
          return hit !== undefined;
        },
        { timeout: 120_000, interval: 3_000 },
      )
      .toBe(true);
    const snapshotUrl = hit?.url ?? "";
    expect((await fetch(`${site.url}${snapshotUrl}`)).status).toBe(200);
    const searched = (await (
      await fetch(`${site.url}/api/search/snapshots?query=chaturbate&per_page=24`)
    ).json()) as {
      data: Array<{ url: string | null; placeholder: string | null }>;
    };
    expect(searched.data.find((s) => s.url === snapshotUrl)?.placeholder).toMatch(/^data:image\/bmp;base64,/);

    // A member with an uploaded avatar (one of the demo pictures, re-encoded like any upload).
    const member = uniqueUser("face");
    const registered = await fetch(`${site.url}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({
        nick_name: member.nickName,
        email: member.email,
        password: member.password,
        confirm: member.password,
        birthday: "1990-03-03",
        first_name: member.firstName,
        last_name: member.lastName,
      }),
    });
    expect(registered.status).toBeLessThan(300);
    const { token } = (await registered.json()) as { token: string };
    const picture = await (await fetch(`${site.url}${snapshotUrl}`)).blob();
    const form = new FormData();
    form.append("file", new File([picture], "me.webp", { type: "image/webp" }));
    const uploaded = await fetch(`${site.url}/api/media/avatar`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: number };
    const saved = await fetch(`${site.url}/api/profile`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ avatar_media_id: id }),
    });
    expect(saved.status).toBe(200);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    await passAgeGate(context, site.url);
    const page = await context.newPage();
    await page.goto(`${site.url}${hit?.page_url ?? ""}`);
    const snapshot = page.locator(`main img[src="${snapshotUrl}"]`).first();
    await snapshot.waitFor({ state: "attached" });
    expect(await snapshot.evaluate((img) => getComputedStyle(img).backgroundImage)).toMatch(PLACEHOLDER);
    // Its box is held before the file arrives.
    expect(Number(await snapshot.getAttribute("width"))).toBeGreaterThan(0);
    expect(Number(await snapshot.getAttribute("height"))).toBeGreaterThan(0);

    await page.goto(`${site.url}/users/${encodeURIComponent(member.nickName)}`);
    const avatar = page.locator('main img[src^="/media/"]').first();
    await avatar.waitFor({ state: "attached" });
    expect(await avatar.evaluate((img) => getComputedStyle(img).backgroundImage)).toMatch(PLACEHOLDER);
    expect(await avatar.getAttribute("width")).toBe("112");
    await context.close();
  }, 180_000);

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
