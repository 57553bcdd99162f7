import { insertComment, schema, setCommentsDeleted, setCommentsHidden } from "@camatlas/db";
import {
  createForumCategory,
  createForumTopic,
  createMedia,
  createModel,
  createNickname,
  createPost,
  createUser,
  createUserReview,
} from "@camatlas/db/factories";
import { SEARCH_COUNT_CAP } from "@camatlas/shared/api-contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";

// Search everywhere: every section finds what a reader may see by its text, with the matched words flagged, and
// nothing hidden, held, deleted or unapproved.

let t: TestApi;
const ids: Record<string, number> = {};

const textOf = (snippet: { text: string; hit: boolean }[]) => snippet.map((s) => s.text).join("");
const hitsOf = (snippet: { text: string; hit: boolean }[]) => snippet.filter((s) => s.hit).map((s) => s.text);

beforeAll(async () => {
  t = await createTestApi();
  const db = t.database.db;
  const author = await createUser(db, { nickName: "Quillmaster" });
  const fan = await createUser(db, { nickName: "quillfan22" });
  const visible = await createModel(db, { name: "Marisol Quartz" });
  const hidden = await createModel(db, { name: "Hidden Quartz", isVisible: false });
  ids.visible = visible.id;
  const review = await createUserReview(db, {
    userId: author.id,
    modelId: visible.id,
    status: "approved",
    title: "Crème brûlée evenings",
    body: "Her zephyrine <script>alert(1)</script> shows every évening are the best on the site.",
  });
  ids.review = review.id;
  await createUserReview(db, {
    userId: fan.id,
    modelId: visible.id,
    status: "pending",
    title: "Pending zephyrine",
    body: "A zephyrine review still waiting for an admin.",
  });
  await createUserReview(db, {
    userId: author.id,
    modelId: hidden.id,
    status: "approved",
    title: "Hidden zephyrine",
    body: "A zephyrine review of a hidden model.",
  });
  await createPost(db, { postTitle: "Zephyrine guide", body: "<p>How the zephyrine <b>works</b>.</p>" });
  await createPost(db, { postTitle: "Draft zephyrine", status: "draft", body: "<p>zephyrine</p>" });
  const shown = await insertComment(db, {
    zone: "model",
    commentableId: visible.id,
    userId: author.id,
    text: "A zephyrine comment <b>in bold</b>",
    inReplyTo: null,
    mediaIds: [],
  });
  ids.comment = shown;
  const deleted = await insertComment(db, {
    zone: "model",
    commentableId: visible.id,
    userId: author.id,
    text: "A deleted zephyrine comment",
    inReplyTo: null,
    mediaIds: [],
  });
  await setCommentsDeleted(db, [deleted], true);
  const hiddenComment = await insertComment(db, {
    zone: "model",
    commentableId: visible.id,
    userId: author.id,
    text: "A zephyrine comment her camgirl hid",
    inReplyTo: null,
    mediaIds: [],
  });
  await setCommentsHidden(db, [hiddenComment], true);
  await insertComment(db, {
    zone: "model",
    commentableId: hidden.id,
    userId: author.id,
    text: "A zephyrine comment on a hidden model",
    inReplyTo: null,
    mediaIds: [],
  });
  const category = await createForumCategory(db, { slug: "general-talk", title: "General talk" });
  await createForumTopic(db, { categoryId: category.id, userId: author.id, title: "Zephyrine nights" });
  await createForumTopic(db, {
    categoryId: category.id,
    userId: author.id,
    title: "Zephyrine about a hidden model",
    modelIds: [hidden.id],
  });
  // Forum posts are searched too: a reply deep in a thread (page 2), a deleted reply, a reply under a topic about a
  // hidden model, and a topic whose title and a post both match (found once, by its title).
  const meetup = await createForumTopic(db, {
    categoryId: category.id,
    userId: author.id,
    title: "Weekend meetup plans",
    bodies: ["Who is around this weekend?"],
    replies: 21,
  });
  ids.meetup = meetup.id;
  await db
    .update(schema.forumPosts)
    .set({ body: "The marimbaphone <b>stream</b> was the best part." })
    .where(and(eq(schema.forumPosts.topicId, meetup.id), eq(schema.forumPosts.position, 22)));
  const quiet = await createForumTopic(db, {
    categoryId: category.id,
    userId: author.id,
    title: "Quiet thread",
    bodies: ["Nothing here.", "A marimbaphone reply that was deleted."],
  });
  await db
    .update(schema.forumPosts)
    .set({ deletedAt: new Date() })
    .where(and(eq(schema.forumPosts.topicId, quiet.id), eq(schema.forumPosts.position, 2)));
  await createForumTopic(db, {
    categoryId: category.id,
    userId: author.id,
    title: "About her",
    bodies: ["A marimbaphone post about a hidden model."],
    modelIds: [hidden.id],
  });
  const both = await createForumTopic(db, {
    categoryId: category.id,
    userId: author.id,
    title: "Marimbaphone owners",
    bodies: ["Show us your marimbaphone."],
  });
  ids.both = both.id;
  const scarlett = await createNickname(db, { nickname: "ScarlettVegaXO", camSiteId: 33, hasStats: true });
  const hiddenNick = await createNickname(db, { nickname: "hiddennick", camSiteId: 33, modelId: hidden.id });
  await db.insert(schema.imageRecords).values([
    { nicknameId: scarlett.id, camSiteId: 33, type: "snapshot", topic: "Zephyrine goal <b>tonight</b>" },
    { nicknameId: hiddenNick.id, camSiteId: 33, type: "snapshot", topic: "Zephyrine hidden goal" },
  ]);
});
afterAll(() => t.close());

describe("GET /api/search", () => {
  it("answers every section with its first page and count, only what a guest may see", async () => {
    const res = await t.call("GET", "/api/search?query=zephyrine");
    expect(res.status).toBe(200);
    const { sections } = await res.json();
    expect(Object.keys(sections).sort()).toEqual(
      ["comments", "models", "posts", "reviews", "snapshots", "stats", "topics", "users"].sort(),
    );
    expect(sections.reviews.total).toBe(1);
    expect(sections.reviews.data[0]).toMatchObject({
      id: ids.review,
      model: { name: "Marisol Quartz" },
      author_nick_name: "Quillmaster",
      url: `/user-reviews/${ids.review}`,
    });
    expect(sections.posts.total).toBe(1);
    expect(sections.posts.data[0].title).toBe("Zephyrine guide");
    expect(sections.comments.total).toBe(1);
    expect(sections.comments.data[0]).toMatchObject({ id: ids.comment, where: "Marisol Quartz" });
    expect(sections.comments.data[0].url).toMatch(new RegExp(`#comment-${ids.comment}$`));
    expect(sections.snapshots.total).toBe(1);
    expect(sections.snapshots.data[0]).toMatchObject({
      nickname: "ScarlettVegaXO",
      topic: "Zephyrine goal <b>tonight</b>",
      cam_site: { name: "Chaturbate" },
    });
    expect(sections.topics.total).toBe(1);
    expect(sections.topics.data[0]).toMatchObject({
      title: "Zephyrine nights",
      category: { slug: "general-talk" },
    });
  });

  it("flags the matched words and keeps markup in the text as text", async () => {
    const { sections } = await (await t.call("GET", "/api/search?query=zephyrine&sections[]=reviews")).json();
    expect(Object.keys(sections)).toEqual(["reviews"]);
    const snippet = sections.reviews.data[0].snippet;
    expect(hitsOf(snippet).map((w: string) => w.toLowerCase())).toContain("zephyrine");
    // ts_headline drops tags from a headline; whatever remains comes as plain text segments, never HTML.
    expect(textOf(snippet)).not.toContain("\u0001");
  });

  it("folds accents and stems English words", async () => {
    const { sections } = await (
      await t.call("GET", "/api/search?query=creme%20brulee&sections[]=reviews")
    ).json();
    expect(sections.reviews.total).toBe(1);
    const stems = await (await t.call("GET", "/api/search?query=evening%20show&sections[]=reviews")).json();
    expect(stems.sections.reviews.total).toBe(1);
  });

  it("finds users by a part of their nick_name and stats nicknames despite a typo", async () => {
    const users = await (await t.call("GET", "/api/search?query=quill&sections[]=users")).json();
    expect(users.sections.users.data.map((u: { nick_name: string }) => u.nick_name).sort()).toEqual([
      "Quillmaster",
      "quillfan22",
    ]);
    const stats = await (await t.call("GET", "/api/search?query=ScarletVegaXO&sections[]=stats")).json();
    expect(stats.sections.stats.data[0].name).toBe("ScarlettVegaXO");
    const models = await (await t.call("GET", "/api/search?query=Marisol%20Quarz&sections[]=models")).json();
    expect(models.sections.models.data.map((m: { name: string }) => m.name)).toEqual(["Marisol Quartz"]);
  });

  it("caps each section at the limit asked (the header's best few), counting them all", async () => {
    const { sections } = await (
      await t.call("GET", "/api/search?query=quill&sections[]=users&sections[]=reviews&limit=1")
    ).json();
    expect(sections.users.data).toHaveLength(1);
    expect(sections.users.total).toBe(2);
  });

  it("finds a forum topic by the words of one of its posts, with that post's snippet and a link to it", async () => {
    const { sections } = await (
      await t.call("GET", "/api/search?query=marimbaphone&sections[]=topics")
    ).json();
    expect(sections.topics).toMatchObject({ total: 2, capped: false });
    const byId = new Map(sections.topics.data.map((topic: { id: number }) => [topic.id, topic]));
    // The title match ranks first and shows its title.
    expect(sections.topics.data[0]).toMatchObject({
      id: ids.both,
      post_id: null,
      title: "Marimbaphone owners",
    });
    expect(hitsOf(sections.topics.data[0].snippet)).toEqual(["Marimbaphone"]);
    const meetup = byId.get(ids.meetup) as {
      url: string;
      post_id: number;
      snippet: { text: string; hit: boolean }[];
    };
    expect(meetup.post_id).toEqual(expect.any(Number));
    // Position 22 is on the thread's second page (20 posts a page).
    expect(meetup.url).toMatch(/^\/forum\/general-talk\/topic-[^/?#]+\?page=2#post-22$/);
    expect(hitsOf(meetup.snippet)).toEqual(["marimbaphone"]);
    expect(textOf(meetup.snippet)).toContain("stream");
  });

  it("counts past the cap as capped (the page says 200+), every page ranked from the same window", async () => {
    const db = t.database.db;
    await db.insert(schema.comments).values(
      Array.from({ length: SEARCH_COUNT_CAP + 1 }, (_, i) => ({
        commentZone: "model" as const,
        commentableId: ids.visible!,
        authorName: `Guest ${i}`,
        text: `Plentiful words number ${i}`,
      })),
    );
    const { sections } = await (
      await t.call("GET", "/api/search?query=plentiful&sections[]=comments")
    ).json();
    expect(sections.comments).toMatchObject({ total: SEARCH_COUNT_CAP, capped: true });
    expect(sections.comments.data).toHaveLength(6);
    const paged = await (await t.call("GET", "/api/search/comments?query=plentiful&page=2")).json();
    expect(paged).toMatchObject({ total: SEARCH_COUNT_CAP, capped: true, current_page: 2 });
    expect(hitsOf(paged.data[0].snippet)).toEqual(["Plentiful"]);
    const firstIds = sections.comments.data.map((c: { id: number }) => c.id);
    expect(paged.data.map((c: { id: number }) => c.id).some((id: number) => firstIds.includes(id))).toBe(
      false,
    );
    // Past the last page: no hit, and still the count.
    const past = await (await t.call("GET", "/api/search/comments?query=plentiful&page=60")).json();
    expect(past).toMatchObject({ data: [], total: SEARCH_COUNT_CAP, capped: true });
  });

  it("finds comments in every kind of thread, each linking to its page; a story's only once it is live", async () => {
    const db = t.database.db;
    const author = await createUser(db, { nickName: "Threadwalker" });
    const model = await createModel(db, { name: "Odalys Brook" });
    const review = await createUserReview(db, { userId: author.id, modelId: model.id, status: "approved" });
    const category = await createForumCategory(db, { slug: "thread-talk", title: "Thread talk" });
    const topic = await createForumTopic(db, {
      categoryId: category.id,
      userId: author.id,
      title: "Lanterns",
    });
    const media = await createMedia(db);
    const story = (zone: "live" | "later") => ({
      modelId: model.id,
      mediaId: media.id,
      publishAt: new Date(Date.now() + (zone === "live" ? -3_600_000 : 3_600_000)),
    });
    const [live] = await db.insert(schema.stories).values(story("live")).returning({ id: schema.stories.id });
    const [later] = await db
      .insert(schema.stories)
      .values(story("later"))
      .returning({ id: schema.stories.id });
    const threads = [
      { zone: "model", commentableId: model.id },
      { zone: "user_review", commentableId: review.id },
      { zone: "profile", commentableId: author.id },
      { zone: "topic", commentableId: topic.id },
      { zone: "story", commentableId: live!.id },
      { zone: "story", commentableId: later!.id },
    ] as const;
    const commentIds: number[] = [];
    for (const thread of threads)
      commentIds.push(
        await insertComment(db, {
          ...thread,
          userId: author.id,
          text: `A quinquereme remark on the ${thread.zone}`,
          inReplyTo: null,
          mediaIds: [],
        }),
      );
    const body = await (await t.call("GET", "/api/search/comments?query=quinquereme&per_page=10")).json();
    const found = new Map(body.data.map((c: { id: number; where: string; url: string }) => [c.id, c]));
    expect(body.total).toBe(5);
    expect(found.has(commentIds[5])).toBe(false);
    expect(found.get(commentIds[0])).toMatchObject({
      where: "Odalys Brook",
      url: `/models/${model.slug}?tab=comments#comment-${commentIds[0]}`,
    });
    expect(found.get(commentIds[1])).toMatchObject({
      where: "Odalys Brook",
      url: `/user-reviews/${review.id}#comment-${commentIds[1]}`,
    });
    expect(found.get(commentIds[2])).toMatchObject({
      where: "Threadwalker",
      url: `/users/Threadwalker#comment-${commentIds[2]}`,
    });
    expect(found.get(commentIds[3])).toMatchObject({
      where: topic.slug,
      url: `/forum/thread-talk/${topic.slug}#comment-${commentIds[3]}`,
    });
    expect(found.get(commentIds[4])).toMatchObject({
      where: "Odalys Brook",
      url: `/models/${model.slug}?tab=stories&story=${live!.id}#comment-${commentIds[4]}`,
    });
  });

  it("answers nothing for a one-letter search and 422 for an unknown section", async () => {
    expect((await (await t.call("GET", "/api/search?query=z")).json()).sections).toEqual({});
    expect((await t.call("GET", "/api/search?query=zephyrine&sections[]=passwords")).status).toBe(422);
  });
});

describe("GET /api/stats/nicknames (the /stats page's search)", () => {
  it("finds a nickname despite a typo, as search everywhere does", async () => {
    const body = await (await t.call("GET", "/api/stats/nicknames?query=ScarletVegaXO")).json();
    expect(body.data.map((n: { name: string }) => n.name)).toEqual(["ScarlettVegaXO"]);
  });
});

describe("GET /api/search/{section}", () => {
  it("pages one section at its own size", async () => {
    const res = await t.call("GET", "/api/search/users?query=quill&per_page=1&page=2");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ total: 2, current_page: 2, last_page: 2 });
    const first = await (await t.call("GET", "/api/search/users?query=quill&per_page=1")).json();
    expect([first.data[0].nick_name, body.data[0].nick_name].sort()).toEqual(["Quillmaster", "quillfan22"]);
    const comments = await (await t.call("GET", "/api/search/comments?query=zephyrine")).json();
    expect(comments.total).toBe(1);
  });
});
