import { BODY_LIMITS, SUCCESS_MESSAGES, toPageEnvelope, USER_REVIEW_MESSAGES } from "@camatlas/shared";
import { userReviewEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { rateLimit } from "../../middleware/rate-limit.ts";
import { createReview, hideReview, listReviews, showReview, updateReview, voteReview } from "./service.ts";

const TAGS = ["user-reviews"];

// Writing is slow work for a person: a generous cap per author that still stops a script.
const writeLimit = rateLimit({
  name: "user-review-write",
  limit: 20,
  windowMs: 60 * 60_000,
  key: (c) => `user:${c.var.user?.id ?? c.var.clientIp}`,
});
const voteLimit = rateLimit({
  name: "user-review-vote",
  limit: 60,
  windowMs: 60_000,
  key: (c) => `user:${c.var.user?.id ?? c.var.clientIp}`,
});

const listRoute = contractRoute(userReviewEndpoints.list, {
  access: "public",
  tags: TAGS,
  summary:
    "User reviews, newest first (9 per page): approved ones; an author's own in every state (user_id = hers); admins all",
});
const showRoute = contractRoute(userReviewEndpoints.show, {
  access: "public",
  tags: TAGS,
  summary: "A user review: approved, or any state to its author and admins",
});
const createRoute = contractRoute(userReviewEndpoints.create, {
  access: "user",
  owner: "self",
  tags: TAGS,
  summary:
    "Write a review of a model (500+ words, 1–2 of her nicknames, rating 1–5, own images and video); pending until an admin approves it",
  middleware: [writeLimit],
  bodyLimit: BODY_LIMITS.document,
  invalidates: [],
  replyDescription: "Created, pending",
});
const updateRoute = contractRoute(userReviewEndpoints.update, {
  access: "user",
  owner: { resource: "user_review", others: 403, admins: false },
  tags: TAGS,
  summary: "The author edits her review (any of the fields); it goes back to pending",
  middleware: [writeLimit],
  bodyLimit: BODY_LIMITS.document,
  errors: { 403: "Not the author" },
  replyDescription: "Saved, pending",
});
const voteRoute = contractRoute(userReviewEndpoints.vote, {
  access: "user",
  owner: "anyone",
  tags: TAGS,
  summary: "Vote a published review of someone else up (1) or down (-1); the same vote again takes it back",
  middleware: [voteLimit],
  // A counter: shown within the caches' lifetime.
  invalidates: [],
  replyDescription: "The review's votes",
});
const hideRoute = contractRoute(userReviewEndpoints.hide, {
  access: "user",
  owner: { resource: "user_review_of_own_model", others: 403, admins: false },
  tags: TAGS,
  summary:
    "The bound camgirl hides a published review of her model (its author and admins still see it, marked)",
  errors: { 403: "Not the camgirl of the reviewed model" },
  replyDescription: "Hidden",
});

export const userReviewRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const { items, total } = await listReviews(c, query);
    return c.json(toPageEnvelope(items, total, query.page, query.per_page), 200);
  })
  .openapi(showRoute, async (c) => c.json(await showReview(c, c.req.valid("param").id), 200))
  .openapi(createRoute, async (c) => {
    const review = await createReview(c, c.req.valid("json"));
    return c.json({ message: SUCCESS_MESSAGES.reviewCreated, review }, 201);
  })
  .openapi(updateRoute, async (c) => {
    const review = await updateReview(c, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ message: USER_REVIEW_MESSAGES.updated, review }, 200);
  })
  .openapi(voteRoute, async (c) => {
    const { votes, myVote } = await voteReview(c, c.req.valid("param").id, c.req.valid("json").value);
    return c.json({ message: USER_REVIEW_MESSAGES.voted, votes, my_vote: myVote }, 200);
  })
  .openapi(hideRoute, async (c) => {
    await hideReview(c, c.req.valid("param").id);
    return c.json({ message: USER_REVIEW_MESSAGES.hidden }, 200);
  });
