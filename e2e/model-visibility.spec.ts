import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { passAgeGate, signIn } from "./support/accounts.ts";
import { openPage } from "./support/browser.ts";
import type { Site } from "./support/site.ts";
import { useSiteAndBrowser } from "./support/site-and-browser.ts";

// The user page lists a camgirl's models with the model page's visibility: once she makes one visible only to
// herself and admins, a visitor's /users/{nick} no longer names it, while she still sees it on hers.

const CAMGIRL = { nickName: "camgirl", email: "camgirl@camatlas.test", password: "camgirl-demo-pass" };

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

describe("/users/{nick}", () => {
  it("does not name a model hidden from the visitor", async () => {
    const { token } = await api("/login", {
      method: "POST",
      body: { email: CAMGIRL.email, password: CAMGIRL.password },
    });
    const before = await api(`/users/by-nick-name/${CAMGIRL.nickName}`);
    const model = before.models[0] as { id: number; name: string; slug: string };
    expect(model).toBeDefined();
    await api(`/models/${model.id}/visibility-settings`, {
      method: "POST",
      token,
      body: { page_visible_for: "only_model_and_admin" },
    });

    const visitor = await openPage(browser, { baseURL: site.url, javaScriptEnabled: false });
    try {
      await passAgeGate(visitor.context, site.url);
      const res = await visitor.page.goto(`/users/${CAMGIRL.nickName}`);
      expect(res?.status()).toBe(200);
      const html = await visitor.page.content();
      expect(html).toContain(CAMGIRL.nickName);
      // Neither the link nor the loader's data (her own full name may equal the model's, so the slug is the mark).
      expect(html).not.toContain(`/models/${model.slug}`);
      expect(html).not.toContain(`"${model.slug}"`);
      expect(html).not.toContain(`"${model.slug}"`);
    } finally {
      await visitor.context.close();
    }

    const owner = await openPage(browser, { baseURL: site.url });
    try {
      await passAgeGate(owner.context, site.url);
      await owner.page.goto("/login");
      await signIn(owner.page, CAMGIRL.email, CAMGIRL.password);
      await owner.page.goto(`/users/${CAMGIRL.nickName}`);
      await owner.page.locator(`a[href="/models/${model.slug}"]`).first().waitFor();
    } finally {
      await owner.context.close();
    }
  }, 120_000);
});
