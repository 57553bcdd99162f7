import { MESSAGES } from "@camatlas/shared";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiDeps, AppEnv } from "./app-env.ts";
import { stripArrayQueryKeys } from "./lib/array-query-keys.ts";
import { validationHook } from "./lib/validation-hook.ts";
import { authenticate } from "./middleware/authenticate.ts";
import { handleError } from "./middleware/error-handler.ts";
import { originCheck } from "./middleware/origin-check.ts";
import { defaultRateLimit } from "./middleware/rate-limit.ts";
import { requestContext } from "./middleware/request-context.ts";
import { adblockRoutes } from "./modules/adblock/routes.ts";
import { adminDashboardRoutes } from "./modules/admin-dashboard/routes.ts";
import { adminUserRoutes } from "./modules/admin-users/routes.ts";
import { alertRoutes } from "./modules/alerts/routes.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { camSiteRoutes } from "./modules/camsites/routes.ts";
import { collectorHealthRoutes } from "./modules/collector-health/routes.ts";
import { commentRoutes } from "./modules/comments/routes.ts";
import { mountDocs } from "./modules/docs/routes.ts";
import { errorReportingRoutes } from "./modules/error-reporting/routes.ts";
import { featuredModelRoutes } from "./modules/featured-models/routes.ts";
import { followRoutes } from "./modules/follows/routes.ts";
import { forumAdminRoutes } from "./modules/forum/admin-routes.ts";
import { forumRoutes } from "./modules/forum/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { ingestRoutes, isIngestServiceCall } from "./modules/ingest/routes.ts";
import { legacyRoutes } from "./modules/legacy/routes.ts";
import { mediaRoutes } from "./modules/media/routes.ts";
import { modelCardFactsRoutes } from "./modules/model-card-facts/routes.ts";
import { modelContentRoutes } from "./modules/model-content/routes.ts";
import { modelLinkRoutes } from "./modules/model-links/routes.ts";
import { moderationRoutes } from "./modules/model-moderation/routes.ts";
import { nicknameRoutes } from "./modules/model-nicknames/routes.ts";
import { modelTimelineRoutes } from "./modules/model-timeline/routes.ts";
import { verificationRoutes } from "./modules/model-verification/routes.ts";
import { modelActionRoutes } from "./modules/models/action-routes.ts";
import { modelRoutes } from "./modules/models/routes.ts";
import { notificationRoutes } from "./modules/notifications/routes.ts";
import { oauthRoutes } from "./modules/oauth/routes.ts";
import { pageRoutes } from "./modules/pages/routes.ts";
import { postRoutes } from "./modules/posts/routes.ts";
import { profileRoutes } from "./modules/profile/routes.ts";
import { searchRoutes } from "./modules/search/routes.ts";
import { settingsRoutes } from "./modules/settings/routes.ts";
import { sitemapRoutes } from "./modules/sitemap/routes.ts";
import { statsRoutes } from "./modules/stats/routes.ts";
import { storyRoutes } from "./modules/stories/routes.ts";
import { tagRoutes } from "./modules/tags/routes.ts";
import { adminUserReviewRoutes } from "./modules/user-reviews/admin-routes.ts";
import { userReviewRoutes } from "./modules/user-reviews/routes.ts";
import { userRoutes } from "./modules/users/routes.ts";
import { videoJobAdminRoutes } from "./modules/video-processing/admin-routes.ts";

/**
 * The API under /api. Every endpoint runs the same chain:
 * request context → rate limit → auth → validation (zod, via defaultHook) → handler → presenter; errors end in handleError.
 */
export function createApi(deps: ApiDeps, options: { engine: string }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).basePath("/api");
  app.use("*", requestContext(deps));
  app.use("*", originCheck());
  app.use("*", defaultRateLimit(deps.env.RATE_LIMIT_WRITES_PER_MINUTE, { exempt: isIngestServiceCall }));
  app.use("*", authenticate());
  // Each write route publishes what it changed (contractRoute's `invalidates`); the caches declared in deps.ts drop
  // on those events, here and (with REDIS_URL) in every other process.

  app.route("/", healthRoutes(options.engine));
  app.route("/", authRoutes);
  app.route("/", profileRoutes);
  app.route("/", userRoutes);
  app.route("/", notificationRoutes);
  app.route("/", adminDashboardRoutes);
  app.route("/", adminUserRoutes);
  app.route("/", oauthRoutes);
  app.route("/", camSiteRoutes);
  app.route("/", modelRoutes);
  app.route("/", modelActionRoutes);
  app.route("/", followRoutes);
  app.route("/", modelTimelineRoutes);
  app.route("/", modelCardFactsRoutes);
  app.route("/", alertRoutes);
  app.route("/", nicknameRoutes);
  app.route("/", modelLinkRoutes);
  app.route("/", tagRoutes);
  app.route("/", verificationRoutes);
  app.route("/", moderationRoutes);
  app.route("/", modelContentRoutes);
  app.route("/", searchRoutes);
  app.route("/", ingestRoutes);
  app.route("/", collectorHealthRoutes);
  app.route("/", statsRoutes);
  app.route("/", mediaRoutes);
  app.route("/", videoJobAdminRoutes);
  app.route("/", userReviewRoutes);
  app.route("/", adminUserReviewRoutes);
  app.route("/", storyRoutes);
  app.route("/", errorReportingRoutes);
  app.route("/", legacyRoutes);
  app.route("/", settingsRoutes);
  app.route("/", pageRoutes);
  app.route("/", postRoutes);
  app.route("/", featuredModelRoutes);
  app.route("/", adblockRoutes);
  app.route("/", forumRoutes);
  app.route("/", forumAdminRoutes);
  app.route("/", sitemapRoutes);
  app.route("/", commentRoutes);
  mountDocs(app, deps.env.PRODUCT_NAME);

  // A mounted app's notFound is ignored by a parent, so /api answers its own 404s explicitly.
  app.all("*", (c) => c.json({ message: MESSAGES.api.notFound }, 404));
  app.onError(handleError);

  const dispatch = app.fetch;
  app.fetch = (request, ...rest) => dispatch(stripArrayQueryKeys(request), ...rest);
  return app;
}

export type ApiApp = ReturnType<typeof createApi>;
