import { followEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { rateLimit } from "../../middleware/rate-limit.ts";
import { follow, followState, listFollows, unfollow, updateAlerts } from "./service.ts";

const TAGS = ["follows"];

// A follow button pressed on and off by a person; a script toggling it fills nobody's list.
const followLimit = rateLimit({
  name: "follow-write",
  limit: 60,
  windowMs: 60_000,
  key: (c) => `user:${c.var.user?.id ?? c.var.clientIp}`,
});

const stateRoute = contractRoute(followEndpoints.state, {
  access: "public",
  tags: TAGS,
  summary: "Whether the caller follows the model, her followers count and whether the caller may follow",
});
const followRoute = contractRoute(followEndpoints.follow, {
  access: "user",
  owner: "anyone",
  tags: TAGS,
  summary: "Follow a model the caller may see (again: no change); at most 500 follows",
  middleware: [followLimit],
  invalidates: [],
  replyDescription: "Following",
});
const unfollowRoute = contractRoute(followEndpoints.unfollow, {
  access: "user",
  owner: "anyone",
  tags: TAGS,
  summary: "Stop following a model (also one whose page is hidden from the caller now)",
  middleware: [followLimit],
  invalidates: [],
  replyDescription: "Not following",
});
const alertsRoute = contractRoute(followEndpoints.updateAlerts, {
  access: "user",
  owner: "anyone",
  tags: TAGS,
  summary:
    "The caller's alert choices for one model he follows (null: his global setting); 404 when not following",
  middleware: [followLimit],
  invalidates: [],
  replyDescription: "Saved",
});
const listRoute = contractRoute(followEndpoints.list, {
  access: "user",
  owner: "self",
  tags: TAGS,
  summary: "The models the caller follows that he may see, online on any camsite first, then by name",
});

export const followRoutes = new OpenAPIHono<AppEnv>()
  .openapi(stateRoute, async (c) => c.json(await followState(c, c.req.valid("param").id), 200))
  .openapi(followRoute, async (c) => c.json(await follow(c, c.req.valid("param").id), 200))
  .openapi(unfollowRoute, async (c) => c.json(await unfollow(c, c.req.valid("param").id), 200))
  .openapi(alertsRoute, async (c) =>
    c.json(await updateAlerts(c, c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(listRoute, async (c) => c.json(await listFollows(c), 200));
