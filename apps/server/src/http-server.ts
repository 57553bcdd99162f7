import type { ServerEnv } from "@camatlas/api";
import { type ServerType, serve } from "@hono/node-server";

export type HttpServerEnv = Pick<
  ServerEnv,
  | "PORT"
  | "HOST"
  | "HTTP_KEEP_ALIVE_TIMEOUT_SECONDS"
  | "HTTP_HEADERS_TIMEOUT_SECONDS"
  | "HTTP_REQUEST_TIMEOUT_SECONDS"
>;

/**
 * Node's connection time-outs, from the env. Node's own keep-alive time (5 s) is shorter than a load balancer's idle
 * time (60 s): the site would close connections the balancer still reuses, and under load, when the event loop lags
 * past that timer, it closed connections whose next request had already arrived (resets with no response).
 */
export function httpServerOptions(env: HttpServerEnv) {
  return {
    keepAliveTimeout: env.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    headersTimeout: env.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
    requestTimeout: env.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
  };
}

/** The site's HTTP server on HOST:PORT with the configured time-outs. */
export function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  env: HttpServerEnv,
): ServerType {
  return serve({ fetch, port: env.PORT, hostname: env.HOST, serverOptions: httpServerOptions(env) });
}
