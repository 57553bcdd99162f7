import {
  findPostByName,
  findPostLinks,
  findPostRedirect,
  findPostVote,
  listLivePostRows,
  listLivePostsForFeed,
  listPostsForDesk,
  postableModelIds,
} from "@camatlas/db";
import {
  API_MESSAGES,
  BODY_LIMITS,
  PAGE_SIZE,
  POST_MESSAGES,
  pageOffset,
  postPath,
  postState,
  toPageEnvelope,
} from "@camatlas/shared";
import { postEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { notFound } from "../../lib/http-errors.ts";
import { rateLimit } from "../../middleware/rate-limit.ts";
import { actorOf, viewerOf } from "../models/viewer.ts";
import { livePostTotal } from "./live-post-totals.ts";
import { postPolicy } from "./policy.ts";
import { buildPostFeed, FEED_ITEMS } from "./post-feed.ts";
import { presentAdminPostListItem, presentPost, presentPostTeaser } from "./presenter.ts";
import {
  adminPostReply,
  createPost,
  deletePost,
  editPost,
  publishPost,
  unpublishPost,
  votePost,
} from "./service.ts";

// Editorial reviews, blog and news (issue 15): public reads of live posts, votes, feeds, and the admins' desk.
// Every read decides "live" against the clock at query time, so a scheduled post shows at its time everywhere.

const TAGS = ["posts"];

const listRoute = contractRoute(postEndpoints.list, {
  access: "public",
  tags: TAGS,
  summary: "Live posts of one or more kinds, newest first; filter by tag, linked model or linked camsite",
  replyDescription: "A page of post teasers",
});
const byNameRoute = contractRoute(postEndpoints.byName, {
  access: "public",
  tags: TAGS,
  summary: "A live post by its address; an old address answers {is_redirect: true, redirect_url}",
  description: "Admins also get drafts and scheduled posts (the desk's preview), told apart by `state`.",
  replyDescription: "The post or a redirect reply",
});
const voteRoute = contractRoute(postEndpoints.vote, {
  access: "user",
  owner: "anyone",
  tags: TAGS,
  summary: "Vote a live post up (1) or down (-1), or take the vote back (0)",
  replyDescription: "The post's score and the caller's vote",
  // A score is not worth dropping every public page for: pages show it within their cache time.
  invalidates: [],
  middleware: [
    rateLimit({
      name: "post-vote",
      limit: 60,
      windowMs: 10 * 60_000,
      key: (c) => `user:${c.var.user?.id ?? c.var.clientIp}`,
    }),
  ],
});
const feedRoute = contractRoute(postEndpoints.feed, {
  access: "public",
  tags: TAGS,
  summary: `The latest ${FEED_ITEMS} live posts of a kind as RSS 2.0 (format=rss) or Atom 1.0 (format=atom)`,
  replyDescription: "The feed's XML",
});
const adminListRoute = contractRoute(postEndpoints.adminList, {
  access: "admin",
  tags: TAGS,
  summary:
    "The desk: every post, filtered by kind, state (draft, scheduled, published) and words of its title",
  replyDescription: "A page of posts, with counts per state",
});
const adminGetRoute = contractRoute(postEndpoints.adminGet, {
  access: "admin",
  tags: TAGS,
  summary: "One post as the desk edits it",
  replyDescription: "The post",
});
const createRoute = contractRoute(postEndpoints.create, {
  access: "admin",
  tags: TAGS,
  summary: "Write a post (a draft); its HTML is sanitized on the server",
  replyDescription: "Created",
  bodyLimit: BODY_LIMITS.document,
});
const updateRoute = contractRoute(postEndpoints.update, {
  access: "admin",
  tags: TAGS,
  summary: "Change a post; a new post_name keeps the old address redirecting",
  replyDescription: "Saved",
  bodyLimit: BODY_LIMITS.document,
});
const publishRoute = contractRoute(postEndpoints.publish, {
  access: "admin",
  tags: TAGS,
  summary: "Publish a post now, or schedule it (publish_at later than now)",
  replyDescription: "Published or scheduled",
});
const unpublishRoute = contractRoute(postEndpoints.unpublish, {
  access: "admin",
  tags: TAGS,
  summary: "Take a post back to draft",
  replyDescription: "A draft again",
});
const deleteRoute = contractRoute(postEndpoints.delete, {
  access: "admin",
  tags: TAGS,
  summary: "Delete a post (its address is freed)",
  replyDescription: "Deleted",
});

export const postRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const {
      page,
      per_page: perPage = PAGE_SIZE.reviewsPerPage,
      type,
      tag,
      model_id,
      cam_site_id,
    } = c.req.valid("query");
    const { db, storage } = c.var.deps;
    // A model the caller may not see has no reviews to list (and so is not confirmed to exist).
    if (model_id !== undefined && (await postableModelIds(db, [model_id], viewerOf(c))).length === 0)
      return c.json(toPageEnvelope([], 0, page, perPage), 200);
    const filter = {
      ...(type?.length ? { types: type } : {}),
      ...(tag ? { tag } : {}),
      ...(model_id !== undefined ? { modelId: model_id } : {}),
      ...(cam_site_id !== undefined ? { camSiteId: cam_site_id } : {}),
    };
    const now = new Date();
    const [rows, total] = await Promise.all([
      listLivePostRows(db, filter, { offset: pageOffset(page, perPage), limit: perPage }, now),
      livePostTotal(db, c.var.deps.caches, filter, now),
    ]);
    const data = rows.map((row) => presentPostTeaser(row, storage.publicUrl));
    return c.json(toPageEnvelope(data, total, page, perPage), 200);
  })
  .openapi(byNameRoute, async (c) => {
    const { type, post_name: postName } = c.req.valid("param");
    const { db, storage } = c.var.deps;
    const actor = actorOf(c);
    const now = new Date();
    const row = await findPostByName(db, type, postName.toLowerCase(), {
      now,
      anyState: postPolicy.seeUnpublished(actor),
    });
    if (!row) {
      const moved = await findPostRedirect(db, type, postName.toLowerCase());
      if (moved) return c.json({ is_redirect: true as const, redirect_url: postPath(type, moved) }, 200);
      throw notFound();
    }
    const live = postState(row, now) === "published";
    const [links, myVote] = await Promise.all([
      findPostLinks(db, row.id, viewerOf(c)),
      actor ? findPostVote(db, row.id, actor.id) : Promise.resolve(0 as const),
    ]);
    const reply = presentPost(row, links, storage.publicUrl, {
      myVote,
      canVote: postPolicy.vote(actor, live),
      canEdit: postPolicy.edit(actor),
      now,
    });
    return c.json(reply, 200);
  })
  .openapi(voteRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { value } = c.req.valid("json");
    const now = new Date();
    const { votes, myVote } = await votePost(c, id, value, (row) => postState(row, now) === "published");
    return c.json({ message: POST_MESSAGES.voted, votes, my_vote: myVote }, 200);
  })
  .openapi(feedRoute, async (c) => {
    const { type } = c.req.valid("param");
    const { format } = c.req.valid("query");
    const { db, storage, env } = c.var.deps;
    const now = new Date();
    const rows = await listLivePostsForFeed(db, type, FEED_ITEMS, now);
    const xml = buildPostFeed({
      type,
      format,
      rows,
      productName: env.PRODUCT_NAME,
      publicUrl: env.PUBLIC_URL,
      imageUrl: storage.publicUrl,
      now,
    });
    const contentType = format === "atom" ? "application/atom+xml" : "application/rss+xml";
    // Readers poll feeds: a minute of caching is what they expect, and a scheduled post is at most that late.
    return c.body(xml, 200, {
      "Content-Type": `${contentType}; charset=utf-8`,
      "Cache-Control": "public, max-age=60",
    }) as never;
  })
  .openapi(adminListRoute, async (c) => {
    const { page, per_page: perPage = PAGE_SIZE.default, type, state, query } = c.req.valid("query");
    const { db, storage } = c.var.deps;
    const now = new Date();
    const { rows, total, counts } = await listPostsForDesk(
      db,
      { ...(type ? { type } : {}), ...(state ? { state } : {}), ...(query ? { query } : {}) },
      { offset: pageOffset(page, perPage), limit: perPage },
      now,
    );
    const data = rows.map((row) => presentAdminPostListItem(row, storage.publicUrl, now));
    return c.json(toPageEnvelope(data, total, page, perPage, { counts }), 200);
  })
  .openapi(adminGetRoute, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await adminPostReply(c, c.var.deps.db, id), 200);
  })
  .openapi(createRoute, async (c) => c.json(await createPost(c, c.req.valid("json")), 201))
  .openapi(updateRoute, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await editPost(c, id, c.req.valid("json")), 200);
  })
  .openapi(publishRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json") as { publish_at?: string | null };
    return c.json(await publishPost(c, id, body.publish_at ?? null), 200);
  })
  .openapi(unpublishRoute, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await unpublishPost(c, id), 200);
  })
  .openapi(deleteRoute, async (c) => {
    const { id } = c.req.valid("param");
    await deletePost(c, id);
    return c.json({ message: API_MESSAGES.deleted }, 200);
  });
