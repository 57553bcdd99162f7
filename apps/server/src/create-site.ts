import path from "node:path";
import {
  type ApiApp,
  type ApiDeps,
  createApi,
  createApiDeps,
  devMailRoutes,
  type ServerEnv,
} from "@camatlas/api";
import { type DatabaseHandle, listIpBlockLocations } from "@camatlas/db";
import { portraitLooksOf, recordPortraitSnapshotBlurhash } from "@camatlas/db/seed";
import type { LoadContextInput } from "@camatlas/web/server-contract";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import type { Logger } from "pino";
import type { createRequestHandler, RouterContextProvider, ServerBuild } from "react-router";
import { clientIpHeaderName } from "./client-ip-header.ts";
import { demoPortraitsOnDemand } from "./demo-portraits-on-demand.ts";
import { createGuestPageCaching, type GuestPageCaching } from "./guest-page-caching.ts";
import { createIpBlockList } from "./ip-block-list.ts";
import {
  baseSecurityHeaders,
  newCspNonce,
  type SecurityHeaderOptions,
  securityHeaders,
  sharedPageHeaders,
  withPagePolicy,
} from "./security-headers.ts";

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
export function createSite(options: SiteOptions): {
  site: Hono;
  api: ApiApp;
  deps: ApiDeps;
  pageCache: GuestPageCaching | null;
} {
  const { env } = options;
  const clientIpHeader = clientIpHeaderName(env.PRODUCT_NAME);
  const deps = createApiDeps({
    db: options.database.db,
    env,
    logger: options.logger,
    clientIpHeader,
    internalToken: options.internalToken,
    // Without Redis, the processes on one PostgreSQL database hear each other's writes through LISTEN/NOTIFY.
    openChannel: options.database.openChannel,
  });
  const api = createApi(deps, { engine: options.database.engine });
  const security: SecurityHeaderOptions = {
    production: env.APP_ENV === "production",
    development: options.mode === "development",
    mediaOrigin: env.s3 ? new URL(env.s3.publicUrl).origin : null,
  };
  const pageCache = guestPageCaching(options, deps, security);
  // Every way into the API from the site (browser calls, loaders, actions); the write routes publish what they change,
  // and the page cache drops on it (guest-page-caching.ts).
  const apiFetch = async (request: Request, env?: unknown) => api.fetch(request, env);

  const site = new Hono();
  // A guest's page the cache holds is answered first, as it was stored (gzip included, with the headers every answer
  // carries): nothing below has work to do for it (issue 21: a cached page at half a static file's throughput or
  // better, bench/page-vs-static.ts).
  if (pageCache)
    site.use("*", async (c, next) => {
      const hit = pageCache.hit(
        c.req.raw,
        visitorIp(c.req.raw, env.TRUST_PROXY, () => getConnInfo(c).remote.address),
      );
      if (hit) return hit;
      await next();
    });
  // Every other answer carries them: pages, API replies, media files, assets, /dev/mail.
  site.use("*", securityHeaders(security));
  // gzip/deflate for clients that ask (pages, API JSON, CSS/JS; images and small replies are left alone).
  // Only for clients that accept an encoding: the middleware reads and re-creates every response it passes (to add
  // Vary), which costs a client that takes none (API clients, probes) ~15 % of the site's CPU per request for nothing.
  const compressing = compress();
  site.use("*", (c, next) => (c.req.header("accept-encoding") ? compressing(c, next) : next()));
  // Through api.fetch (not route mounting) so the API's own request normalisation applies.
  site.all("/api/*", (c) => apiFetch(c.req.raw, c.env));
  // Verification photos are never public (their keys live under private/, read through the admins' API route):
  // no /media address serves or redirects to one, nor to the folder older versions kept them in.
  for (const folder of ["private", "verification"])
    site.get(`/media/${folder}/*`, (c) => c.text("Not found", 404));
  if (env.s3) {
    // With S3 the files live in the bucket; `/media/…` links (stored, or built by presenters) redirect there.
    const bucketUrl = env.s3.publicUrl.replace(/\/+$/, "");
    site.get("/media/*", (c) => c.redirect(`${bucketUrl}/${c.req.path.slice("/media/".length)}`, 301));
  } else {
    // A replaced picture is a new file under a new name: browsers may keep one for a day without asking.
    site.use("/media/*", async (c, next) => {
      await next();
      if (c.res.status !== 200) return;
      c.header("Cache-Control", "public, max-age=86400");
      // Players learn from the full answer that they may seek by byte ranges (206 answers carry their own range).
      c.header("Accept-Ranges", "bytes");
    });
    if (env.seedDemo)
      site.use(
        "/media/portraits/*",
        demoPortraitsOnDemand({
          mediaDir: path.join(env.DATA_DIR, "media"),
          looksOf: (seed) => portraitLooksOf(options.database.db, seed),
          recordSnapshot: (relative, blurhash) =>
            recordPortraitSnapshotBlurhash(options.database.db, relative, blurhash),
        }),
      );
    site.use("/media/*", serveStatic({ root: path.relative(process.cwd(), env.DATA_DIR) || "." }));
    site.get("/media/*", (c) => c.text("Not found", 404));
  }
  // The captured mails hold reset links: only for a browser on this machine (dev-mail-routes.ts).
  site.route(
    "/dev/mail",
    devMailRoutes(env, (c) => isLocalRequest(c.req.raw, () => getConnInfo(c).remote.address)),
  );
  if (options.clientDir) {
    const root = path.relative(process.cwd(), options.clientDir);
    site.use(
      "/assets/*",
      serveStatic({
        root,
        // The build's brotli or gzip copy of a script or stylesheet (apps/web/vite/precompressed-assets.ts), as the
        // browser accepts: compressed once at build time, at a level too slow to use per answer.
        precompressed: true,
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
    const clientIp = visitorIp(c.req.raw, env.TRUST_PROXY, () => getConnInfo(c).remote.address);
    // A nonce for this response only; a page the guest cache shares carries script hashes instead.
    const nonce = newCspNonce();
    const render = async () => {
      const build = await options.getBuild();
      const entry = build.entry.module as unknown as EntryExports;
      // In dev the build changes under us, so a fresh handler per request; in production one is enough.
      handler =
        options.mode === "development" || !handler
          ? entry.createRequestHandler(build, options.mode)
          : handler;
      const context = entry.createLoadContext({
        apiFetch: (request) => apiFetch(request),
        request: c.req.raw,
        clientIp,
        clientIpHeader,
        internalToken: options.internalToken,
        config: publicConfig,
        cspNonce: nonce,
      });
      return handler(c.req.raw, context);
    };
    const response = await (pageCache ? pageCache.serve(c.req.raw, clientIp, render) : render());
    return withPagePolicy(response, nonce, security);
  });
  return { site, api, deps, pageCache };
}

/** How often the in-memory list of IP blocks is re-read when no write through this site changed it. */
const IP_BLOCKS_REFRESH_MS = 5_000;

/** The guest page cache (guest-page-caching.ts): off in development and with PAGE_CACHE_SECONDS=0. */
function guestPageCaching(
  options: SiteOptions,
  deps: ApiDeps,
  security: SecurityHeaderOptions,
): GuestPageCaching | null {
  if (options.mode === "development" || options.env.PAGE_CACHE_SECONDS === 0) return null;
  const db = options.database.db;
  const ipBlocks = createIpBlockList({
    load: () => listIpBlockLocations(db),
    refreshMs: IP_BLOCKS_REFRESH_MS,
    onError: (error) => options.logger.warn({ err: error }, "reading IP blocks for the page cache failed"),
  });
  // Writes through any process of the site drop the pages of all of them (the API's bus; Redis with REDIS_URL).
  return createGuestPageCaching({
    ttlSeconds: options.env.PAGE_CACHE_SECONDS,
    ipBlocks,
    invalidation: deps.invalidation,
    // Shared pages must not share one visitor's nonce: their inline scripts are allowed by hash.
    sharedHeaders: (body) => sharedPageHeaders(body, security),
    answerHeaders: baseSecurityHeaders(security),
  });
}

/**
 * Whether a request came straight from this machine: a loopback socket and no proxy's forwarding headers (a proxy on
 * this machine relays other people's requests).
 */
export function isLocalRequest(request: Request, socketAddress: () => string | undefined): boolean {
  for (const name of ["x-forwarded-for", "forwarded", "x-real-ip"])
    if (request.headers.has(name)) return false;
  let address: string | undefined;
  try {
    address = socketAddress();
  } catch {
    return false;
  }
  return address === "::1" || /^(?:::ffff:)?127\.\d+\.\d+\.\d+$/.test(address ?? "");
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
