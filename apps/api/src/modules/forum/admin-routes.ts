import { forumEndpoints } from "@camatlas/shared/api-contract";
import { FORUM_MESSAGES } from "@camatlas/shared/forum";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import {
  approvePost,
  banUser,
  mergeTopic,
  moderateTopic,
  readBans,
  readPending,
  readReports,
  rejectPost,
  removeCategory,
  resolveReport,
  saveCategory,
  saveSettings,
  unbanUser,
} from "./moderation-service.ts";
import { readForumSettings } from "./settings.ts";

// The admins' forum routes under /api/admin/forum: categories, topic moderation, reports, held posts, bans, settings.

const admin = { access: "admin" as const, tags: ["forum", "admin"] };

const createCategoryRoute = contractRoute(forumEndpoints.createCategory, {
  ...admin,
  summary: "Create a forum category (who may post: members or admins)",
});
const updateCategoryRoute = contractRoute(forumEndpoints.updateCategory, {
  ...admin,
  summary: "Edit a forum category",
});
const deleteCategoryRoute = contractRoute(forumEndpoints.deleteCategory, {
  ...admin,
  summary: "Delete an empty forum category",
});
const moderateRoute = contractRoute(forumEndpoints.moderateTopic, {
  ...admin,
  summary: "Pin, lock or move a topic (audited)",
});
const mergeRoute = contractRoute(forumEndpoints.mergeTopic, {
  ...admin,
  summary: "Merge a topic into another: its posts move to the end of the target; its address leads there",
});
const reportsRoute = contractRoute(forumEndpoints.reports, {
  ...admin,
  summary: "Open reports of forum posts, oldest first",
});
const resolveRoute = contractRoute(forumEndpoints.resolveReport, {
  ...admin,
  summary: "Close a report: dismiss it, or delete the post",
});
const pendingRoute = contractRoute(forumEndpoints.pending, {
  ...admin,
  summary: "Posts held for approval (new accounts' first posts), oldest first",
});
const approveRoute = contractRoute(forumEndpoints.approvePost, { ...admin, summary: "Publish a held post" });
const rejectRoute = contractRoute(forumEndpoints.rejectPost, { ...admin, summary: "Refuse a held post" });
const bansRoute = contractRoute(forumEndpoints.bans, { ...admin, summary: "Members banned from the forum" });
const banRoute = contractRoute(forumEndpoints.ban, {
  ...admin,
  invalidates: [],
  summary: "Ban a member from posting in the forum (for some days, or until lifted)",
});
const unbanRoute = contractRoute(forumEndpoints.unban, {
  ...admin,
  invalidates: [],
  summary: "Lift a forum ban",
});
const settingsRoute = contractRoute(forumEndpoints.settings, {
  ...admin,
  summary: "The forum's moderation settings",
});
const updateSettingsRoute = contractRoute(forumEndpoints.updateSettings, {
  ...admin,
  invalidates: [],
  summary: "Change the forum's moderation settings (hold new accounts' first posts)",
});

export const forumAdminRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createCategoryRoute, async (c) => {
    const category = await saveCategory(c, null, c.req.valid("json"));
    return c.json({ message: FORUM_MESSAGES.categorySaved, category }, 201);
  })
  .openapi(updateCategoryRoute, async (c) => {
    const category = await saveCategory(c, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ message: FORUM_MESSAGES.categorySaved, category }, 200);
  })
  .openapi(deleteCategoryRoute, async (c) => {
    await removeCategory(c, c.req.valid("param").id);
    return c.json({ message: FORUM_MESSAGES.categoryDeleted }, 200);
  })
  .openapi(moderateRoute, async (c) => {
    const topic = await moderateTopic(c, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ message: FORUM_MESSAGES.topicModerated, topic, held: topic.status === "pending" }, 200);
  })
  .openapi(mergeRoute, async (c) => {
    const topic = await mergeTopic(c, c.req.valid("param").id, c.req.valid("json").into_topic_id);
    return c.json({ message: FORUM_MESSAGES.topicsMerged, topic, held: false }, 200);
  })
  .openapi(reportsRoute, async (c) => c.json(await readReports(c, c.req.valid("query").page), 200))
  .openapi(resolveRoute, async (c) => {
    await resolveReport(c, c.req.valid("param").id, c.req.valid("json").action);
    return c.json({ message: FORUM_MESSAGES.reportResolved }, 200);
  })
  .openapi(pendingRoute, async (c) => c.json(await readPending(c, c.req.valid("query").page), 200))
  .openapi(approveRoute, async (c) => {
    await approvePost(c, c.req.valid("param").id);
    return c.json({ message: FORUM_MESSAGES.postApproved }, 200);
  })
  .openapi(rejectRoute, async (c) => {
    await rejectPost(c, c.req.valid("param").id);
    return c.json({ message: FORUM_MESSAGES.postRejected }, 200);
  })
  .openapi(bansRoute, async (c) => c.json(await readBans(c, c.req.valid("query").page), 200))
  .openapi(banRoute, async (c) => {
    await banUser(c, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ message: FORUM_MESSAGES.userBanned }, 200);
  })
  .openapi(unbanRoute, async (c) => {
    await unbanUser(c, c.req.valid("param").id);
    return c.json({ message: FORUM_MESSAGES.userUnbanned }, 200);
  })
  .openapi(settingsRoute, async (c) => c.json(await readForumSettings(c.var.deps.db), 200))
  .openapi(updateSettingsRoute, async (c) => {
    const settings = await saveSettings(c, c.req.valid("json"));
    return c.json({ message: FORUM_MESSAGES.settingsSaved, settings }, 200);
  });
