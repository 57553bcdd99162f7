import { randomUUID } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import { createMiddleware } from "hono/factory";
import type { ApiDeps, AppEnv } from "../app-env.ts";

/**
 * First link of the chain: request id, child logger, client IP.
 * The forwarded client IP header is trusted only from the in-process SSR server (it carries the internal token).
 */
export function requestContext(deps: ApiDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // An incoming id is kept only when it is short and plain, so it cannot forge log lines.
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    c.set("deps", deps);
    c.set("requestId", requestId);
    c.set("logger", deps.logger.child({ requestId }));
    c.set("user", null);
    c.set("clientIp", resolveClientIp(c, deps));
    c.header("x-request-id", requestId);
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    c.var.logger.debug({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, "request");
  });
}

function resolveClientIp(
  c: Parameters<Parameters<typeof createMiddleware<AppEnv>>[0]>[0],
  deps: ApiDeps,
): string {
  const forwarded = c.req.header(deps.clientIpHeader);
  if (forwarded && c.req.header("x-internal-token") === deps.internalToken) return forwarded;
  if (deps.env.TRUST_PROXY) {
    const first = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (first) return first;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // In-process requests (tests, SSR without a forwarded IP) have no socket.
    return "local";
  }
}
