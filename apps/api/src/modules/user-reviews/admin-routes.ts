import { toPageEnvelope, USER_REVIEW_MESSAGES } from "@camatlas/shared";
import { userReviewEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { adminQueue, decideReview, decideReviews, removeReview } from "./service.ts";

const TAGS = ["admin", "user-reviews"];

const queueRoute = contractRoute(userReviewEndpoints.adminList, {
  access: "admin",
  tags: TAGS,
  summary:
    "The user reviews queue (pending by default, oldest first), each with the author's reviews removed before",
  replyDescription: "A page of the queue",
});
const approveRoute = contractRoute(userReviewEndpoints.approve, {
  access: "admin",
  tags: TAGS,
  summary: "Approve a pending review: it shows on the model's page; the author is notified",
  errors: { 409: "Already decided" },
  replyDescription: "Approved",
});
const rejectRoute = contractRoute(userReviewEndpoints.reject, {
  access: "admin",
  tags: TAGS,
  summary: "Reject a pending review (an optional reason the author reads); the author is notified",
  errors: { 409: "Already decided" },
  replyDescription: "Rejected",
});
const removeRoute = contractRoute(userReviewEndpoints.remove, {
  access: "admin",
  tags: TAGS,
  summary:
    "Remove a published or hidden review with a reason; it counts towards the author's three (then she may not write more)",
  errors: { 409: "Not published, or removed already" },
  replyDescription: "Removed",
});
const bulkRoute = contractRoute(userReviewEndpoints.bulk, {
  access: "admin",
  tags: TAGS,
  summary: "Approve or reject several pending reviews at once (those no longer pending are skipped)",
  replyDescription: "How many were decided",
});

export const adminUserReviewRoutes = new OpenAPIHono<AppEnv>()
  .openapi(queueRoute, async (c) => {
    const query = c.req.valid("query");
    const { items, total } = await adminQueue(c, query);
    return c.json(toPageEnvelope(items, total, query.page, query.per_page), 200);
  })
  .openapi(approveRoute, async (c) => {
    const message = await decideReview(c, c.req.valid("param").id, "approve", c.req.valid("json")?.reason);
    return c.json({ message }, 200);
  })
  .openapi(rejectRoute, async (c) => {
    const message = await decideReview(c, c.req.valid("param").id, "reject", c.req.valid("json")?.reason);
    return c.json({ message }, 200);
  })
  .openapi(removeRoute, async (c) => {
    await removeReview(c, c.req.valid("param").id, c.req.valid("json").reason);
    return c.json({ message: USER_REVIEW_MESSAGES.removed }, 200);
  })
  .openapi(bulkRoute, async (c) => {
    const { ids, decision, reason } = c.req.valid("json");
    const decided = await decideReviews(c, ids, decision, reason);
    return c.json({ message: USER_REVIEW_MESSAGES.bulkDone(decided) }, 200);
  });
