import { ROLE, STORY_MESSAGES } from "@camatlas/shared";
import { storyEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { rateLimit } from "../../middleware/rate-limit.ts";
import { createStory, deleteStory, listStoriesFor, viewStory } from "./service.ts";

// A model posts a few stories a day; a budget per account keeps a script from flooding the rail.
const storyPostLimit = rateLimit({
  name: "story-post",
  limit: 60,
  windowMs: 60 * 60_000,
  key: (c) => `user:${c.var.user?.id ?? c.var.clientIp}`,
});

const listRoute = contractRoute(storyEndpoints.list, {
  access: "public",
  tags: ["stories"],
  summary:
    "Stories: a model's (model_id or model_name), a camsite's, or every visible model's live ones; scheduled ones (show_unpublished) only for her camgirl and admins, archived ones with with_archived",
});

const createRoute = contractRoute(storyEndpoints.create, {
  access: { roles: [ROLE.camgirl, ROLE.admin] },
  owner: "self",
  tags: ["stories"],
  summary:
    "Schedule a story for a model bound to you (admins: any): your own image or video, publish_at from a minute ago to 30 days ahead; live 24 hours, then archived",
  middleware: [storyPostLimit],
  replyDescription: "Scheduled",
});

const deleteRoute = contractRoute(storyEndpoints.delete, {
  access: "user",
  owner: { resource: "story", others: 403, admins: true },
  tags: ["stories"],
  summary: "Delete a story (the model's camgirl, its author or an admin)",
  errors: { 403: "Not allowed" },
  replyDescription: "Deleted",
});

const viewRoute = contractRoute(storyEndpoints.view, {
  access: "public",
  tags: ["stories"],
  summary: "Mark a published story viewed: for the signed-in user, in a cookie of this browser for a guest",
  // The viewed state is the caller's own: no public read changes.
  invalidates: [],
  replyDescription: "Viewed",
});

export const storyRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => c.json(await listStoriesFor(c, c.req.valid("query")), 200))
  .openapi(createRoute, async (c) => {
    const story = await createStory(c, c.req.valid("json"));
    return c.json({ message: STORY_MESSAGES.created, data: story }, 201);
  })
  .openapi(deleteRoute, async (c) => {
    await deleteStory(c, c.req.valid("param").id);
    return c.json({ message: STORY_MESSAGES.deleted }, 200);
  })
  .openapi(viewRoute, async (c) => {
    await viewStory(c, c.req.valid("param").id);
    return c.json({ message: STORY_MESSAGES.viewed, viewed_by_current_user: true as const }, 200);
  });
