import { schema } from "@camatlas/db";
import { createModel, createUser, createUserReview } from "@camatlas/db/factories";
import { COMMENT_MESSAGES, ROLE, tooLong, VALIDATION_MESSAGES } from "@camatlas/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setSiteClockOffset } from "../../lib/site-clock.ts";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { auditOf, createMediaRow, type SignedIn, signIn } from "../models/test-helpers.ts";

// Comments everywhere (decision 0015), through the API as a client sees them. A user may post once per 10 seconds,
// so most tests post as a fresh user.

let t: TestApi;
let girl: SignedIn;
let admin: SignedIn;
let model: Awaited<ReturnType<typeof createModel>>;
let hiddenModel: Awaited<ReturnType<typeof createModel>>;

beforeAll(async () => {
  t = await createTestApi();
  [girl, admin] = await Promise.all([signIn(t, ROLE.camgirl), signIn(t, ROLE.admin)]);
  model = await createModel(t.database.db, {
    name: "Mia Comments",
    slug: "mia-comments",
    userId: girl.id,
    nicknames: [{ camSiteId: 33, nickname: "MiaCams" }],
  });
  hiddenModel = await createModel(t.database.db, { name: "Secret Sue", isVisible: false });
});
afterAll(() => t.close());

const fan = () => signIn(t);

async function post(who: SignedIn, body: Record<string, unknown>) {
  const res = await t.call("POST", "/api/comments", {
    headers: who.headers,
    body: { comment_zone: "model", commentable_id: model.id, ...body },
  });
  return { status: res.status, body: await res.json() };
}

async function thread(query = "", headers: Record<string, string> = {}) {
  const res = await t.call("GET", `/api/comments?comment_zone=model&commentable_id=${model.id}${query}`, {
    headers,
  });
  expect(res.status).toBe(200);
  return res.json();
}

const find = (list: { id: number }[], id: number) => list.find((c) => c.id === id);

describe("posting and reading a thread", () => {
  it("posts a comment and lists it newest first with its author, count and the reader's abilities", async () => {
    const author = await fan();
    const { status, body } = await post(author, { text: "  Lovely show!\nSee you  " });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      comment_zone: "model",
      commentable_id: model.id,
      text: "Lovely show!\nSee you",
      rank_up: 0,
      liked: false,
      in_reply_to: null,
      replies: [],
      can: { edit: true, delete: true, vote: false, report: false },
    });
    expect(body.user.id).toBe(author.id);
    const page = await thread();
    expect(page.data[0].id).toBe(body.id);
    expect(page.meta).toMatchObject({ can_post: false, cannot_post_reason: "sign_in", order_by: "newest" });
    expect(page.meta.count).toBeGreaterThanOrEqual(1);
    const count = await (
      await t.call("GET", `/api/comments/count?comment_zone=model&commentable_id=${model.id}`)
    ).json();
    expect(count.count).toBe(page.meta.count);
  });

  it("lists the first 3 replies under each comment, the rest through /replies; a reply to a reply joins the thread", async () => {
    const { body: parent } = await post(await fan(), { text: "Parent" });
    const replyIds: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { status, body } = await post(await fan(), { text: `Reply ${i}`, in_reply_to: parent.id });
      expect(status).toBe(201);
      replyIds.push(body.id);
    }
    // Answering a reply puts the answer under the same top-level comment.
    const { body: deep } = await post(await fan(), { text: "Deep", in_reply_to: replyIds[0] });
    expect(deep.in_reply_to).toBe(parent.id);
    const listed = find((await thread()).data, parent.id) as unknown as {
      replies: { id: number }[];
      replies_count: number;
    };
    expect(listed.replies.map((r) => r.id)).toEqual(replyIds.slice(0, 3));
    expect(listed.replies_count).toBe(6);
    const rest = await (await t.call("GET", `/api/comments/${parent.id}/replies?page=2&per_page=3`)).json();
    expect(rest.data.map((r: { id: number }) => r.id)).toEqual([...replyIds.slice(3), deep.id]);
    expect(rest).toMatchObject({ total: 6, current_page: 2, last_page: 2 });
  });

  it("GET /comments/{id} says which page shows it, scrolled to it", async () => {
    const { body } = await post(await fan(), { text: "Find me" });
    const res = await t.call("GET", `/api/comments/${body.id}`);
    expect(res.status).toBe(200);
    expect((await res.json()).url).toBe(`/models/mia-comments?tab=comments#comment-${body.id}`);
    expect((await t.call("GET", "/api/comments/987654")).status).toBe(404);
  });

  it("places an older comment on its comments page; a reply past the first 3 opens its parent's replies", async () => {
    const other = await createModel(t.database.db, { name: "Paged Thread", slug: "paged-thread" });
    const author = await fan();
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const insert = (values: Partial<typeof schema.comments.$inferInsert>) =>
      t.database.db
        .insert(schema.comments)
        .values({ commentZone: "model", commentableId: other.id, userId: author.id, text: "x", ...values })
        .returning()
        .then((rows) => rows[0]!.id);
    const oldest = await insert({ createdAt: at(100) });
    for (let i = 0; i < 10; i++) await insert({ createdAt: at(50 - i) });
    const replies: number[] = [];
    for (let i = 0; i < 4; i++) replies.push(await insert({ inReplyTo: oldest, createdAt: at(90 - i) }));
    const urlOf = async (id: number) => (await (await t.call("GET", `/api/comments/${id}`)).json()).url;
    expect(await urlOf(oldest)).toBe(`/models/paged-thread?tab=comments&comments_page=2#comment-${oldest}`);
    expect(await urlOf(replies[2]!)).toBe(
      `/models/paged-thread?tab=comments&comments_page=2#comment-${replies[2]}`,
    );
    expect(await urlOf(replies[3]!)).toBe(
      `/models/paged-thread?tab=comments&comments_page=2&comments_replies=${oldest}#comment-${replies[3]}`,
    );
    // That address's page lists all of its replies.
    const expanded = await (
      await t.call(
        "GET",
        `/api/comments?comment_zone=model&commentable_id=${other.id}&page=2&replies_of=${oldest}`,
      )
    ).json();
    expect(expanded.data[0].replies.map((r: { id: number }) => r.id)).toEqual(replies);
  });

  it("keeps script and HTML as plain text, and links @mentions of models the reader may see", async () => {
    const text = "<script>alert(1)</script> <b>hi</b> @mia-comments and @secret";
    const { body } = await post(await fan(), { text });
    expect(body.text).toBe(text);
    expect(body.mentions).toEqual([{ handle: "mia-comments", name: "Mia Comments", slug: "mia-comments" }]);
  });

  it("orders by oldest and by votes on request", async () => {
    const oldest = await thread("&order_by=oldest&per_page=100");
    const dates = oldest.data.map((c: { created_at: string }) => c.created_at);
    expect([...dates].sort()).toEqual(dates);
    expect(
      (await t.call("GET", `/api/comments?comment_zone=model&commentable_id=${model.id}&order_by=loud`))
        .status,
    ).toBe(422);
  });
});

describe("bad input", () => {
  it("answers 422 on the field: empty or long text, unknown zone or thread, hidden model, reply elsewhere, images", async () => {
    const who = await fan();
    const other = await createModel(t.database.db, { name: "Other Thread" });
    const { body: elsewhere } = await post(await fan(), { commentable_id: other.id, text: "There" });
    const someoneElses = await createMediaRow(t, girl.id, "comment_attachment");
    const mine = await Promise.all(
      [1, 2, 3, 4, 5].map(() => createMediaRow(t, who.id, "comment_attachment")),
    );
    const cases: [Record<string, unknown>, string, string][] = [
      [{ text: "   \n " }, "text", COMMENT_MESSAGES.textRequired],
      [{ text: "x".repeat(5001) }, "text", tooLong(5000)],
      [{ text: "hi", comment_zone: "moon" }, "comment_zone", ""],
      [{ text: "hi", commentable_id: 987654 }, "commentable_id", COMMENT_MESSAGES.unknownCommentable],
      [{ text: "hi", commentable_id: hiddenModel.id }, "commentable_id", COMMENT_MESSAGES.unknownCommentable],
      [{ text: "hi", in_reply_to: elsewhere.id }, "in_reply_to", COMMENT_MESSAGES.replyElsewhere],
      [{ text: "hi", in_reply_to: 987654 }, "in_reply_to", COMMENT_MESSAGES.unknownReplyTarget],
      [{ text: "hi", media_ids: mine }, "media_ids", COMMENT_MESSAGES.tooManyAttachments],
      [{ text: "hi", media_ids: [mine[0], someoneElses] }, "media_ids", VALIDATION_MESSAGES.mediaNotFound],
      [{ text: "hi", media_ids: [mine[0], mine[0]] }, "media_ids", COMMENT_MESSAGES.duplicateAttachment],
    ];
    const before = await t.database.db.select().from(schema.comments);
    for (const [body, field, message] of cases) {
      const res = await post(who, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.body.errors[field], field).toBeDefined();
      if (message) expect(res.body.errors[field][0]).toBe(message);
    }
    expect((await t.database.db.select().from(schema.comments)).length).toBe(before.length);
    // None of those counted towards the pace: the first real comment goes through.
    expect((await post(who, { text: "Finally" })).status).toBe(201);
  });

  it("allows one comment per 10 seconds per user (429)", async () => {
    const who = await fan();
    expect((await post(who, { text: "One" })).status).toBe(201);
    const second = await post(who, { text: "Two" });
    expect(second.status).toBe(429);
    expect(second.body.message).toBe(COMMENT_MESSAGES.postedTooFast);
  });

  it("asks guests to sign in (401)", async () => {
    const res = await t.call("POST", "/api/comments", {
      body: { comment_zone: "model", commentable_id: model.id, text: "hi" },
    });
    expect(res.status).toBe(401);
  });
});

describe("attachments", () => {
  it("shows the caller's images with the comment", async () => {
    const who = await fan();
    const images = [
      await createMediaRow(t, who.id, "comment_attachment"),
      await createMediaRow(t, who.id, "other"),
    ];
    const { status, body } = await post(who, { text: "Pics", media_ids: images });
    expect(status).toBe(201);
    expect(body.media.map((m: { id: number }) => m.id)).toEqual(images);
    expect(body.media[0].link).toMatch(/^\/media\//);
    expect(find((await thread()).data, body.id)).toMatchObject({ media: body.media });
  });
});

describe("editing and deleting", () => {
  it("lets the author edit within 15 minutes (shown as edited); others and late edits get 403", async () => {
    const who = await fan();
    const { body } = await post(who, { text: "Tpyo" });
    const edit = (by: SignedIn, text = "Typo") =>
      t.call("PUT", `/api/comments/${body.id}`, { headers: by.headers, body: { text } });
    const res = await edit(who);
    expect(res.status).toBe(200);
    const edited = await res.json();
    expect(edited.text).toBe("Typo");
    expect(edited.edited_at).not.toBeNull();
    expect((await edit(await fan())).status).toBe(403);
    expect((await edit(admin)).status).toBe(403);
    expect((await edit(who, " ")).status).toBe(422);
    await t.database.db
      .update(schema.comments)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(schema.comments.id, body.id));
    const late = await edit(who);
    expect(late.status).toBe(403);
    expect((await late.json()).message).toBe(COMMENT_MESSAGES.editWindowOver);
  });

  it("soft-deletes: a deleted comment with replies keeps its place as 'Comment deleted', one without goes", async () => {
    const who = await fan();
    const { body: parent } = await post(who, { text: "Soon gone" });
    const { body: reply } = await post(await fan(), { text: "Answer", in_reply_to: parent.id });
    const { body: lonely } = await post(await fan(), { text: "Alone" });
    expect(
      (await t.call("DELETE", `/api/comments/${parent.id}`, { headers: (await fan()).headers })).status,
    ).toBe(403);
    expect((await t.call("DELETE", `/api/comments/${parent.id}`, { headers: who.headers })).status).toBe(200);
    expect((await t.call("DELETE", `/api/comments/${lonely.id}`, { headers: admin.headers })).status).toBe(
      200,
    );
    const page = await thread("&per_page=100");
    const shown = find(page.data, parent.id) as Record<string, unknown>;
    expect(shown).toMatchObject({ text: "", user: null, media: [] });
    expect(shown.deleted_at).not.toBeNull();
    expect((shown.replies as { id: number }[]).map((r) => r.id)).toEqual([reply.id]);
    expect(find(page.data, lonely.id)).toBeUndefined();
    expect((await t.call("GET", `/api/comments/${parent.id}`)).status).toBe(404);
    // The admin's removal is moderation: audited. The author's own is not.
    expect(await auditOf(t, "comment", lonely.id)).toEqual(["comment.deleted"]);
    expect(await auditOf(t, "comment", parent.id)).toEqual([]);
  });
});

describe("votes", () => {
  it("counts one vote per user, changeable and revocable; not on one's own comment", async () => {
    const who = await fan();
    const voter = await fan();
    const { body } = await post(who, { text: "Vote me" });
    const vote = (by: SignedIn, v: "up" | "down" | null) =>
      t.call("POST", `/api/comments/${body.id}/vote`, { headers: by.headers, body: { vote: v } });
    expect(await (await vote(voter, "up")).json()).toEqual({
      rank_up: 1,
      rank_down: 0,
      liked: true,
      disliked: false,
    });
    expect(await (await vote(voter, "up")).json()).toMatchObject({ rank_up: 1, rank_down: 0 });
    expect(await (await vote(voter, "down")).json()).toEqual({
      rank_up: 0,
      rank_down: 1,
      liked: false,
      disliked: true,
    });
    expect(await (await vote(await fan(), "down")).json()).toMatchObject({ rank_up: 0, rank_down: 2 });
    expect(find((await thread("&per_page=100", voter.headers)).data, body.id)).toMatchObject({
      disliked: true,
      rank_down: 2,
    });
    expect(await (await vote(voter, null)).json()).toMatchObject({ rank_down: 1, disliked: false });
    expect((await vote(who, "up")).status).toBe(403);
    const bad = await t.call("POST", `/api/comments/${body.id}/vote`, {
      headers: voter.headers,
      body: { vote: "sideways" },
    });
    expect(bad.status).toBe(422);
  });
});

describe("hiding by the model", () => {
  it("the bound camgirl hides and shows again; readers see the place, she and the author the text", async () => {
    const who = await fan();
    const { body } = await post(who, { text: "Rude words" });
    expect(
      (await t.call("POST", `/api/comments/${body.id}/hide`, { headers: (await fan()).headers })).status,
    ).toBe(403);
    expect((await t.call("POST", `/api/comments/${body.id}/hide`, { headers: girl.headers })).status).toBe(
      200,
    );
    const asGuest = find((await thread("&per_page=100")).data, body.id);
    expect(asGuest).toMatchObject({ text: "", deleted_by_model: true });
    expect(find((await thread("&per_page=100", who.headers)).data, body.id)).toMatchObject({
      text: "Rude words",
    });
    expect(find((await thread("&per_page=100", girl.headers)).data, body.id)).toMatchObject({
      text: "Rude words",
      can: { hide: false, unhide: true },
    });
    expect((await t.call("POST", `/api/comments/${body.id}/unhide`, { headers: admin.headers })).status).toBe(
      200,
    );
    expect(find((await thread("&per_page=100")).data, body.id)).toMatchObject({ text: "Rude words" });
    expect(await auditOf(t, "comment", body.id)).toEqual(["comment.hidden", "comment.unhidden"]);
  });
});

describe("visibility", () => {
  it("does not list or count the comments of a model the reader may not see", async () => {
    await t.database.db
      .insert(schema.comments)
      .values({ commentZone: "model", commentableId: hiddenModel.id, text: "Hidden", userId: girl.id });
    expect(
      (await t.call("GET", `/api/comments?comment_zone=model&commentable_id=${hiddenModel.id}`)).status,
    ).toBe(404);
    expect(
      (await t.call("GET", `/api/comments/count?comment_zone=model&commentable_id=${hiddenModel.id}`)).status,
    ).toBe(404);
    const asAdmin = await t.call("GET", `/api/comments?comment_zone=model&commentable_id=${hiddenModel.id}`, {
      headers: admin.headers,
    });
    expect((await asAdmin.json()).total).toBe(1);
  });
});

describe("other zones", () => {
  it("takes comments on a user's page, a nickname's stats page, a published post and an approved user review", async () => {
    const { db } = t.database;
    const pageOwner = await createUser(db, { nickName: "page.owner" });
    const [live] = await db
      .insert(schema.posts)
      .values({
        type: "blog",
        postName: "live-post",
        postTitle: "Live",
        status: "published",
        publishedAt: new Date(Date.now() - 1000),
      })
      .returning();
    const [draft] = await db
      .insert(schema.posts)
      .values({ type: "blog", postName: "draft-post", postTitle: "Draft" })
      .returning();
    const reviewer = await fan();
    const approved = await createUserReview(db, {
      userId: reviewer.id,
      modelId: model.id,
      status: "approved",
    });
    const pending = await createUserReview(db, { userId: (await fan()).id, modelId: model.id });
    const ok: [string, number][] = [
      ["profile", pageOwner.id],
      ["stats_nickname", model.nicknames[0]!.id],
      ["post", live!.id],
      ["user_review", approved.id],
    ];
    for (const [zone, id] of ok) {
      const res = await post(await fan(), { comment_zone: zone, commentable_id: id, text: `On ${zone}` });
      expect(res.status, zone).toBe(201);
    }
    for (const [zone, id] of [
      ["post", draft!.id],
      ["user_review", pending.id],
    ] as const) {
      const res = await post(await fan(), { comment_zone: zone, commentable_id: id, text: "No" });
      expect(res.status, zone).toBe(422);
    }
    // The review's author hears about it, with a link to the comment.
    const notices = await (await t.call("GET", "/api/notifications", { headers: reviewer.headers })).json();
    expect(notices.data[0]).toMatchObject({ type: "comment_on_review" });
    expect(notices.data[0].data.url).toMatch(/^\/user-reviews\/\d+#comment-\d+$/);
  });
});

describe("story threads", () => {
  it("are open from the story's publish time (highlights too) and closed while it is scheduled", async () => {
    const { db } = t.database;
    const imageId = await createMediaRow(t, girl.id, "story");
    const story = async (publishAt: Date) => {
      const [row] = await db
        .insert(schema.stories)
        .values({
          modelId: model.id,
          mediaId: imageId,
          userId: girl.id,
          publishAt,
          archivedAt: new Date(publishAt.getTime() + 86_400_000),
        })
        .returning();
      return row!.id;
    };
    const live = await story(new Date(Date.now() - 60_000));
    const highlight = await story(new Date(Date.now() - 3 * 86_400_000));
    const scheduled = await story(new Date(Date.now() + 3_600_000));
    for (const id of [live, highlight]) {
      const res = await post(await fan(), { comment_zone: "story", commentable_id: id, text: "Nice story" });
      expect(res.status, `story ${id}`).toBe(201);
    }
    const early = await post(await fan(), {
      comment_zone: "story",
      commentable_id: scheduled,
      text: "Too soon",
    });
    expect(early.status).toBe(422);

    // The site's clock decides, as it does for the story itself: two hours ahead, the scheduled story is live.
    setSiteClockOffset(2 * 3600);
    try {
      const later = await post(await fan(), {
        comment_zone: "story",
        commentable_id: scheduled,
        text: "Now",
      });
      expect(later.status).toBe(201);
    } finally {
      setSiteClockOffset(0);
    }
  });
});

describe("notifications", () => {
  it("tells the replied-to author and the model's camgirl, each once, with a link to the comment", async () => {
    const who = await fan();
    const { body: parent } = await post(who, { text: "Question?" });
    const replier = await fan();
    const { body: reply } = await post(replier, { text: "Answer!", in_reply_to: parent.id });
    const read = async (u: SignedIn) =>
      (await (await t.call("GET", "/api/notifications", { headers: u.headers })).json()).data;
    const mine = await read(who);
    expect(mine[0]).toMatchObject({
      type: "comment_reply",
      data: { url: `/models/mia-comments?tab=comments#comment-${reply.id}` },
    });
    const hers = (await read(girl)).filter((n: { data: { url?: string } }) =>
      n.data.url?.endsWith(`#comment-${reply.id}`),
    );
    expect(hers).toHaveLength(1);
    expect(hers[0].type).toBe("comment_on_model");
    // Her own comment tells nobody.
    const before = (await read(girl)).length;
    await post(girl, { text: "Thanks all" });
    expect((await read(girl)).length).toBe(before);
  });
});

describe("reports and the admin queue", () => {
  it("lists reported comments first; bulk actions hide, delete, restore and ban the author from commenting", async () => {
    const troll = await fan();
    const { body } = await post(troll, { text: "Spam spam" });
    const reporter = await fan();
    const report = (by: SignedIn) =>
      t.call("POST", `/api/comments/${body.id}/reports`, { headers: by.headers, body: { reason: "Spam" } });
    expect((await report(reporter)).status).toBe(201);
    expect((await report(reporter)).status).toBe(409);
    expect((await report(troll)).status).toBe(403);
    const queue = await (
      await t.call("GET", "/api/admin/comments?filter=reported", { headers: admin.headers })
    ).json();
    expect(queue.data[0]).toMatchObject({
      id: body.id,
      pending_reports: 1,
      text: "Spam spam",
      author_banned: false,
    });
    expect(queue.data[0].report_reasons[0].reason).toBe("Spam");
    expect(queue.data[0].url).toBe(`/models/mia-comments?tab=comments#comment-${body.id}`);
    expect((await t.call("GET", "/api/admin/comments", { headers: reporter.headers })).status).toBe(403);

    const moderate = async (action: string) => {
      const res = await t.call("POST", "/api/admin/comments/moderate", {
        headers: admin.headers,
        body: { ids: [body.id], action },
      });
      expect(res.status, action).toBe(200);
      return res.json();
    };
    expect(await moderate("delete")).toMatchObject({ count: 1 });
    const reported = await (
      await t.call("GET", "/api/admin/comments?filter=reported", { headers: admin.headers })
    ).json();
    expect(find(reported.data, body.id)).toBeUndefined();
    expect(find((await thread("&per_page=100")).data, body.id)).toBeUndefined();
    await moderate("restore");
    expect(find((await thread("&per_page=100")).data, body.id)).toMatchObject({ text: "Spam spam" });
    await moderate("ban_author");
    const blocked = await post(troll, { text: "Again" });
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe(COMMENT_MESSAGES.banned);
    expect((await thread("", troll.headers)).meta).toMatchObject({
      can_post: false,
      cannot_post_reason: "banned",
    });
    await moderate("unban_author");
    // Let back in (her next comment waits only for the 10-second pace).
    expect((await thread("", troll.headers)).meta).toMatchObject({
      can_post: true,
      cannot_post_reason: null,
    });
    expect(await auditOf(t, "comment", body.id)).toEqual(["comment.delete", "comment.restore"]);
    expect(await auditOf(t, "user", troll.id)).toEqual(["user.comment_banned", "user.comment_unbanned"]);
  });
});
