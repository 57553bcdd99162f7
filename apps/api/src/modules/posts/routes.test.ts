import { schema } from "@camatlas/db";
import { createMedia, createModel, createPost, createUser } from "@camatlas/db/factories";
import { API_MESSAGES, POST_MESSAGES, ROLE, VALIDATION_MESSAGES } from "@camatlas/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";

let t: TestApi;
let admin: string;
let fan: string;
let fanId: number;
let adminId: number;
let cover: number;

beforeAll(async () => {
  t = await createTestApi();
  const { db } = t.database;
  const adminUser = await createUser(db, { roleId: ROLE.admin, nickName: "Desk_Editor" });
  const fanUser = await createUser(db);
  adminId = adminUser.id;
  fanId = fanUser.id;
  admin = `Bearer ${await t.deps.tokens.issue({ id: adminUser.id, roleId: ROLE.admin })}`;
  fan = `Bearer ${await t.deps.tokens.issue({ id: fanUser.id, roleId: ROLE.camfan })}`;
  cover = (
    await createMedia(db, {
      kind: "other",
      path: "uploads/cover.webp",
      userId: adminUser.id,
      blurhash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
      width: 1200,
      height: 630,
    })
  ).id;
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const as = (auth: string | null) => (method: string, path: string, body?: unknown) =>
  t.call(method, `/api${path}`, { body, headers: auth ? { authorization: auth } : {} });
const asAdmin = (method: string, path: string, body?: unknown) => as(admin)(method, path, body);
const asGuest = (method: string, path: string, body?: unknown) => as(null)(method, path, body);

async function draft(body: Record<string, unknown>) {
  const res = await asAdmin("POST", "/admin/posts", { type: "blog", body: "<p>Words.</p>", ...body });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

describe("the desk writes a post", () => {
  it("saves a draft with its HTML sanitized, its address made from the title, its links and cover", async () => {
    const model = await createModel(t.database.db, { name: "Desk Linked" });
    const post = await draft({
      type: "review",
      post_title: "Jasmin's best shows!",
      excerpt: "What we liked",
      body: '<h1>Intro</h1><p onclick="x()">Hello<script>alert(1)</script> <a href="javascript:alert(1)">link</a></p>',
      image_media_id: cover,
      tags: ["Shows", "shows", "Tips"],
      models_ids: [model.id],
      cam_site_ids: [33],
    });
    expect(post).toMatchObject({
      type: "review",
      post_name: "jasmins-best-shows",
      url: "/reviews/jasmins-best-shows",
      state: "draft",
      status: "draft",
      published_at: null,
      body: "<h2>Intro</h2><p>Hello <a>link</a></p>",
      image: "/media/uploads/cover.webp",
      image_blurhash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
      image_media_id: cover,
      tags: ["Shows", "Tips"],
      models: [{ id: model.id, name: "Desk Linked", slug: model.slug }],
      camsites: [expect.objectContaining({ id: 33 })],
      author: { nick_name: "Desk_Editor" },
    });
    const [row] = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "post.created"), eq(schema.auditLog.subjectId, String(post.id))));
    expect(row?.actorUserId).toBe(adminId);
  });

  it("refuses bad input with the field's text and writes nothing", async () => {
    const verification = await createMedia(t.database.db, {
      kind: "verification_image",
      path: "private/v.webp",
      userId: fanId,
    });
    const before = (await t.database.db.select().from(schema.posts)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ post_title: "" }, "post_title", VALIDATION_MESSAGES.required],
      [{ post_title: "x", post_name: "Not A Slug" }, "post_name", POST_MESSAGES.postNameFormat],
      [
        { post_title: "x", tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
        "tags",
        POST_MESSAGES.tooManyTags,
      ],
      [{ post_title: "x", cam_site_ids: [999] }, "cam_site_ids", POST_MESSAGES.unknownCamsite],
      [{ post_title: "x", models_ids: [999_999] }, "models_ids", VALIDATION_MESSAGES.invalidId],
      [
        { post_title: "x", image_media_id: verification.id },
        "image_media_id",
        VALIDATION_MESSAGES.mediaNotFound,
      ],
      [{ post_title: "x", excerpt: "e".repeat(197) }, "excerpt", ""],
    ];
    for (const [body, field, text] of cases) {
      const res = await asAdmin("POST", "/admin/posts", { type: "blog", ...body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      const reply = await res.json();
      expect(Object.keys(reply.errors)).toEqual([field]);
      if (text) expect(reply.errors[field]).toEqual([text]);
    }
    expect((await t.database.db.select().from(schema.posts)).length).toBe(before);
  });

  it("refuses a second post of the same kind at the same address, not one of another kind", async () => {
    await draft({ post_title: "Twice", post_name: "twice" });
    const again = await asAdmin("POST", "/admin/posts", {
      type: "blog",
      post_title: "T",
      post_name: "twice",
    });
    expect(again.status).toBe(422);
    expect((await again.json()).errors).toEqual({ post_name: [POST_MESSAGES.postNameTaken] });
    const news = await draft({ type: "news", post_title: "T", post_name: "twice" });
    expect(news.url).toBe("/news/twice");
    // Without a name, a free one is made from the title.
    expect((await draft({ post_title: "Twice" })).post_name).toBe("twice-2");
  });

  it("is for admins only", async () => {
    const body = { type: "blog", post_title: "No" };
    expect((await asGuest("POST", "/admin/posts", body)).status).toBe(401);
    expect((await as(fan)("POST", "/admin/posts", body)).status).toBe(403);
    expect((await as(fan)("GET", "/admin/posts")).status).toBe(403);
  });
});

describe("publishing", () => {
  it("a draft is the admin's alone; published, everyone reads it and the list shows its teaser", async () => {
    const post = await draft({ post_title: "Hello world", image_media_id: cover, excerpt: "First" });
    expect((await asGuest("GET", "/posts/blog/hello-world")).status).toBe(404);
    const preview = await (await asAdmin("GET", "/posts/blog/hello-world")).json();
    expect(preview).toMatchObject({ state: "draft", can: { edit: true, vote: false } });
    expect((await asGuest("GET", "/posts?type=blog")).ok).toBe(true);
    expect(
      (await (await asGuest("GET", "/posts?type=blog")).json()).data.map((p: { id: number }) => p.id),
    ).not.toContain(post.id);

    const published = await (await asAdmin("POST", `/admin/posts/${post.id}/publish`)).json();
    expect(published.state).toBe("published");
    const page = await (await asGuest("GET", "/posts/blog/hello-world")).json();
    expect(page).toMatchObject({
      post_title: "Hello world",
      state: "published",
      body_html: "<p>Words.</p>",
      my_vote: 0,
      can: { vote: false, edit: false },
    });
    const list = await (await asGuest("GET", "/posts?type=blog")).json();
    expect(list.data[0]).toEqual({
      id: post.id,
      type: "blog",
      post_title: "Hello world",
      post_name: "hello-world",
      url: "/blog/hello-world",
      excerpt: "First",
      votes: 0,
      image: "/media/uploads/cover.webp",
      image_blurhash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
      image_width: 1200,
      image_height: 630,
      published_at: published.published_at,
    });
  });

  it("a scheduled post stays out of every read until its time, then shows without anything running", async () => {
    const post = await draft({ post_title: "Tomorrow's news", type: "news" });
    const at = new Date(Date.now() + 3_600_000);
    const scheduled = await asAdmin("POST", `/admin/posts/${post.id}/publish`, {
      publish_at: at.toISOString(),
    });
    expect((await scheduled.json()).state).toBe("scheduled");
    const names = async () =>
      (await (await asGuest("GET", "/posts?type=news")).json()).data.map(
        (p: { post_name: string }) => p.post_name,
      );
    expect(await names()).not.toContain("tomorrows-news");
    const total = async () => (await (await asGuest("GET", "/posts?type=news")).json()).total;
    const before = await total();
    expect((await asGuest("GET", "/posts/news/tomorrows-news")).status).toBe(404);
    expect(await (await asGuest("GET", "/feeds/news")).text()).not.toContain("Tomorrow");
    const desk = await (await asAdmin("GET", "/admin/posts?state=scheduled")).json();
    expect(desk.data.map((p: { id: number }) => p.id)).toContain(post.id);
    expect(desk.meta.counts.scheduled).toBeGreaterThanOrEqual(1);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at.getTime() + 1000);
    expect(await names()).toContain("tomorrows-news");
    // The list's kept total is not behind the clock either.
    expect(await total()).toBe(before + 1);
    expect((await asGuest("GET", "/posts/news/tomorrows-news")).status).toBe(200);
    expect(await (await asGuest("GET", "/feeds/news")).text()).toContain(
      "Tomorrow&apos;s news".replace("&apos;", "'"),
    );
  });

  it("refuses a publish time in the past and a post with nothing in it", async () => {
    const post = await draft({ post_title: "Empty", body: "<p> </p>" });
    const past = await asAdmin("POST", `/admin/posts/${post.id}/publish`, {
      publish_at: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect((await past.json()).errors).toEqual({ publish_at: [POST_MESSAGES.publishAtTooEarly] });
    const empty = await asAdmin("POST", `/admin/posts/${post.id}/publish`);
    expect(empty.status).toBe(422);
    expect((await empty.json()).errors).toEqual({ body: [POST_MESSAGES.emptyBody] });
  });

  it("unpublishing takes a post back to draft, out of public reads, with an audit row", async () => {
    const post = await draft({ post_title: "Short lived" });
    await asAdmin("POST", `/admin/posts/${post.id}/publish`);
    expect((await asGuest("GET", "/posts/blog/short-lived")).status).toBe(200);
    const back = await (await asAdmin("POST", `/admin/posts/${post.id}/unpublish`)).json();
    expect(back.state).toBe("draft");
    expect((await asGuest("GET", "/posts/blog/short-lived")).status).toBe(404);
    const actions = (
      await t.database.db
        .select()
        .from(schema.auditLog)
        .where(eq(schema.auditLog.subjectId, String(post.id)))
    ).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["post.created", "post.published", "post.unpublished"]));
  });
});

describe("notifications", () => {
  it("the camgirl of a model a post is about hears when it goes out, once, with a link to it", async () => {
    const { db } = t.database;
    const camgirl = await createUser(db, { roleId: ROLE.camgirl });
    const model = await createModel(db, { name: "Noticed Model", userId: camgirl.id });
    const post = await draft({ type: "review", post_title: "Noticed", models_ids: [model.id] });
    await asAdmin("POST", `/admin/posts/${post.id}/publish`);
    await asAdmin("POST", `/admin/posts/${post.id}/publish`, {
      publish_at: new Date(Date.now() + 60_000).toISOString(),
    });
    const notices = await db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.notifiableId, String(camgirl.id)));
    expect(notices.map((n) => n.data)).toEqual([
      {
        text: "A review about Noticed Model has been published.",
        title: "Noticed",
        models_ids: [model.id],
        models: [{ id: model.id, name: "Noticed Model", slug: model.slug }],
        url: "/reviews/noticed",
      },
    ]);
  });
});

describe("addresses", () => {
  it("a renamed post answers on its old address with a redirect reply; a deleted one frees its address", async () => {
    const post = await draft({ post_title: "Old name", post_name: "old-name" });
    await asAdmin("POST", `/admin/posts/${post.id}/publish`);
    const renamed = await asAdmin("PUT", `/admin/posts/${post.id}`, { post_name: "new-name" });
    expect((await renamed.json()).url).toBe("/blog/new-name");
    expect(await (await asGuest("GET", "/posts/blog/old-name")).json()).toEqual({
      is_redirect: true,
      redirect_url: "/blog/new-name",
    });
    // Another kind's old-name is not this one.
    expect((await asGuest("GET", "/posts/news/old-name")).status).toBe(404);
    expect((await asAdmin("DELETE", `/admin/posts/${post.id}`)).status).toBe(200);
    expect((await asGuest("GET", "/posts/blog/new-name")).status).toBe(404);
    expect((await asGuest("GET", "/posts/blog/old-name")).status).toBe(404);
    expect((await draft({ post_title: "x", post_name: "new-name" })).url).toBe("/blog/new-name");
  });

  it("an update that names nothing to change is refused", async () => {
    const post = await draft({ post_title: "Unchanged" });
    expect((await asAdmin("PUT", `/admin/posts/${post.id}`, {})).status).toBe(422);
    expect((await asAdmin("PUT", "/admin/posts/999999", { post_title: "x" })).status).toBe(404);
  });
});

describe("votes", () => {
  it("a signed-in reader votes up, changes it, takes it back; guests cannot, drafts take none", async () => {
    const post = await draft({ post_title: "Vote on me" });
    expect((await as(fan)("POST", `/posts/${post.id}/vote`, { value: 1 })).status).toBe(404);
    await asAdmin("POST", `/admin/posts/${post.id}/publish`);
    expect((await asGuest("POST", `/posts/${post.id}/vote`, { value: 1 })).status).toBe(401);
    const up = await (await as(fan)("POST", `/posts/${post.id}/vote`, { value: 1 })).json();
    expect(up).toEqual({ message: POST_MESSAGES.voted, votes: 1, my_vote: 1 });
    expect((await as(fan)("POST", `/posts/${post.id}/vote`, { value: 1 })).ok).toBe(true);
    const page = await (await as(fan)("GET", "/posts/blog/vote-on-me")).json();
    expect(page).toMatchObject({ votes: 1, my_vote: 1, can: { vote: true } });
    expect((await (await as(fan)("POST", `/posts/${post.id}/vote`, { value: -1 })).json()).votes).toBe(-1);
    expect((await (await as(fan)("POST", `/posts/${post.id}/vote`, { value: 0 })).json()).votes).toBe(0);
    expect((await as(fan)("POST", `/posts/${post.id}/vote`, { value: 2 })).status).toBe(422);
  });
});

describe("lists for a model and a camsite", () => {
  it("list the reviews linked to them; a hidden model has none to show", async () => {
    const { db } = t.database;
    const visible = await createModel(db, { name: "Seen Model" });
    const hidden = await createModel(db, { name: "Hidden Model" });
    await db.update(schema.models).set({ isVisible: false }).where(eq(schema.models.id, hidden.id));
    const review = await createPost(db, {
      type: "review",
      postTitle: "About both",
      modelIds: [visible.id, hidden.id],
      camSiteIds: [36],
      tags: ["Duo"],
    });
    const ids = async (query: string, auth: string | null = null) =>
      (await (await as(auth)("GET", `/posts?${query}`)).json()).data.map((p: { id: number }) => p.id);
    expect(await ids(`type=review&model_id=${visible.id}`)).toEqual([review.id]);
    expect(await ids(`type=review&model_id=${hidden.id}`)).toEqual([]);
    expect(await ids(`type=review&model_id=${hidden.id}`, admin)).toEqual([review.id]);
    expect(await ids("type=review&cam_site_id=36")).toContain(review.id);
    expect(await ids("tag=duo")).toEqual([review.id]);
    const page = await (await asGuest("GET", `/posts/review/${review.postName}`)).json();
    expect(page.models.map((m: { id: number }) => m.id)).toEqual([visible.id]);
    expect(JSON.stringify(page)).not.toContain("Hidden Model");
  });

  it("pages reviews 6 at a time, newest first", async () => {
    const { db } = t.database;
    for (let i = 0; i < 7; i++)
      await createPost(db, { type: "review", publishedAt: new Date(Date.UTC(2020, 0, 1 + i)) });
    const first = await (await asGuest("GET", "/posts?type=review")).json();
    expect(first.data).toHaveLength(6);
    expect(first.last_page).toBeGreaterThanOrEqual(2);
    const dates = first.data.map((p: { published_at: string }) => p.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

describe("feeds and sitemap", () => {
  it("RSS and Atom carry the kind's live posts with absolute links", async () => {
    const post = await draft({ post_title: "Feed <me>", post_name: "feed-me" });
    await asAdmin("POST", `/admin/posts/${post.id}/publish`);
    const rss = await asGuest("GET", "/feeds/blog");
    expect(rss.headers.get("content-type")).toContain("application/rss+xml");
    const xml = await rss.text();
    expect(xml).toContain("<rss");
    expect(xml).toContain("/blog/feed-me</link>");
    // The title's markup is text in the XML (CDATA or entities), never an element.
    expect(xml).toMatch(/<!\[CDATA\[Feed <me>\]\]>|Feed &lt;me&gt;/);
    const atom = await asGuest("GET", "/feeds/blog?format=atom");
    expect(atom.headers.get("content-type")).toContain("application/atom+xml");
    expect(await atom.text()).toContain("<feed");
    expect((await asGuest("GET", "/feeds/other")).status).toBe(404);
  });

  it("the sitemap lists live posts at their addresses, not drafts", async () => {
    await draft({ post_title: "Sitemap draft", post_name: "sitemap-draft" });
    const live = await draft({ post_title: "Sitemap live", post_name: "sitemap-live" });
    await asAdmin("POST", `/admin/posts/${live.id}/publish`);
    const { entries } = await (await asGuest("GET", "/sitemap-entries")).json();
    const paths = entries.map((e: { path: string }) => e.path);
    expect(paths).toContain("/blog/sitemap-live");
    expect(paths).not.toContain("/blog/sitemap-draft");
  });
});

describe("the desk's list", () => {
  it("filters by kind, state and title words, with counts per state", async () => {
    const post = await draft({ type: "news", post_title: "Zebra desk item" });
    const reply = await (await asAdmin("GET", "/admin/posts?type=news&query=zebra")).json();
    expect(reply.data.map((p: { id: number }) => p.id)).toEqual([post.id]);
    expect(reply.data[0]).toMatchObject({ state: "draft", author: { nick_name: "Desk_Editor" } });
    expect(reply.meta.counts).toEqual({ draft: 1, scheduled: 0, published: 0 });
    const published = await (
      await asAdmin("GET", "/admin/posts?type=news&query=zebra&state=published")
    ).json();
    expect(published.data).toEqual([]);
    expect((await asAdmin("GET", "/admin/posts?state=nope")).status).toBe(422);
    expect(API_MESSAGES.notFound).toBeTruthy();
  });
});
