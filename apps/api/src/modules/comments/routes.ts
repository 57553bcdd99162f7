import { BODY_LIMITS, COMMENT_MESSAGES } from "@camatlas/shared";
import { commentEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { listQueue, moderate } from "./admin-service.ts";
import {
  createComment,
  deleteComment,
  editComment,
  listReplies,
  listThread,
  reportComment,
  setHidden,
  showComment,
  threadCount,
  voteOnComment,
} from "./service.ts";

// Comments everywhere (decision 0015). Reads are public and follow the thread's visibility; writes need a session.

const tags = ["comments"];
/** A comment of 5,000 characters is up to 20 KB of UTF-8; JSON's escapes can double that. */
const commentBodyLimit = BODY_LIMITS.json;

const listRoute = contractRoute(commentEndpoints.list, {
  access: "public",
  tags,
  summary: "A thread's top-level comments (newest, oldest or top first), each with its first 3 replies",
  description:
    "404 when the thread's page does not exist or the reader may not see it (a hidden model). meta.count counts every comment that is not deleted, replies included.",
});
const countRoute = contractRoute(commentEndpoints.count, {
  access: "public",
  tags,
  summary: "How many comments a thread has (the Comments tab's number)",
});
const byIdRoute = contractRoute(commentEndpoints.byId, {
  access: "public",
  tags,
  summary: "One comment and the address of the page showing it (its comments page and #comment-{id})",
});
const repliesRoute = contractRoute(commentEndpoints.replies, {
  access: "public",
  tags,
  summary: "A comment's replies, oldest first",
});
const createRoute = contractRoute(commentEndpoints.create, {
  access: "user",
  owner: "anyone",
  tags,
  summary: "Post a comment or a reply, with up to 4 of the caller's images",
  description:
    "At most one comment per user every 10 seconds (429). 422 for empty or over-long text, an unknown or hidden thread, a reply to another thread, more than 4 images or someone else's. 403 for a user an admin barred from commenting.",
  replyDescription: "Posted",
  bodyLimit: commentBodyLimit,
  errors: { 403: "Barred from commenting" },
});
const updateRoute = contractRoute(commentEndpoints.update, {
  access: "user",
  owner: { resource: "comment", others: 403, admins: false },
  tags,
  summary: "Change the text of one's own comment, within 15 minutes of posting (it then shows as edited)",
  bodyLimit: commentBodyLimit,
  errors: { 403: "Not the author, or past the edit window" },
});
const deleteRoute = contractRoute(commentEndpoints.delete, {
  access: "user",
  owner: { resource: "comment", others: 403, admins: true },
  tags,
  summary: "Delete a comment (its author or an admin); its replies keep their place under 'Comment deleted'",
  errors: { 403: "Not the author" },
});
const voteRoute = contractRoute(commentEndpoints.vote, {
  access: "user",
  owner: "anyone",
  tags,
  summary: "Vote a comment up or down, change the vote or take it back (null); not one's own",
  // Counts move often; guests' cached pages catch up within their few seconds rather than every vote dropping them.
  invalidates: [],
  errors: { 403: "One's own comment" },
});
const hideRoute = contractRoute(commentEndpoints.hide, {
  access: "user",
  owner: { resource: "model_comment", others: 403, admins: true },
  tags,
  summary: "Hide a comment (the camgirl bound to the thread's model, or an admin)",
  errors: { 403: "Not the thread's model" },
});
const unhideRoute = contractRoute(commentEndpoints.unhide, {
  access: "user",
  owner: { resource: "model_comment", others: 403, admins: true },
  tags,
  summary: "Show a hidden comment again (the camgirl bound to the thread's model, or an admin)",
  errors: { 403: "Not the thread's model" },
});
const reportRoute = contractRoute(commentEndpoints.report, {
  access: "user",
  owner: "anyone",
  tags,
  summary: "Report a comment to the admins (once per user)",
  // Nothing public changes.
  invalidates: [],
  replyDescription: "Reported",
  errors: { 403: "One's own comment", 409: "Already reported by this user" },
});
const adminListRoute = contractRoute(commentEndpoints.adminList, {
  access: "admin",
  tags,
  summary: "The admins' comment queue: reported (pending reports first), recent, hidden or deleted",
});
const adminModerateRoute = contractRoute(commentEndpoints.adminModerate, {
  access: "admin",
  tags,
  summary:
    "Hide, show, delete, restore, dismiss the reports of, or ban or unban the authors of up to 100 comments",
});

export const commentRoutes = new OpenAPIHono<AppEnv>()
  // /comments/count before /comments/{id}: "count" is no id.
  .openapi(countRoute, async (c) => {
    const { comment_zone, commentable_id } = c.req.valid("query");
    return c.json({ count: await threadCount(c, comment_zone, commentable_id) }, 200);
  })
  .openapi(listRoute, async (c) => c.json(await listThread(c, c.req.valid("query")), 200))
  .openapi(byIdRoute, async (c) => c.json(await showComment(c, c.req.valid("param").id), 200))
  .openapi(repliesRoute, async (c) =>
    c.json(await listReplies(c, c.req.valid("param").id, c.req.valid("query")), 200),
  )
  .openapi(createRoute, async (c) => c.json(await createComment(c, c.req.valid("json")), 201))
  .openapi(updateRoute, async (c) =>
    c.json(await editComment(c, c.req.valid("param").id, c.req.valid("json").text), 200),
  )
  .openapi(deleteRoute, async (c) => {
    await deleteComment(c, c.req.valid("param").id);
    return c.json({ message: COMMENT_MESSAGES.deleted }, 200);
  })
  .openapi(voteRoute, async (c) =>
    c.json(await voteOnComment(c, c.req.valid("param").id, c.req.valid("json").vote), 200),
  )
  .openapi(hideRoute, async (c) => {
    await setHidden(c, c.req.valid("param").id, true);
    return c.json({ message: COMMENT_MESSAGES.hidden }, 200);
  })
  .openapi(unhideRoute, async (c) => {
    await setHidden(c, c.req.valid("param").id, false);
    return c.json({ message: COMMENT_MESSAGES.unhidden }, 200);
  })
  .openapi(reportRoute, async (c) => {
    await reportComment(c, c.req.valid("param").id, c.req.valid("json").reason);
    return c.json({ message: COMMENT_MESSAGES.reported }, 201);
  })
  .openapi(adminListRoute, async (c) => c.json(await listQueue(c, c.req.valid("query")), 200))
  .openapi(adminModerateRoute, async (c) => {
    const { ids, action } = c.req.valid("json");
    return c.json(await moderate(c, ids, action), 200);
  });
