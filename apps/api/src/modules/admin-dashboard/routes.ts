import { adminDashboardCounts } from "@camatlas/db";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { requireAdmin } from "../../middleware/require-role.ts";

const count = z.number().int().nonnegative();
export const adminDashboardSchema = z.object({
  counts: z.object({ users: count, models: count, nicknames: count, camsites: count }),
  pending: z.object({
    revisions: count,
    nickname_removals: count,
    verification_requests: count,
    reports: count,
    user_reviews: count,
    new_models: count,
  }),
});

const dashboardRoute = createRoute({
  method: "get",
  path: "/admin/dashboard",
  tags: ["admin"],
  summary: "Totals and the items waiting for moderation",
  responses: {
    200: {
      description: "Dashboard numbers",
      content: { "application/json": { schema: adminDashboardSchema } },
    },
    401: { description: "Not signed in" },
    403: { description: "Not an admin" },
  },
});

export const adminDashboardRoutes = new OpenAPIHono<AppEnv>();
adminDashboardRoutes.use("/admin/dashboard", requireAdmin());
adminDashboardRoutes.openapi(dashboardRoute, async (c) => {
  const { counts, pending } = await adminDashboardCounts(c.var.deps.db);
  return c.json(
    {
      counts,
      pending: {
        revisions: pending.revisions,
        nickname_removals: pending.nicknameRemovals,
        verification_requests: pending.verificationRequests,
        reports: pending.reports,
        user_reviews: pending.userReviews,
        new_models: pending.newModels,
      },
    },
    200,
  );
});
