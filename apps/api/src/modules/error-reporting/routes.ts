import { BODY_LIMITS } from "@camatlas/shared";
import { siteEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { rateLimit } from "../../middleware/rate-limit.ts";
import { isIgnoredError } from "./reporter.ts";

const clientErrorRoute = contractRoute(siteEndpoints.reportClientError, {
  // Stacks up to 16,000 characters.
  bodyLimit: BODY_LIMITS.longText,
  invalidates: [],
  access: "public",
  tags: ["system"],
  summary: "Forward a browser error to the error reporting service (production with SENTRY_DSN)",
  // Public, so it is limited per IP: a page in an error loop must not flood the reporter.
  middleware: [rateLimit({ name: "client-errors", limit: 20, windowMs: 60_000 })],
  replyDescription: "Accepted (reported, ignored or rate limited alike)",
});

export const errorReportingRoutes = new OpenAPIHono<AppEnv>().openapi(clientErrorRoute, (c) => {
  const body = c.req.valid("json");
  const { errorReporter } = c.var.deps;
  if (errorReporter.enabled) {
    errorReporter.capture({
      ...body,
      source: "browser",
      userAgent: c.req.header("user-agent")?.slice(0, 500),
      userId: c.var.user?.id ?? null,
      requestId: c.var.requestId,
    });
  } else if (!isIgnoredError(body.message)) {
    // Outside production the default handler: the log.
    c.var.logger.warn(
      { clientError: { name: body.name, message: body.message, url: body.url } },
      "browser error",
    );
  }
  return c.body(null, 204);
});
