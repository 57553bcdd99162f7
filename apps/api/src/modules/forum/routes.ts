import { BODY_LIMITS } from "@camatlas/shared";
import { forumEndpoints } from "@camatlas/shared/api-contract";
import { FORUM_LIMITS, FORUM_MESSAGES } from "@camatlas/shared/forum";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { rateLimit } from "../../middleware/rate-limit.ts";
import { presentUserRef } from "./presenter.ts";
import { readCategories, readCategory, readPostsOfUser, readTopicPage, readTopics } from "./read-service.ts";
import {
  createReply,
  createTopic,
  deletePost,
  deleteTopic,
  markSolution,
  readRevisions,
  reportPost,
  subscribe,
  updatePost,
  updateTopic,
  votePost,
} from "./write-service.ts";

// The forum's public reads and members' writes under /api/forum (admins' routes: admin-routes.ts).

const TAGS = ["forum"];

/** Posting costs others' attention: a budget per member on top of the per-IP write limit. */
const postingLimit = rateLimit({
  name: "forum-post",
  limit: 10,
  windowMs: 60_000,
  key: (c) => (c.var.user ? `user:${c.var.user.id}` : `ip:${c.var.clientIp}`),
});
const votingLimit = rateLimit({
  name: "forum-vote",
  limit: 60,
  windowMs: 60_000,
  key: (c) => (c.var.user ? `user:${c.var.user.id}` : `ip:${c.var.clientIp}`),
});

const memberWrite = { access: "user" as const, owner: "anyone" as const, tags: TAGS };
const postWrite = { ...memberWrite, middleware: [postingLimit], bodyLimit: BODY_LIMITS.longText };

const categoriesRoute = contractRoute(forumEndpoints.categories, {
  access: "public",
  tags: TAGS,
  summary: "Forum categories in order, with topic and post counts and the latest topic",
});
const categoryRoute = contractRoute(forumEndpoints.category, {
  access: "public",
  tags: TAGS,
  summary: "A category and a page of its topics (pinned first, then by latest activity; 20 a page)",
});
const topicsRoute = contractRoute(forumEndpoints.topics, {
  access: "public",
  tags: TAGS,
  summary: "Topics by model (her Discussions tab), member, camsite or tag, by latest activity",
});
const topicRoute = contractRoute(forumEndpoints.topic, {
  access: "public",
  tags: TAGS,
  summary:
    "A topic and one page of its posts (20); `unread=1` opens the signed-in reader's first unread page",
  description:
    "Reading counts a view and moves the signed-in reader's read mark to the page's last post. A merged topic answers with merged_into_url.",
});
const postsRoute = contractRoute(forumEndpoints.posts, {
  access: "public",
  tags: TAGS,
  summary:
    "A member's forum posts, newest first (her profile page); without user_id the forum's latest posts",
});
const createTopicRoute = contractRoute(forumEndpoints.createTopic, {
  ...postWrite,
  summary: "Start a topic: title, markdown-lite body, tags, linked models and camsites, images",
  description: `A new account may start ${FORUM_LIMITS.newAccountTopicsPerDay} topics on its first day (429). With the hold_first_posts setting, a member's first post waits for an admin (held: true).`,
  errors: { 403: "Banned from the forum, or an admins-only category" },
  replyDescription: "Started (or held for approval)",
});
/** Routes naming a topic or post that only its author (and admins) may change. */
const ownTopic = { resource: "forum_topic", others: 403, admins: true } as const;
const ownPost = { resource: "forum_post", others: 403, admins: true } as const;

const updateTopicRoute = contractRoute(forumEndpoints.updateTopic, {
  ...memberWrite,
  owner: ownTopic,
  bodyLimit: BODY_LIMITS.json,
  summary: "Change a topic's title, tags or links (its author while open, or an admin)",
  errors: { 403: "Not the author, or the topic is locked" },
});
const deleteTopicRoute = contractRoute(forumEndpoints.deleteTopic, {
  ...memberWrite,
  owner: ownTopic,
  summary: "Delete a topic (its author while nobody replied, or an admin)",
  errors: { 403: "Not allowed" },
});
const replyRoute = contractRoute(forumEndpoints.reply, {
  ...postWrite,
  summary: 'Reply in a topic (quotes: [quote="nick" post=N]…[/quote]; mentions: @nick)',
  errors: { 403: "Locked topic, admins-only category or banned" },
  replyDescription: "Posted (or held for approval)",
});
const subscribeRoute = contractRoute(forumEndpoints.subscribe, {
  ...memberWrite,
  invalidates: [],
  summary: "Follow a topic (replies are notified) or stop following it",
});
const solutionRoute = contractRoute(forumEndpoints.markSolution, {
  ...memberWrite,
  summary: "Mark the reply that answers the topic, or clear it (its author or an admin)",
  errors: { 403: "Not the topic's author" },
});
const updatePostRoute = contractRoute(forumEndpoints.updatePost, {
  ...postWrite,
  owner: ownPost,
  summary: "Edit a post (its author while the topic is open, or an admin); the old text is kept for admins",
  errors: { 403: "Not the author, or the topic is locked" },
});
const deletePostRoute = contractRoute(forumEndpoints.deletePost, {
  ...memberWrite,
  owner: ownPost,
  summary: "Delete a post (its place stays as deleted); the opening post deletes its topic",
  errors: { 403: "Not allowed" },
});
const voteRoute = contractRoute(forumEndpoints.vote, {
  ...memberWrite,
  middleware: [votingLimit],
  summary: "Vote a post up (1) or down (-1), or take the vote back (0); not one's own post",
  errors: { 403: "One's own post, or banned" },
});
const reportRoute = contractRoute(forumEndpoints.report, {
  ...memberWrite,
  invalidates: [],
  middleware: [postingLimit],
  summary: "Report a post to the admins",
  errors: { 403: "One's own post, or banned", 409: "Already reported by the caller" },
  replyDescription: "Reported",
});
const revisionsRoute = contractRoute(forumEndpoints.revisions, {
  access: "admin",
  tags: TAGS,
  summary: "A post's earlier texts (and its topic's earlier titles), newest first",
});

export const forumRoutes = new OpenAPIHono<AppEnv>()
  .openapi(categoriesRoute, async (c) => c.json(await readCategories(c), 200))
  .openapi(categoryRoute, async (c) => {
    const { slug } = c.req.valid("param");
    return c.json(await readCategory(c, slug, c.req.valid("query")), 200);
  })
  .openapi(topicsRoute, async (c) => {
    const q = c.req.valid("query");
    const page = await readTopics(c, {
      page: q.page,
      per_page: q.per_page,
      modelId: q.model_id,
      userId: q.user_id,
      camsiteId: q.camsite_id,
      tag: q.tag,
    });
    return c.json(page, 200);
  })
  .openapi(topicRoute, async (c) => {
    const { slug } = c.req.valid("param");
    return c.json(await readTopicPage(c, slug, c.req.valid("query")), 200);
  })
  .openapi(postsRoute, async (c) => {
    const { user_id, page } = c.req.valid("query");
    return c.json(await readPostsOfUser(c, user_id, page), 200);
  })
  .openapi(createTopicRoute, async (c) => {
    const { topic, held } = await createTopic(c, c.req.valid("json"));
    return c.json(
      { message: held ? FORUM_MESSAGES.topicHeld : FORUM_MESSAGES.topicCreated, topic, held },
      201,
    );
  })
  .openapi(updateTopicRoute, async (c) => {
    const topic = await updateTopic(c, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ message: FORUM_MESSAGES.topicUpdated, topic, held: topic.status === "pending" }, 200);
  })
  .openapi(deleteTopicRoute, async (c) => {
    await deleteTopic(c, c.req.valid("param").id);
    return c.json({ message: FORUM_MESSAGES.topicDeleted }, 200);
  })
  .openapi(replyRoute, async (c) => {
    const saved = await createReply(c, c.req.valid("param").id, c.req.valid("json"));
    return c.json(
      { message: saved.held ? FORUM_MESSAGES.replyHeld : FORUM_MESSAGES.replyPosted, ...saved },
      201,
    );
  })
  .openapi(subscribeRoute, async (c) => {
    const { subscribed } = c.req.valid("json");
    await subscribe(c, c.req.valid("param").id, subscribed);
    return c.json(
      { message: subscribed ? FORUM_MESSAGES.subscribed : FORUM_MESSAGES.unsubscribed, subscribed },
      200,
    );
  })
  .openapi(solutionRoute, async (c) => {
    const { post_id } = c.req.valid("json");
    await markSolution(c, c.req.valid("param").id, post_id);
    return c.json(
      {
        message: post_id ? FORUM_MESSAGES.solutionMarked : FORUM_MESSAGES.solutionCleared,
        solved_post_id: post_id,
      },
      200,
    );
  })
  .openapi(updatePostRoute, async (c) => {
    const saved = await updatePost(c, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ message: FORUM_MESSAGES.postUpdated, ...saved }, 200);
  })
  .openapi(deletePostRoute, async (c) => {
    await deletePost(c, c.req.valid("param").id);
    return c.json({ message: FORUM_MESSAGES.postDeleted }, 200);
  })
  .openapi(voteRoute, async (c) => {
    const result = await votePost(c, c.req.valid("param").id, c.req.valid("json").value);
    return c.json({ message: FORUM_MESSAGES.voted, ...result }, 200);
  })
  .openapi(reportRoute, async (c) => {
    await reportPost(c, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ message: FORUM_MESSAGES.reported }, 201);
  })
  .openapi(revisionsRoute, async (c) => {
    const rows = await readRevisions(c, c.req.valid("param").id);
    const data = rows.map((row) => ({
      id: row.id,
      title: row.title,
      body: row.body,
      editor: presentUserRef(row.editor),
      created_at: row.createdAt.toISOString(),
    }));
    return c.json({ data }, 200);
  });
