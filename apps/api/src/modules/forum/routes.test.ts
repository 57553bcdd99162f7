import { schema } from "@camatlas/db";
import { createForumCategory, createForumTopic, createModel, createUser } from "@camatlas/db/factories";
import { ROLE } from "@camatlas/shared";
import { FORUM_MESSAGES, FORUM_NOTIFICATION_TYPES } from "@camatlas/shared/forum";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { createMediaRow, type SignedIn } from "../models/test-helpers.ts";

let t: TestApi;
let fan: SignedIn;
let other: SignedIn;
let admin: SignedIn;
let general: { id: number; slug: string };
let announcements: { id: number; slug: string };
let model: { id: number; slug: string };

const DAY = 24 * 60 * 60 * 1000;

/** A member whose account is `ageDays` old (new accounts have a topic limit), signed in. */
async function member(roleId: number = ROLE.camfan, ageDays = 30): Promise<SignedIn & { nick: string }> {
  const user = await createUser(t.database.db, { roleId, createdAt: new Date(Date.now() - ageDays * DAY) });
  const token = await t.deps.tokens.issue({ id: user.id, roleId });
  return { id: user.id, roleId, nick: user.nickName, headers: { authorization: `Bearer ${token}` } };
}

const json = async (res: Response) => res.json();

async function startTopic(who: SignedIn, body: Record<string, unknown> = {}) {
  return t.call("POST", "/api/forum/topics", {
    headers: who.headers,
    body: { category_id: general.id, title: "Best shows this week", body: "What did you watch?", ...body },
  });
}

beforeAll(async () => {
  t = await createTestApi();
  [fan, other, admin] = await Promise.all([member(), member(), member(ROLE.admin)]);
  general = await createForumCategory(t.database.db, { slug: "general", title: "General" });
  announcements = await createForumCategory(t.database.db, {
    slug: "announcements",
    title: "Announcements",
    postingAccess: "admins",
  });
  model = await createModel(t.database.db, { name: "Forum Fiona" });
});
afterAll(() => t.close());

describe("starting topics", () => {
  it("starts a topic linked to a model: listed in its category, on her Discussions and readable by its slug", async () => {
    const res = await startTopic(fan, { model_ids: [model.id], tags: ["Shows", "shows"] });
    expect(res.status).toBe(201);
    const { topic, held } = await json(res);
    expect(held).toBe(false);
    expect(topic).toMatchObject({ title: "Best shows this week", tags: ["shows"], posts_count: 1 });
    expect(topic.models).toEqual([{ id: model.id, name: "Forum Fiona", slug: model.slug }]);
    expect(topic.url).toBe(`/forum/general/${topic.slug}`);

    const category = await json(await t.call("GET", "/api/forum/categories/general"));
    expect(category.topics.data.map((row: { id: number }) => row.id)).toContain(topic.id);
    const discussions = await json(await t.call("GET", `/api/forum/topics?model_id=${model.id}`));
    expect(discussions.data.map((row: { id: number }) => row.id)).toEqual([topic.id]);
    const page = await json(await t.call("GET", `/api/forum/topics/by-slug/${topic.slug}`));
    expect(page.posts.data[0]).toMatchObject({ position: 1, body: "What did you watch?" });
    const index = await json(await t.call("GET", "/api/forum/categories"));
    const row = index.data.find((c: { slug: string }) => c.slug === "general");
    expect(row.last_topic.title).toBe("Best shows this week");
    expect(row.can.post).toBe(false);
  });

  it("refuses an empty title, a title over 150 characters and a body over 20,000, naming the field", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: "   " }, "title", FORUM_MESSAGES.titleRequired],
      [{ title: "x".repeat(151) }, "title", FORUM_MESSAGES.titleTooLong],
      [{ body: "" }, "body", FORUM_MESSAGES.bodyRequired],
      [{ body: "y".repeat(20_001) }, "body", FORUM_MESSAGES.bodyTooLong],
    ];
    for (const [body, field, text] of cases) {
      const res = await startTopic(fan, body);
      expect(res.status, field).toBe(422);
      expect((await json(res)).errors[field]).toEqual([text]);
    }
    expect((await startTopic(fan, { title: "x".repeat(150) })).status).toBe(201);
  });

  it("keeps HTML as the text it is", async () => {
    const script = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const { topic } = await json(await startTopic(fan, { title: script, body: script }));
    expect(topic.title).toBe(script);
    const page = await json(await t.call("GET", `/api/forum/topics/by-slug/${topic.slug}`));
    expect(page.posts.data[0].body).toBe(script);
  });

  it("lets only admins post in an admins-only category", async () => {
    const res = await startTopic(fan, { category_id: announcements.id });
    expect(res.status).toBe(403);
    expect((await json(res)).message).toBe(FORUM_MESSAGES.categoryClosed);
    expect((await startTopic(admin, { category_id: announcements.id })).status).toBe(201);
    const unknown = await startTopic(fan, { category_id: 999_999 });
    expect((await json(unknown)).errors.category_id).toEqual([FORUM_MESSAGES.unknownCategory]);
  });

  it("refuses hidden models, unknown camsites and someone else's image, writing nothing", async () => {
    const hidden = await createModel(t.database.db, { name: "Hidden Hanna", isVisible: false });
    const foreignImage = await createMediaRow(t, other.id, "other");
    const before = await json(await t.call("GET", "/api/forum/categories/general"));
    const res = await startTopic(fan, {
      model_ids: [hidden.id],
      camsite_ids: [999_999],
      media_ids: [foreignImage],
    });
    expect(res.status).toBe(422);
    const { errors } = await json(res);
    expect(errors.model_ids).toEqual([FORUM_MESSAGES.unknownModel]);
    expect(errors.camsite_ids).toEqual([FORUM_MESSAGES.unknownCamsite]);
    expect(errors.media_ids).toBeDefined();
    const after = await json(await t.call("GET", "/api/forum/categories/general"));
    expect(after.topics.total).toBe(before.topics.total);
  });

  it("lets a new account start 3 topics on its first day, then answers 429", async () => {
    const newcomer = await member(ROLE.camfan, 0);
    for (let i = 0; i < 3; i++)
      expect((await startTopic(newcomer, { title: `Hello ${i}` })).status).toBe(201);
    const res = await startTopic(newcomer, { title: "One too many" });
    expect(res.status).toBe(429);
    expect((await json(res)).message).toBe(FORUM_MESSAGES.newAccountTopicLimit);
  });
});

describe("replies, quotes and notifications", () => {
  it("tells the starter about a reply, the quoted author about the quote and a mentioned member, once each", async () => {
    const starter = await member();
    const quoter = await member();
    const mentioned = await member();
    const { topic } = await json(await startTopic(starter, { title: "Quote me" }));
    const page = await json(await t.call("GET", `/api/forum/topics/by-slug/${topic.slug}`));
    const opening = page.posts.data[0];
    expect(opening.author.nick_name).toBe(starter.nick);
    expect(page.topic.author.nick_name).toBe(starter.nick);
    const body = `[quote="${starter.nick}" post=${opening.id}]\nWhat did you watch?\n[/quote]\n\nHer show! cc @${mentioned.nick}`;
    const image = await createMediaRow(t, quoter.id, "other");
    const res = await t.call("POST", `/api/forum/topics/${topic.id}/posts`, {
      headers: quoter.headers,
      body: { body, media_ids: [image] },
    });
    expect(res.status).toBe(201);
    const saved = await json(res);
    expect(saved.post.position).toBe(2);
    expect(saved.post.author.nick_name).toBe(quoter.nick);
    expect(saved.post.attachments.map((a: { id: number }) => a.id)).toEqual([image]);
    expect(saved.url).toBe(`${topic.url}#post-2`);

    const starterNotes = await json(await t.call("GET", "/api/notifications", { headers: starter.headers }));
    expect(starterNotes.data).toHaveLength(1);
    expect(starterNotes.data[0]).toMatchObject({ type: FORUM_NOTIFICATION_TYPES.quote });
    expect(starterNotes.data[0].data.url).toBe(`${topic.url}#post-2`);
    const mentionedNotes = await json(
      await t.call("GET", "/api/notifications", { headers: mentioned.headers }),
    );
    expect(mentionedNotes.data.map((n: { type: string }) => n.type)).toEqual([
      FORUM_NOTIFICATION_TYPES.mention,
    ]);
    const own = await json(await t.call("GET", "/api/notifications", { headers: quoter.headers }));
    expect(own.data).toHaveLength(0);

    // A follower hears about the next reply; the starter (who follows her topic) too.
    await t.call("PUT", `/api/forum/topics/${topic.id}/subscription`, {
      headers: quoter.headers,
      body: { subscribed: true },
    });
    await t.call("POST", `/api/forum/topics/${topic.id}/posts`, {
      headers: mentioned.headers,
      body: { body: "Same!" },
    });
    const followerNotes = await json(await t.call("GET", "/api/notifications", { headers: quoter.headers }));
    expect(followerNotes.data[0]).toMatchObject({ type: FORUM_NOTIFICATION_TYPES.reply });
    expect(
      (await json(await t.call("GET", "/api/notifications", { headers: starter.headers }))).data,
    ).toHaveLength(2);
  });

  it("closes a locked topic to members' replies (403 with the reason), not to admins", async () => {
    const { topic } = await json(await startTopic(await member(), { title: "Soon locked" }));
    const lock = await t.call("PATCH", `/api/admin/forum/topics/${topic.id}`, {
      headers: admin.headers,
      body: { locked: true, pinned: true },
    });
    expect(lock.status).toBe(200);
    expect((await json(lock)).topic).toMatchObject({ is_locked: true, is_pinned: true });
    const res = await t.call("POST", `/api/forum/topics/${topic.id}/posts`, {
      headers: other.headers,
      body: { body: "Hi" },
    });
    expect(res.status).toBe(403);
    expect((await json(res)).message).toBe(FORUM_MESSAGES.topicLocked);
    expect(
      (
        await t.call("POST", `/api/forum/topics/${topic.id}/posts`, {
          headers: admin.headers,
          body: { body: "Closed." },
        })
      ).status,
    ).toBe(201);
    const page = await json(
      await t.call("GET", `/api/forum/topics/by-slug/${topic.slug}`, { headers: other.headers }),
    );
    expect(page.topic.can.reply).toBe(false);
    expect(page.posts.total).toBe(2);
  });

  it("refuses a vote on one's own post and counts others' votes", async () => {
    const voter = await member();
    const { topic } = await json(await startTopic(voter, { title: "Vote on me" }));
    const page = await json(await t.call("GET", `/api/forum/topics/by-slug/${topic.slug}`));
    const postId = page.posts.data[0].id;
    const own = await t.call("PUT", `/api/forum/posts/${postId}/vote`, {
      headers: voter.headers,
      body: { value: 1 },
    });
    expect(own.status).toBe(403);
    expect((await json(own)).message).toBe(FORUM_MESSAGES.ownPostVote);
    const up = await t.call("PUT", `/api/forum/posts/${postId}/vote`, {
      headers: other.headers,
      body: { value: 1 },
    });
    expect(await json(up)).toMatchObject({ score: 1, my_vote: 1 });
    const down = await t.call("PUT", `/api/forum/posts/${postId}/vote`, {
      headers: other.headers,
      body: { value: -1 },
    });
    expect((await json(down)).score).toBe(-1);
    const bad = await t.call("PUT", `/api/forum/posts/${postId}/vote`, {
      headers: other.headers,
      body: { value: 5 },
    });
    expect(bad.status).toBe(422);
    expect((await json(bad)).errors.value).toBeDefined();
  });
});

describe("pages of a long topic", () => {
  it("serves 20 posts a page by position and opens the first unread page", async () => {
    const reader = await member();
    const topic = await createForumTopic(t.database.db, {
      categoryId: general.id,
      userId: fan.id,
      replies: 44,
      slug: "long-thread",
    });
    const third = await json(
      await t.call("GET", "/api/forum/topics/by-slug/long-thread?page=3", { headers: other.headers }),
    );
    expect(third.posts).toMatchObject({ total: 45, current_page: 3, last_page: 3 });
    expect(third.posts.data.map((p: { position: number }) => p.position)).toEqual([41, 42, 43, 44, 45]);

    await t.call("GET", "/api/forum/topics/by-slug/long-thread", { headers: reader.headers });
    const unread = await json(
      await t.call("GET", "/api/forum/topics/by-slug/long-thread?unread=1", { headers: reader.headers }),
    );
    expect(unread.topic.first_unread_position).toBe(21);
    expect(unread.posts.current_page).toBe(2);
    expect(topic.id).toBe(unread.topic.id);
  });
});

describe("edits, deletes and reports", () => {
  it("keeps a post's earlier text for admins; others may not edit or read the history", async () => {
    const author = await member();
    const { topic } = await json(await startTopic(author, { title: "Edit me" }));
    const page = await json(await t.call("GET", `/api/forum/topics/by-slug/${topic.slug}`));
    const postId = page.posts.data[0].id;
    expect(
      (
        await t.call("PATCH", `/api/forum/posts/${postId}`, {
          headers: other.headers,
          body: { body: "Hijack" },
        })
      ).status,
    ).toBe(403);
    const edit = await t.call("PATCH", `/api/forum/posts/${postId}`, {
      headers: author.headers,
      body: { body: "Better text" },
    });
    const edited = await json(edit);
    expect(edited.post, JSON.stringify(edited)).toMatchObject({ body: "Better text" });
    expect(
      (await t.call("GET", `/api/admin/forum/posts/${postId}/revisions`, { headers: author.headers })).status,
    ).toBe(403);
    const history = await json(
      await t.call("GET", `/api/admin/forum/posts/${postId}/revisions`, { headers: admin.headers }),
    );
    expect(history.data.map((r: { body: string }) => r.body)).toEqual(["What did you watch?"]);
  });

  it("puts a report in the admins' queue; deleting the post keeps its place as deleted", async () => {
    const reporter = await member();
    const { topic } = await json(await startTopic(await member(), { title: "Report target" }));
    const reply = await json(
      await t.call("POST", `/api/forum/topics/${topic.id}/posts`, {
        headers: other.headers,
        body: { body: "Buy pills" },
      }),
    );
    const report = await t.call("POST", `/api/forum/posts/${reply.post.id}/reports`, {
      headers: reporter.headers,
      body: { reason: "spam" },
    });
    expect(report.status).toBe(201);
    const again = await t.call("POST", `/api/forum/posts/${reply.post.id}/reports`, {
      headers: reporter.headers,
      body: { reason: "spam" },
    });
    expect(again.status).toBe(409);
    const queue = await json(await t.call("GET", "/api/admin/forum/reports", { headers: admin.headers }));
    const item = queue.data.find((r: { post: { id: number } }) => r.post.id === reply.post.id);
    expect(item).toMatchObject({
      reason: "spam",
      post: { excerpt: "Buy pills", topic_title: "Report target" },
    });
    const resolve = await t.call("POST", `/api/admin/forum/reports/${item.id}/resolve`, {
      headers: admin.headers,
      body: { action: "delete_post" },
    });
    expect(resolve.status).toBe(200);
    const page = await json(await t.call("GET", `/api/forum/topics/by-slug/${topic.slug}`));
    expect(page.posts.data[1]).toMatchObject({ position: 2, is_deleted: true, body: "" });
    const audit = await t.database.db.select().from(schema.auditLog);
    expect(audit.some((row) => row.action === "forum.report_post_deleted")).toBe(true);
  });
});

describe("moderation", () => {
  it("holds a new member's first post when the setting says so until an admin approves it", async () => {
    await t.call("PUT", "/api/admin/forum/settings", {
      headers: admin.headers,
      body: { hold_first_posts: true },
    });
    const newcomer = await member(ROLE.camfan, 0);
    const res = await startTopic(newcomer, { title: "My first topic" });
    const { topic, held, message } = await json(res);
    expect(held).toBe(true);
    expect(message).toBe(FORUM_MESSAGES.topicHeld);
    expect((await t.call("GET", `/api/forum/topics/by-slug/${topic.slug}`)).status).toBe(404);
    expect(
      (await t.call("GET", `/api/forum/topics/by-slug/${topic.slug}`, { headers: newcomer.headers })).status,
    ).toBe(200);
    const pending = await json(await t.call("GET", "/api/admin/forum/pending", { headers: admin.headers }));
    const item = pending.data.find((p: { topic: { id: number } }) => p.topic.id === topic.id);
    expect(item.opens_topic).toBe(true);
    expect(
      (await t.call("POST", `/api/admin/forum/posts/${item.id}/approve`, { headers: admin.headers })).status,
    ).toBe(200);
    const page = await json(await t.call("GET", `/api/forum/topics/by-slug/${topic.slug}`));
    expect(page.posts.data[0]).toMatchObject({ position: 1, status: "published" });
    await t.call("PUT", "/api/admin/forum/settings", {
      headers: admin.headers,
      body: { hold_first_posts: false },
    });
  });

  it("bans a member from posting, then lets her post again once lifted", async () => {
    const troll = await member();
    expect(
      (await t.call("PUT", `/api/admin/forum/bans/${troll.id}`, { headers: admin.headers, body: {} })).status,
    ).toBe(200);
    const res = await startTopic(troll);
    expect(res.status).toBe(403);
    expect((await json(res)).message).toBe(FORUM_MESSAGES.banned);
    await t.call("DELETE", `/api/admin/forum/bans/${troll.id}`, { headers: admin.headers });
    expect((await startTopic(troll)).status).toBe(201);
  });

  it("moves and merges topics: the merged topic's posts follow at the end, its address leads to the target", async () => {
    const a = await json(await startTopic(await member(), { title: "Merge source" }));
    const b = await json(await startTopic(await member(), { title: "Merge target" }));
    const move = await t.call("PATCH", `/api/admin/forum/topics/${a.topic.id}`, {
      headers: admin.headers,
      body: { category_id: announcements.id },
    });
    expect((await json(move)).topic.category.slug).toBe("announcements");
    const merge = await t.call("POST", `/api/admin/forum/topics/${a.topic.id}/merge`, {
      headers: admin.headers,
      body: { into_topic_id: b.topic.id },
    });
    expect((await json(merge)).topic.posts_count).toBe(2);
    const target = await json(await t.call("GET", `/api/forum/topics/by-slug/${b.topic.slug}`));
    expect(target.posts.data.map((p: { position: number; body: string }) => [p.position, p.body])).toEqual([
      [1, "What did you watch?"],
      [2, "What did you watch?"],
    ]);
    const source = await json(await t.call("GET", `/api/forum/topics/by-slug/${a.topic.slug}`));
    expect(source.topic.merged_into_url).toBe(b.topic.url);
  });

  it("creates, renames and deletes an empty category (admins only)", async () => {
    const body = { title: "Camsites", slug: "camsites-talk", posting_access: "members" };
    expect((await t.call("POST", "/api/admin/forum/categories", { headers: fan.headers, body })).status).toBe(
      403,
    );
    const created = await json(
      await t.call("POST", "/api/admin/forum/categories", { headers: admin.headers, body }),
    );
    const taken = await t.call("POST", "/api/admin/forum/categories", { headers: admin.headers, body });
    expect((await json(taken)).errors.slug).toEqual([FORUM_MESSAGES.slugTaken]);
    const id = created.category.id;
    const renamed = await t.call("PUT", `/api/admin/forum/categories/${id}`, {
      headers: admin.headers,
      body: { ...body, title: "Camsites & apps" },
    });
    expect((await json(renamed)).category.title).toBe("Camsites & apps");
    const full = await t.call("DELETE", `/api/admin/forum/categories/${general.id}`, {
      headers: admin.headers,
    });
    expect(full.status).toBe(422);
    expect(
      (await t.call("DELETE", `/api/admin/forum/categories/${id}`, { headers: admin.headers })).status,
    ).toBe(200);
  });
});

describe("search engines", () => {
  it("list categories and published topics in the sitemap, not held or deleted ones", async () => {
    const author = await member();
    const { topic } = await json(await startTopic(author, { title: "Sitemap me" }));
    const gone = await json(await startTopic(author, { title: "Soon deleted" }));
    await t.call("DELETE", `/api/forum/topics/${gone.topic.id}`, { headers: author.headers });
    const sitemap = await json(await t.call("GET", "/api/sitemap-entries?per_page=1000"));
    const paths = sitemap.entries.map((entry: { path: string }) => entry.path);
    expect(paths).toContain("/forum/general");
    expect(paths).toContain(topic.url);
    expect(paths).not.toContain(gone.topic.url);
  });
});
