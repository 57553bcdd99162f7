import { adminDashboardCounts } from "@camatlas/db";
import { siteEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";

const dashboardRoute = contractRoute(siteEndpoints.adminDashboard, {
  access: "admin",
  tags: ["admin"],
  summary: "Totals and the items waiting for moderation",
  replyDescription: "Dashboard numbers",
});

export const adminDashboardRoutes = new OpenAPIHono<AppEnv>().openapi(dashboardRoute, async (c) => {
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
