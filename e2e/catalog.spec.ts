import { crc32, deflateSync } from "node:zlib";
import { CATALOG_MESSAGES, SUCCESS_MESSAGES } from "@camatlas/shared";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN, passAgeGate } from "./support/accounts.ts";
import { seriousViolations } from "./support/axe.ts";
import type { Site } from "./support/site.ts";
import { useSiteAndBrowser } from "./support/site-and-browser.ts";

// The catalog end to end: typo-tolerant search, a profile with every nickname and its camsite link, a camfan's
// moderated edit, a camgirl's verification, and a members-only profile.

const FAN = { email: "fan@camatlas.test", password: "camfan-demo-pass" } as const;
const CAMGIRL = { email: "camgirl@camatlas.test", password: "camgirl-demo-pass" } as const;

interface Card {
  id: number;
  slug: string;
  name: string;
  is_verified: boolean;
  nicknames: Array<{
    nickname: string;
    cam_site_id: number;
    cam_site: { name: string; slug: string };
    url: string;
  }>;
}

let site: Site;
let browser: Browser;

useSiteAndBrowser((started, launched) => {
  site = started;
  browser = launched;
});

async function api<T>(
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{
  status: number;
  body: T;
}> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${site.url}/api${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

async function tokenOf(account: { email: string; password: string }): Promise<string> {
  const reply = await api<{ token: string }>("/login", { body: account });
  expect(reply.status).toBe(200);
  return reply.body.token;
}

/** A browser context past the age gate, signed in through the API when an account is given. */
async function openContext(account?: {
  email: string;
  password: string;
}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: site.url });
  await passAgeGate(context, site.url);
  if (account) {
    const response = await context.request.post("/api/login", { data: account });
    expect(response.status()).toBe(200);
  }
  return { context, page: await context.newPage() };
}

async function snackbarText(page: Page): Promise<string> {
  const snackbar = page.getByTestId("snackbar");
  await snackbar.waitFor();
  return snackbar.innerText();
}

/** A small real PNG (a red square with a white cross), built byte by byte. */
function makePng(size = 24): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) {
      const cross = x === y || x === size - 1 - y;
      rows.push(cross ? 255 : 200, cross ? 255 : 20, cross ? 255 : 60);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.from(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Models of the demo catalog, by name. */
async function someModels(): Promise<Card[]> {
  const reply = await api<{ data: Card[] }>("/models?per_page=60&order_by=name");
  expect(reply.status).toBe(200);
  return reply.body.data;
}

describe("catalog", () => {
  it("finds a model by a misspelled nickname and lists every nickname with its camsite link", async () => {
    const model = (await someModels()).find(
      (m) => m.nicknames.length >= 2 && m.nicknames.some((n) => n.nickname.length >= 7),
    );
    expect(model, "a demo model with two nicknames").toBeDefined();
    const nickname = model!.nicknames.map((n) => n.nickname).sort((a, b) => b.length - a.length)[0]!;
    const typo = nickname.slice(0, 3) + nickname.slice(4); // one letter dropped

    const { context, page } = await openContext();
    try {
      await page.goto("/models");
      await page.getByLabel("Name or nickname", { exact: true }).fill(typo);
      await page.getByLabel("Name or nickname", { exact: true }).press("Enter");
      await page.getByRole("heading", { level: 1, name: `Search results for “${typo}”` }).waitFor();
      await page.getByRole("link", { name: model!.name, exact: true }).first().click();
      await page.waitForURL(`**/models/${model!.slug}`);
      await page.getByRole("heading", { level: 1, name: model!.name, exact: true }).waitFor();

      await page.getByRole("tab", { name: /Camsites and nicknames/ }).click();
      await page.getByRole("tabpanel", { name: /Camsites and nicknames/ }).waitFor();
      const rows = page.getByTestId("nickname-row");
      await expect(rows.count()).resolves.toBe(model!.nicknames.length);
      for (const n of model!.nicknames) {
        const link = page.getByRole("link", { name: `Visit ${n.nickname} on ${n.cam_site.name}` });
        const href = await link.getAttribute("href");
        // The performer's page on the camsite; Chaturbate only knows lowercase names.
        expect(href).toBe(n.url);
        expect(href).toContain(
          encodeURIComponent(n.cam_site_id === 33 ? n.nickname.toLowerCase() : n.nickname),
        );
        await expect(link.getAttribute("target")).resolves.toBe("_blank");
      }

      // "Girls like her" is read when its tab opens: the models the API suggests for her.
      const similar = await api<{ data: Array<{ name: string }> }>(`/models/${model!.id}/like-her`);
      await page.getByRole("tab", { name: /Girls like her/ }).click();
      const panel = page.getByRole("tabpanel", { name: /Girls like her/ });
      await panel.waitFor();
      expect(similar.body.data.length).toBeGreaterThan(0);
      await panel.locator("li h3").first().waitFor();
      expect(await panel.locator("li h3").allInnerTexts()).toEqual(similar.body.data.map((m) => m.name));
    } finally {
      await context.close();
    }
  });

  it("keeps a camfan's edit waiting until an admin approves it", async () => {
    const model = (await someModels()).find((m) => !m.is_verified)!;
    const city = `Testville ${Date.now().toString(36)}`;

    const fan = await openContext(FAN);
    try {
      await fan.page.goto(`/models/${model.slug}`);
      await fan.page.getByRole("link", { name: /Edit profile/ }).click();
      await fan.page.waitForURL(`**/models/${model.slug}/edit`);
      await fan.page.getByLabel("City", { exact: true }).fill(city);
      await fan.page.getByRole("button", { name: "Submit for approval" }).click();
      await expect(snackbarText(fan.page)).resolves.toContain(SUCCESS_MESSAGES.revisionSubmitted);
      // Not visible before the approval, neither on the page nor through the API.
      await fan.page.goto(`/models/${model.slug}`);
      expect(await fan.page.locator("main").innerText()).not.toContain(city);
    } finally {
      await fan.context.close();
    }

    const adminToken = await tokenOf(DEMO_ADMIN);
    const queue = await api<{ last_page: number }>("/admin/revisions?status=pending", { token: adminToken });
    const admin = await openContext(DEMO_ADMIN);
    try {
      await admin.page.goto(`/admin/revisions?status=pending&page=${queue.body.last_page}`);
      const item = admin.page
        .getByRole("listitem", { name: `Revision of ${model.name}` })
        .filter({ hasText: city });
      await expect(item.getByRole("cell", { name: city }).count()).resolves.toBe(1);
      await item.getByRole("button", { name: "Approve" }).click();
      await expect(snackbarText(admin.page)).resolves.toContain(CATALOG_MESSAGES.revisionApproved);
    } finally {
      await admin.context.close();
    }

    const visitor = await openContext();
    try {
      await visitor.page.goto(`/models/${model.slug}`);
      await expect(visitor.page.locator("main").innerText()).resolves.toContain(city);
    } finally {
      await visitor.context.close();
    }
  });

  it("lets a camgirl claim a model with a picture, and shows it verified once an admin approves", async () => {
    const models = await someModels();
    const model = models.filter((m) => !m.is_verified).at(-1)!;

    const camgirl = await openContext(CAMGIRL);
    try {
      await camgirl.page.goto(`/models/${model.slug}`);
      await camgirl.page.getByRole("link", { name: /This is me/ }).click();
      await camgirl.page.waitForURL(`**/models/${model.slug}/verify`);
      await camgirl.page
        .getByLabel("Verification image")
        .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: makePng() });
      await camgirl.page.getByLabel("Message to the admin (optional)").fill("It's me, with today's date.");
      await camgirl.page.getByRole("button", { name: "Send for verification" }).click();
      await expect(snackbarText(camgirl.page)).resolves.toContain(CATALOG_MESSAGES.verificationSubmitted);
    } finally {
      await camgirl.context.close();
    }

    const adminToken = await tokenOf(DEMO_ADMIN);
    const queue = await api<{ last_page: number }>("/admin/verification-requests?status=pending", {
      token: adminToken,
    });
    const admin = await openContext(DEMO_ADMIN);
    try {
      await admin.page.goto(`/admin/verification-requests?status=pending&page=${queue.body.last_page}`);
      const item = admin.page.getByRole("listitem", { name: `Verification of ${model.name}` }).last();
      // The admin sees the uploaded picture before deciding.
      const picture = item.getByRole("img");
      await picture.scrollIntoViewIfNeeded();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      await item.getByRole("button", { name: "Approve and bind" }).click();
      await expect(snackbarText(admin.page)).resolves.toContain(CATALOG_MESSAGES.verificationApproved);
    } finally {
      await admin.context.close();
    }

    const visitor = await openContext();
    try {
      await visitor.page.goto(`/models/${model.slug}`);
      await expect(visitor.page.getByText("✓ Verified").count()).resolves.toBe(1);
    } finally {
      await visitor.context.close();
    }
  });

  it("hides a members-only model from anonymous visitors, in the API and on the page", async () => {
    const adminToken = await tokenOf(DEMO_ADMIN);
    const name = `Members Only ${Date.now().toString(36)}`;
    const created = await api<{ model: { id: number; slug: string } }>("/models", {
      token: adminToken,
      body: { name, gender: "female" },
    });
    expect(created.status).toBe(201);
    const { id, slug } = created.body.model;
    const visibility = await api(`/models/${id}/visibility-settings`, {
      token: adminToken,
      body: { page_visible_for: "only_registered_users" },
    });
    expect(visibility.status).toBe(200);

    // The API: a guest gets 401 on the profile and does not find her in lists; a member sees her.
    expect((await api(`/models/by-slug/${slug}`)).status).toBe(401);
    const guestList = await api<{ data: Array<{ id: number }> }>(`/models?query=${encodeURIComponent(name)}`);
    expect(guestList.body.data.some((m) => m.id === id)).toBe(false);
    const fanToken = await tokenOf(FAN);
    expect((await api(`/models/by-slug/${slug}`, { token: fanToken })).status).toBe(200);

    const guest = await openContext();
    try {
      const response = await guest.page.goto(`/models/${slug}`);
      expect(response?.status()).toBe(401);
      await guest.page.getByRole("heading", { name: "This profile is for registered members" }).waitFor();
      expect(await guest.page.locator("main").innerText()).not.toContain(name);
    } finally {
      await guest.context.close();
    }

    const fan = await openContext(FAN);
    try {
      const response = await fan.page.goto(`/models/${slug}`);
      expect(response?.status()).toBe(200);
      await expect(fan.page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe(name);
    } finally {
      await fan.context.close();
    }
  });
  it("filters and pages the models list without JavaScript", async () => {
    const context = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
    await passAgeGate(context, site.url);
    try {
      const page = await context.newPage();
      await page.goto("/models");
      await page.locator("summary", { hasText: "Camsites" }).click();
      await page.getByRole("group", { name: "Camsites" }).getByLabel("Chaturbate", { exact: true }).check();
      await page.getByLabel("Order by").selectOption("name");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.waitForURL(/camsite=33/);
      expect(new URL(page.url()).searchParams.get("order")).toBe("name");
      // Every card shown performs on Chaturbate; the API agrees on the count.
      const api = await fetch(`${site.url}/api/models?cam_site_ids[]=33&per_page=12&order_by=name`);
      const expected = (await api.json()) as { total: number; data: Array<{ name: string }> };
      const names = await page.locator("main ul li h3").allInnerTexts();
      expect(names).toEqual(expected.data.map((m) => m.name));
      await page.getByRole("link", { name: "Page 2", exact: true }).click();
      expect(new URL(page.url()).searchParams.get("page")).toBe("2");
      expect(new URL(page.url()).searchParams.get("camsite")).toBe("33");
      await page.locator('[aria-current="page"]', { hasText: "2" }).waitFor();

      // Profile tabs are links: "Girls like her" opens with its cards without JavaScript too.
      const first = (await someModels())[0]!;
      const likeHer = await fetch(`${site.url}/api/models/${first.id}/like-her`);
      const similar = { body: (await likeHer.json()) as { data: Array<{ name: string }> } };
      await page.goto(`/models/${first.slug}`);
      await page.getByRole("tab", { name: /Girls like her/ }).click();
      await page.waitForURL(/tab=girls-like-her/);
      const cards = page.getByRole("tabpanel", { name: /Girls like her/ }).locator("li h3");
      expect(await cards.allInnerTexts()).toEqual(similar.body.data.map((m) => m.name));
    } finally {
      await context.close();
    }
  });

  it("has no serious accessibility problems on the catalog pages", async () => {
    const model = (await someModels())[0]!;
    const { context, page } = await openContext(FAN);
    try {
      const problems: string[] = [];
      for (const path of [
        "/models?query=mia",
        `/models/${model.slug}`,
        `/models/${model.slug}?tab=camsites`,
        `/models/${model.slug}?tab=links`,
        `/models/${model.slug}/edit`,
        "/models/new",
        "/camsites",
        "/camsites?view=table",
      ]) {
        problems.push(...(await seriousViolations(page, path)));
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
