import { TEXT_LIMITS } from "@camatlas/shared";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { rateLimit } from "../../middleware/rate-limit.ts";
import { isIgnoredError } from "./reporter.ts";

/** What the browser forwards of an error it caught (window.onerror, unhandled rejections, error boundaries). */
export const clientErrorSchema = z.object({
  name: z.string().trim().max(200).default("Error"),
  message: z.string().trim().min(1).max(2000),
  stack: z.string().max(16_000).optional(),
  url: z.string().max(TEXT_LIMITS.url).optional(),
});

const clientErrorRoute = createRoute({
  method: "post",
  path: "/client-errors",
  tags: ["system"],
  summary: "Forward a browser error to the error reporting service (production with SENTRY_DSN)",
  // Public, so it is limited per IP: a page in an error loop must not flood the reporter.
  middleware: [rateLimit({ name: "client-errors", limit: 20, windowMs: 60_000 })] as const,
  request: { body: { content: { "application/json": { schema: clientErrorSchema } }, required: true } },
  responses: {
    204: { description: "Accepted (reported, ignored or rate limited alike)" },
    422: { description: "Invalid" },
  },
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
