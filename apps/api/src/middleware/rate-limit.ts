import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env.ts";
import { tooManyRequests } from "../lib/http-errors.ts";

export interface RateLimitOptions {
  /** Bucket name, so separate limits (login, writes) do not share counts. */
  name: string;
  limit: number;
  windowMs: number;
  /** Defaults to the client IP. */
  key?: (c: Parameters<Parameters<typeof createMiddleware<AppEnv>>[0]>[0]) => string;
}

/** Fixed-window rate limit; answers 429 with Retry-After once the limit is passed. */
export function rateLimit(options: RateLimitOptions) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = `${options.name}:${options.key ? options.key(c) : c.var.clientIp}`;
    const { count, resetAt } = await c.var.deps.rateLimitStore.hit(key, options.windowMs);
    c.header("x-ratelimit-limit", String(options.limit));
    c.header("x-ratelimit-remaining", String(Math.max(0, options.limit - count)));
    if (count > options.limit) {
      c.header("retry-after", String(Math.ceil((resetAt - Date.now()) / 1000)));
      throw tooManyRequests();
    }
    await next();
  });
}

/** The default limit every API call passes: reads are generous, writes are tighter. `exempt` names calls that are
 * services, not people (the collectors' ingest with its token): they have a limit of their own. */
export function defaultRateLimit(
  writesPerMinute: number,
  options: { exempt?: (c: Parameters<Parameters<typeof createMiddleware<AppEnv>>[0]>[0]) => boolean } = {},
) {
  const reads = rateLimit({ name: "read", limit: writesPerMinute * 10, windowMs: 60_000 });
  const writes = rateLimit({ name: "write", limit: writesPerMinute, windowMs: 60_000 });
  return createMiddleware<AppEnv>(async (c, next) => {
    const isRead = c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS";
    // The SSR server's own calls are already limited at the page level.
    if (c.var.clientIp === "local") return next();
    if (options.exempt?.(c)) return next();
    return (isRead ? reads : writes)(c, next);
  });
}
