import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN, passAgeGate, registerThroughApi, signIn, uniqueUser } from "./support/accounts.ts";
import { launchBrowser } from "./support/browser.ts";
import { type Site, startSite } from "./support/site.ts";

// The XSS corpus: every stored text field gets script payloads through the API, and the pages that render them are
// opened in Chromium. Nothing may run: a payload that executes calls window.__xss (or opens a dialog), and one that
// reaches the page as markup but is stopped by the Content-Security-Policy shows as a violation — both fail.
// The same pages prove the policy lets the site itself work: they hydrate and navigate on the client.
// A new stored text field adds a line to FIELDS (how to write it) and its page to the page lists below.

/** Each calls the canary with its number, in a different context (HTML, attributes, URLs, markdown, scripts). */
const PAYLOADS = [
  "<script>__xss(1)</script>",
  "<img src=x onerror=__xss(2)>",
  '"><svg onload=__xss(3)>',
  "'><details open ontoggle=__xss(4)>",
  "javascript:__xss(5)",
  "[link](javascript:__xss(6))",
  '<a href="javascript:__xss(7)">x</a>',
  "</script><script>__xss(8)</script>",
  "<iframe srcdoc='<script>parent.__xss(9)</script>'>",
  "{{constructor.constructor('__xss(10)')()}}",
  "<style>@import 'x'</style><b onmouseover=__xss(11)>b</b>",
  "\u2028\u2029</title><script>__xss(12)</script>",
  '<math><mtext><table><mglyph><style><img src=x onerror="__xss(13)">',
  '![img](x"onerror="__xss(14))',
] as const;

/** As many payloads as fit in `max` characters, starting at a different one for each field. */
let rotation = 0;
function corpus(max: number): string {
  const start = rotation++ % PAYLOADS.length;
  let text = "";
  for (let i = 0; i < PAYLOADS.length; i++) {
    const next = PAYLOADS[(start + i) % PAYLOADS.length]!;
    if (text.length + next.length + 1 > max) {
      if (text === "") text = next.slice(0, max);
      break;
    }
    text += `${text ? " " : ""}${next}`;
  }
  return text;
}

let site: Site;
let browser: Browser;
let adminToken = "";
let fanToken = "";
const fan = uniqueUser("xss");
const written: Record<string, string> = {};
let model = { id: 0, slug: "" };
let camsite = { id: 0, slug: "" };
let post = { id: 0, url: "" };
const PAGE_SLUG = "xss-corpus";
let forumTopicUrl = "";
let userReviewId = 0;

async function api(method: string, path: string, token: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${site.url}/api${path}`, {
    method,
    headers: {
      accept: "application/json",
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function login(email: string, password: string): Promise<string> {
  const reply = (await api("POST", "/login", "", { email, password })) as { token: string };
  return reply.token;
}

/** Writes one stored field and remembers what went in. */
async function store(field: string, max: number, write: (value: string) => Promise<unknown>) {
  const value = corpus(max);
  written[field] = value;
  await write(value);
}

/** Every stored text field the site has today, written through the API. */
async function writeCorpus() {
  adminToken = await login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const first = corpus(100);
  const last = corpus(100);
  await registerThroughApi(site.url, { ...fan, firstName: first, lastName: last });
  written["user.first_name"] = first;
  written["user.last_name"] = last;
  fanToken = await login(fan.email, fan.password);
  await store("user.about", 5000, (about) =>
    api("PUT", "/profile", fanToken, { about, city: corpus(100), first_name: first, last_name: last }),
  );

  const camsites = (await api("GET", "/cam-sites", adminToken)) as {
    data?: Array<{ id: number; slug: string }>;
  };
  const list = Array.isArray(camsites) ? camsites : (camsites.data ?? []);
  camsite = { id: list[0]!.id, slug: list[0]!.slug };

  const tagName = corpus(64);
  written["tag.name"] = tagName;
  const tag = (await api("POST", "/admin/tags", adminToken, { name: tagName, page: corpus(20_000) })) as {
    tag?: { id: number };
    id?: number;
  };
  const tagId = tag.tag?.id ?? tag.id;

  const name = corpus(100);
  written["model.name"] = name;
  const created = (await api("POST", "/models", adminToken, {
    name,
    city: corpus(100),
    nicknames: [{ cam_site_id: camsite.id, nickname: corpus(64), type: "solo" }],
  })) as { model: { id: number; slug: string } };
  model = { id: created.model.id, slug: created.model.slug };
  await store("model.about", 320, (about) =>
    api("PUT", `/admin/models/${model.id}`, adminToken, {
      about,
      display_name: corpus(160),
      ...(tagId ? { tags_id_list: [tagId] } : {}),
    }),
  );
  await store("model_nickname.nickname", 64, (nickname) =>
    api("POST", "/model-nicknames", adminToken, {
      nicknames: [{ model_id: model.id, cam_site_id: camsite.id, nickname }],
    }),
  );
  await store("model_link.label", 100, (label) =>
    api("POST", "/model-links", adminToken, {
      links: [
        {
          model_id: model.id,
          label,
          url: "https://example.com/?q=%22%3E%3Cscript%3E",
          category: "official_site",
        },
      ],
    }),
  );
  await store("model_content.unique_text", 20_000, (unique_text) =>
    api("POST", `/admin/models/${model.id}/content`, adminToken, {
      unique_text,
      is_unique_text_used: true,
      is_public: true,
    }),
  );
  // A camfan's proposed edit (a revision the admin reviews) and a report.
  await store("revision.name", 100, (proposed) =>
    api("PUT", `/models/${model.id}`, fanToken, { name: proposed, city: corpus(100) }),
  );
  await store("report.text", 2000, (text) =>
    api("POST", `/models/${model.id}/reports`, fanToken, { reason: "wrong_data", text }),
  );

  await store("page.body", 100_000, (body) =>
    api("POST", "/admin/pages", adminToken, {
      slug: PAGE_SLUG,
      title: corpus(200),
      body,
      meta_title: corpus(200),
      meta_description: corpus(500),
      is_published: true,
    }),
  );
  await store("camsite.seo_text", 50_000, (seo_text) =>
    api("PUT", `/cam-sites/${camsite.id}`, adminToken, {
      seo_text,
      headline: corpus(255),
      price_range: corpus(100),
      advantages: [corpus(500)],
      disadvantages: [corpus(500)],
    }),
  );
  await store("settings.home", 200, (title) =>
    api("PUT", "/settings/home", adminToken, { name: "home", value: { title, subheading: corpus(500) } }),
  );
  for (const name of ["register", "forgot_password", "not_found", "blocked"]) {
    await store(`settings.${name}`, 200, (title) =>
      api("PUT", `/settings/${name}`, adminToken, { name, value: { title, text: corpus(5000) } }),
    );
  }
  // An editorial review about the model: its texts as written (the body's HTML is sanitized by the API).
  const postTitle = corpus(200);
  written["post.post_title"] = postTitle;
  const review = (await api("POST", "/admin/posts", adminToken, {
    type: "review",
    post_title: postTitle,
    post_name: "xss-corpus-review",
    excerpt: corpus(196),
    body: corpus(100_000),
    tags: [corpus(64), corpus(64), corpus(64)],
    models_ids: [model.id],
    cam_site_ids: [camsite.id],
    meta_title: corpus(200),
    meta_description: corpus(500),
  })) as { id: number; url: string };
  post = { id: review.id, url: review.url };
  await api("POST", `/admin/posts/${post.id}/publish`, adminToken, {});
  // A forum topic about the model, a reply quoting it and a report of the reply (the admins' queue shows its note).
  const categories = (await api("GET", "/forum/categories", fanToken)) as {
    data: { id: number; slug: string }[];
  };
  const general = categories.data.find((category) => category.slug === "general") ?? categories.data[1]!;
  const topicTitle = corpus(150);
  written["forum_topic.title"] = topicTitle;
  const started = (await api("POST", "/forum/topics", fanToken, {
    category_id: general.id,
    title: topicTitle,
    body: corpus(20_000),
    model_ids: [model.id],
  })) as { topic: { id: number; url: string } };
  forumTopicUrl = started.topic.url;
  await store("forum_post.body", 20_000, async (body) => {
    const reply = (await api("POST", `/forum/topics/${started.topic.id}/posts`, adminToken, { body })) as {
      post: { id: number };
    };
    await store("forum_report.note", 500, (note) =>
      api("POST", `/forum/posts/${reply.post.id}/reports`, fanToken, { reason: "other", note }),
    );
  });
  // A camfan's review of the model (500 plain words after the payloads), approved so every reader sees it.
  const reviewed = (await api("GET", `/models/${model.id}`, fanToken)) as { nicknames: { id: number }[] };
  const reviewTitle = corpus(200);
  written["user_review.title"] = reviewTitle;
  await store("user_review.body", 60_000, async (payloads) => {
    const saved = (await api("POST", "/user-reviews", fanToken, {
      model_id: model.id,
      title: reviewTitle,
      body: `${payloads} ${"fair ".repeat(500)}`,
      rating: 5,
      nickname_ids: [reviewed.nicknames[0]!.id],
    })) as { review: { id: number } };
    userReviewId = saved.review.id;
    await api("POST", `/admin/user-reviews/${userReviewId}/approve`, adminToken, {});
  });
  // A comment on the model (with a mention, a javascript: link and a broken-out link) and a report of it.
  await store("comment.text", 4500, async (payloads) => {
    const text = `${payloads} @${model.slug} [x](javascript:__xss(7)) https://example.com/"><img src=x onerror=__xss(8)>`;
    const posted = (await api("POST", "/comments", fanToken, {
      comment_zone: "model",
      commentable_id: model.id,
      text,
    })) as { id: number };
    await store("comment_report.reason", 1000, (reason) =>
      api("POST", `/comments/${posted.id}/reports`, adminToken, { reason }),
    );
  });
  // A video's file name (presigned upload, unreadable): shown in the admins' video queue once its job fails.
  await store("media.name", 200, async (name) => {
    // An MP4's first box, then noise: it passes the upload's sniffing, and the worker cannot read it.
    const bytes = Buffer.concat([
      Buffer.from("0000001866747970697336f6d00000200", "hex"),
      Buffer.alloc(2000, 3),
    ]);
    const link = (await api("POST", "/media/presigned", fanToken, {
      name: `${name}.mp4`,
      content_type: "video/mp4",
      size: bytes.byteLength,
    })) as { upload_url: string; headers: Record<string, string> };
    const put = await fetch(new URL(link.upload_url, site.url), {
      method: "PUT",
      headers: link.headers,
      body: bytes,
    });
    if (!put.ok) throw new Error(`PUT ${link.upload_url}: ${put.status} ${await put.text()}`);
  });
  await store("settings.banners", 200, (alt) =>
    api("PUT", "/settings/banners", adminToken, {
      name: "banners",
      value: [
        { id: "xss", image: "/media/none.webp", url: "https://example.com/", alt, placement: "home_top" },
      ],
    }),
  );
}

beforeAll(async () => {
  [site, browser] = await Promise.all([
    startSite({ env: { RATE_LIMIT_WRITES_PER_MINUTE: "1000" } }),
    launchBrowser(),
  ]);
  await writeCorpus();
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

interface Watched {
  context: BrowserContext;
  page: Page;
  /** Payloads that ran, dialogs that opened, and what the Content-Security-Policy blocked. */
  findings: () => Promise<string[]>;
}

/** A page with the canary installed before any script of the site runs. */
async function watchedPage(): Promise<Watched> {
  const context = await browser.newContext({ baseURL: site.url });
  await passAgeGate(context, site.url);
  await context.addInitScript(() => {
    const w = window as unknown as { __xss: (id: unknown) => void; __xssHits: string[] };
    w.__xssHits = [];
    w.__xss = (id) => w.__xssHits.push(`payload ${String(id)} ran`);
    document.addEventListener("securitypolicyviolation", (event) =>
      w.__xssHits.push(`CSP blocked ${event.violatedDirective}: ${event.blockedURI || "inline"}`),
    );
  });
  const page = await context.newPage();
  const outside: string[] = [];
  page.on("dialog", (dialog) => {
    outside.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on("console", (message) => {
    if (/content.security.policy/i.test(message.text())) outside.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => outside.push(`page error: ${error.message}`));
  const findings = async () => {
    const inPage = await page
      .evaluate(() => (window as unknown as { __xssHits?: string[] }).__xssHits ?? [])
      .catch(() => [] as string[]);
    return [...inPage, ...outside];
  };
  return { context, page, findings };
}

/** Opens each address, lets it settle (hydration, effects, hover), and collects what ran. */
async function visit(watched: Watched, addresses: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const address of addresses) {
    const response = await watched.page.goto(address);
    expect(response?.status() ?? 0, address).toBeLessThan(500);
    await watched.page.waitForLoadState("networkidle");
    // Handlers that need a gesture: hover everything once.
    await watched.page
      .evaluate(() => {
        for (const element of Array.from(document.querySelectorAll("main *")).slice(0, 2000))
          element.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
      })
      .catch(() => {});
    await watched.page.waitForTimeout(200);
    for (const finding of await watched.findings()) found.push(`${address}: ${finding}`);
  }
  return found;
}

/** Proves the scripts of the page run under the policy: a client-side navigation keeps the window. */
async function navigatesOnTheClient(page: Page, linkSelector: string): Promise<boolean> {
  await page.evaluate(() => {
    (window as unknown as { __sameWindow: boolean }).__sameWindow = true;
  });
  const link = page.locator(linkSelector).first();
  const href = await link.getAttribute("href");
  await link.click();
  await page.waitForURL((url) => url.pathname === new URL(href ?? "/", site.url).pathname);
  await page.waitForLoadState("networkidle");
  return page.evaluate(() => (window as unknown as { __sameWindow?: boolean }).__sameWindow === true);
}

describe("stored XSS corpus", () => {
  it("wrote the corpus into every stored text field", () => {
    expect(Object.keys(written).length).toBeGreaterThanOrEqual(18);
    expect(model.id).toBeGreaterThan(0);
  });

  it("runs nothing on the public pages, for a guest", async () => {
    const watched = await watchedPage();
    try {
      const found = await visit(watched, [
        "/",
        "/models",
        `/models/${model.slug}`,
        `/models/${model.slug}?tab=stats`,
        `/models/${model.slug}?tab=comments`,
        `/models?query=${encodeURIComponent("<script>")}`,
        `/camsites/${camsite.slug}`,
        "/camsites",
        `/users/${fan.nickName}`,
        `/${PAGE_SLUG}`,
        "/reviews",
        post.url,
        `/models/${model.slug}?tab=reviews`,
        "/forum",
        "/forum/general",
        forumTopicUrl,
        `/models/${model.slug}?tab=discussions`,
        `/models/${model.slug}?tab=user-reviews`,
        `/user-reviews/${userReviewId}`,
        // Search shows the stored texts as snippets, and the AI search echoes the words typed.
        `/search?query=${encodeURIComponent("script xss")}`,
        `/search?query=${encodeURIComponent("xss")}&section=comments`,
        `/search/ai?query=${encodeURIComponent("<img src=x onerror=__xss(2)> on chaturbate")}`,
        "/register",
        "/auth/forgot-password",
        "/login",
        "/no-such-page-for-the-xss-corpus",
      ]);
      expect(found).toEqual([]);
      // The payloads were rendered, as text: the model page's heading is the stored name.
      await watched.page.goto(`/models/${model.slug}`);
      expect(await watched.page.locator("h1").first().innerText()).toContain("__xss(");
    } finally {
      await watched.context.close();
    }
  });

  it("runs nothing in the header search's suggestions", async () => {
    const watched = await watchedPage();
    try {
      await watched.page.goto("/");
      const search = watched.page.getByRole("combobox").first();
      await search.fill("<img src=x onerror=__xss(99)>");
      await watched.page.waitForTimeout(800);
      await search.fill(written["model.name"]!.slice(0, 20));
      await watched.page.waitForTimeout(800);
      expect(await watched.findings()).toEqual([]);
    } finally {
      await watched.context.close();
    }
  });

  it("runs nothing on the account and admin pages that show the stored texts", async () => {
    const watched = await watchedPage();
    try {
      await watched.page.goto("/login");
      await signIn(watched.page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      const found = await visit(watched, [
        "/admin",
        "/admin/users",
        "/admin/revisions",
        "/admin/reports",
        "/admin/comments?filter=reported",
        `/models/${model.slug}?tab=comments`,
        "/admin/models",
        `/admin/models/${model.id}`,
        "/admin/pages",
        "/admin/posts",
        `/admin/posts/${post.id}`,
        "/admin/forum?tab=reports",
        "/admin/user-reviews?status=approved",
        "/admin/video-jobs",
        forumTopicUrl,
        post.url,
        "/admin/settings",
        `/admin/camsites/${camsite.id}`,
        `/models/${model.slug}/edit`,
        `/models/${model.slug}`,
        "/account",
      ]);
      expect(found).toEqual([]);
    } finally {
      await watched.context.close();
    }
    const fanPage = await watchedPage();
    try {
      await fanPage.page.goto("/login");
      await signIn(fanPage.page, fan.email, fan.password);
      expect(
        await visit(fanPage, [
          "/account",
          `/users/${fan.nickName}`,
          `/models/${model.slug}`,
          `/user-reviews/${userReviewId}/edit`,
        ]),
      ).toEqual([]);
    } finally {
      await fanPage.context.close();
    }
  });
});

describe("the Content-Security-Policy lets the site work", () => {
  it("hydrates and navigates a page shared by the guest cache (scripts allowed by hash), with no violation", async () => {
    const watched = await watchedPage();
    try {
      // The first visit loads the IP blocks (rendered alone), the next stores the page, then it is shared.
      let shared: Awaited<ReturnType<Page["goto"]>> = null;
      for (let i = 0; i < 5 && !/hit|stale/.test(shared?.headers()["x-cache"] ?? ""); i++)
        shared = await watched.page.goto("/camsites");
      expect(shared?.headers()["x-cache"]).toMatch(/hit|stale/);
      expect(shared?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
      await watched.page.waitForLoadState("networkidle");
      expect(await navigatesOnTheClient(watched.page, 'main a[href^="/camsites/"]')).toBe(true);
      expect(await watched.findings()).toEqual([]);
    } finally {
      await watched.context.close();
    }
  });

  it("hydrates and navigates a page rendered for one visitor (scripts allowed by its nonce), with no violation", async () => {
    const watched = await watchedPage();
    try {
      await watched.page.goto("/login");
      await signIn(watched.page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      const response = await watched.page.goto("/admin/users");
      const policy = response?.headers()["content-security-policy"] ?? "";
      const scripts = policy.split(";").find((part) => part.trim().startsWith("script-src")) ?? "";
      expect(scripts.trim()).toMatch(/^script-src 'self' 'nonce-[^']+'$/);
      expect(policy).toContain("frame-ancestors 'none'");
      await watched.page.waitForLoadState("networkidle");
      expect(await navigatesOnTheClient(watched.page, 'a[href="/admin/models"]')).toBe(true);
      expect(await watched.findings()).toEqual([]);
    } finally {
      await watched.context.close();
    }
  });
});
