import { isDatabaseUnavailable } from "@camatlas/db";
import { MESSAGES } from "@camatlas/shared";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import type { AppEnv } from "../app-env.ts";
import { ApiError } from "../lib/http-errors.ts";
import { zodIssuesToErrors } from "../lib/validation-hook.ts";
import { describeError } from "../modules/error-reporting/reporter.ts";

/**
 * Hono's own refusals in the shared texts: 400 for a body it cannot parse (JSON or multipart), 415 for a content type
 * the route does not take (zod-openapi's media type gate).
 */
function httpExceptionMessage(error: HTTPException): string {
  if (error.status === 415) return MESSAGES.api.unsupportedMediaType;
  if (error.status === 400 && /json/i.test(error.message)) return MESSAGES.api.malformedJson;
  if (error.status === 400 && /formdata/i.test(error.message)) return MESSAGES.api.malformedForm;
  return error.message || "Bad request.";
}

/** The one place errors become replies: `{message}` or 422 `{message, errors}`; never a stack trace. */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  if (error instanceof ApiError) {
    return c.json(
      error.errors ? { message: error.message, errors: error.errors } : { message: error.message },
      {
        status: error.status as 400,
      },
    );
  }
  if (error instanceof ZodError) {
    return c.json({ message: MESSAGES.api.validationFailed, errors: zodIssuesToErrors(error.issues) }, 422);
  }
  if (error instanceof HTTPException) {
    return c.json({ message: httpExceptionMessage(error) }, error.status);
  }
  if (error instanceof SyntaxError && /JSON/.test(error.message)) {
    return c.json({ message: MESSAGES.api.malformedJson }, 400);
  }
  if (isDatabaseUnavailable(error)) {
    // An outage, not a bug: no error report per request (the health check says it), a short retry hint.
    c.var.logger?.warn({ err: error, path: c.req.path }, "database unavailable");
    c.header("retry-after", "5");
    return c.json({ message: MESSAGES.api.serviceUnavailable }, 503);
  }
  const logger = c.var.logger;
  logger?.error({ err: error, path: c.req.path }, "unhandled error");
  c.var.deps?.errorReporter.capture({
    ...describeError(error),
    source: "server",
    url: c.req.path,
    method: c.req.method,
    userId: c.var.user?.id ?? null,
    requestId: c.var.requestId,
  });
  return c.json({ message: MESSAGES.api.serverError }, 500);
}
