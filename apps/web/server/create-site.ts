import path from "node:path";
import { type ApiApp, type ApiDeps, createApi, createApiDeps, type ServerEnv } from "@camatlas/api";
import { devMailRoutes } from "@camatlas/api/modules/mail/dev-mail-routes";
import type { DatabaseHandle } from "@camatlas/db";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import type { Logger } from "pino";
import type { createRequestHandler, RouterContextProvider, ServerBuild } from "react-router";
import type { LoadContextInput } from "../app/lib/load-context.ts";
import { clientIpHeaderName } from "./client-ip-header.ts";

export interface SiteOptions {
  env: ServerEnv;
  database: DatabaseHandle;
  logger: Logger;
  /** The React Router server build, or a getter that loads it fresh (dev). */
  getBuild: () => Promise<ServerBuild>;
  /** Folder of the built browser assets; absent in dev, where Vite serves them. */
  clientDir?: string;
  mode: "production" | "development";
  internalToken: string;
}

/** What entry.server exports besides the render function. */
interface EntryExports {
  createLoadContext: (input: LoadContextInput) => RouterContextProvider;
  createRequestHandler: typeof createRequestHandler;
}

/** One Hono app for the whole site: /api (Hono API), /media (files), assets, then React Router SSR. */
export function createSite(options: SiteOptions): { site: Hono; api: ApiApp; deps: ApiDeps } {
  const { env } = options;
  const clientIpHeader = clientIpHeaderName(env.PRODUCT_NAME);
  const deps = createApiDeps({
    db: options.database.db,
    env,
    logger: options.logger,
    clientIpHeader,
    internalToken: options.internalToken,
  });
  const api = createApi(deps, { engine: options.database.engine });

  const site = new Hono();
  // gzip/deflate for clients that ask (pages, API JSON, CSS/JS; images and small replies are left alone).
  site.use("*", compress());
  // Through api.fetch (not route mounting) so the API's own request normalisation applies.
  site.all("/api/*", (c) => api.fetch(c.req.raw, c.env));
  if (env.s3) {
    // With S3 the files live in the bucket; `/media/…` links (stored, or built by presenters) redirect there.
    const bucketUrl = env.s3.publicUrl.replace(/\/+$/, "");
    site.get("/media/*", (c) => c.redirect(`${bucketUrl}/${c.req.path.slice("/media/".length)}`, 301));
  } else {
    site.use("/media/*", serveStatic({ root: path.relative(process.cwd(), env.DATA_DIR) || "." }));
    site.get("/media/*", (c) => c.text("Not found", 404));
  }
  site.route("/dev/mail", devMailRoutes(env));
  if (options.clientDir) {
    const root = path.relative(process.cwd(), options.clientDir);
    site.use(
      "/assets/*",
      serveStatic({
        root,
        onFound: (_p, c) => {
          c.header("Cache-Control", "public, max-age=31536000, immutable");
        },
      }),
    );
    site.use("*", serveStatic({ root }));
  }

  let handler: ReturnType<typeof createRequestHandler> | undefined;
  const publicConfig = {
    productName: env.PRODUCT_NAME,
    appEnv: env.APP_ENV,
    publicUrl: env.PUBLIC_URL,
    // Sign-in buttons show only for providers with a client id (else the API answers 404).
    oauthProviders: [
      ...(env.GOOGLE_CLIENT_ID ? (["google"] as const) : []),
      ...(env.TWITTER_CLIENT_ID ? (["twitter"] as const) : []),
    ],
  };
  site.all("*", async (c) => {
    const build = await options.getBuild();
    const entry = build.entry.module as unknown as EntryExports;
    // In dev the build changes under us, so a fresh handler per request; in production one is enough.
    handler =
      options.mode === "development" || !handler ? entry.createRequestHandler(build, options.mode) : handler;
    const context = entry.createLoadContext({
      apiFetch: (request) => Promise.resolve(api.fetch(request)),
      request: c.req.raw,
      clientIp: visitorIp(c.req.raw, env.TRUST_PROXY, () => getConnInfo(c).remote.address),
      clientIpHeader,
      internalToken: options.internalToken,
      config: publicConfig,
    });
    return handler(c.req.raw, context);
  });
  return { site, api, deps };
}

/** Spec §7: the first entry of X-Forwarded-For (only behind a trusted proxy), else the socket address. */
export function visitorIp(
  request: Request,
  trustProxy: boolean,
  socketAddress: () => string | undefined,
): string {
  if (trustProxy) {
    const first = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (first) return first;
  }
  try {
    return socketAddress() ?? "unknown";
  } catch {
    return "unknown";
  }
}
