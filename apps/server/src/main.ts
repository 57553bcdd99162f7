import { randomBytes } from "node:crypto";
import path from "node:path";
import {
  EnvError,
  hashPassword,
  loadServerEnv,
  movePrivateMediaOutOfPublicTree,
  type ServerEnv,
  type StatsWorker,
  startAlertWorkerFromEnv,
  startStatsWorker,
  startupWarnings,
  startVideoWorkerFromEnv,
} from "@camatlas/api";
import {
  type DatabaseHandle,
  DatabaseUnreachableError,
  ensurePrivateDir,
  makeTreePrivate,
  openDatabase,
  runMigrations,
} from "@camatlas/db";
import {
  completeDemoPortraits,
  dropOutdatedPortraits,
  seedDemoData,
  seedReferenceData,
} from "@camatlas/db/seed";
import type { ServerType } from "@hono/node-server";
import type pino from "pino";
import type { ServerBuild } from "react-router";
import { createSite } from "./create-site.ts";
import { listen } from "./http-server.ts";
import { createLogger } from "./logger.ts";
import { reportProcessErrors } from "./report-process-errors.ts";
import { startBanner } from "./start-banner.ts";
import { WEB_APP_DIR, WEB_CLIENT_DIR, WEB_SERVER_BUILD } from "./web-build.ts";

/** The start's own work (migrations, seeds, the first health checks) goes first. */
const DEMO_PORTRAITS_DELAY_MS = 5_000;

export interface StartOptions {
  mode: "production" | "development";
}

/** Starts the whole site in one process: migrate, seed an empty database, serve, drain on SIGTERM. */
export async function startSite(options: StartOptions) {
  const started = performance.now();
  // Files this process writes (uploads, mails, secrets) are the site user's alone (DATA_DIR is 0700 too).
  process.umask(0o077);
  const env = readEnvOrExit();
  const logger = createLogger(env.LOG_LEVEL);
  for (const warning of startupWarnings(env)) logger.warn(warning);
  ensurePrivateDir(env.DATA_DIR);
  const database = await openDatabaseOrExit(env);
  await runMigrations(database);
  await seedReferenceData(database.db);
  const demoAccounts = env.seedDemo
    ? await seedDemoData(database.db, { hashPassword, mediaDir: path.join(env.DATA_DIR, "media") })
    : null;
  // Portraits an older drawing left go before anyone is served, so no page mixes two faces of one model.
  if (env.seedDemo) await dropOutdatedPortraits(database.db, path.join(env.DATA_DIR, "media"));
  // What PGlite created while migrating, and files an older version left readable by others.
  makeTreePrivate(env.DATA_DIR);

  const { getBuild, clientDir, vite } = await loadBuild(options.mode);
  const { site, deps } = createSite({
    env,
    database,
    logger,
    getBuild,
    clientDir,
    mode: options.mode,
    internalToken: randomBytes(24).toString("base64url"),
  });

  // Verification photos stored under the public media tree by an older version move to their private place.
  const moved = await movePrivateMediaOutOfPublicTree(deps);
  if (moved > 0) logger.info({ moved }, "private media moved out of the public media tree");

  // Keep-alive, headers and request time-outs from the env (http-server.ts).
  const server = listen(site.fetch, env);
  if (vite) attachVite(server, vite);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(startBanner(env, database.engine, demoAccounts?.accounts ?? null, seconds));
  reportProcessErrors(process, deps.errorReporter, logger);
  // The typo search's names in memory: built in the background now, so no visitor's first search waits for it.
  deps.searchIndex.warm();
  // The demo models' portraits not drawn yet (a first start draws none before serving): drawn in the background a
  // few seconds after the start, so their media rows get their BlurHash placeholders.
  if (env.seedDemo)
    setTimeout(() => {
      completeDemoPortraits(database.db, path.join(env.DATA_DIR, "media"))
        .then((drawn) => {
          if (drawn > 0) logger.info({ drawn }, "demo portraits drawn");
        })
        .catch((error: unknown) => logger.warn({ err: error }, "demo portraits could not be drawn"));
    }, DEMO_PORTRAITS_DELAY_MS).unref();
  const worker = await startEmbeddedWorker(env, database, logger);
  stopOnSignals(server, database, logger, worker);
}

/**
 * Collectors, stats jobs and video transcodes run inside the site on the embedded database (default) or when
 * WORKER_IN_PROCESS=1.
 */
async function startEmbeddedWorker(env: ServerEnv, database: DatabaseHandle, logger: pino.Logger) {
  const wanted =
    env.WORKER_IN_PROCESS === undefined
      ? database.engine === "pglite"
      : env.WORKER_IN_PROCESS === "1" || env.WORKER_IN_PROCESS === "true";
  if (!wanted) return null;
  const worker = await startStatsWorker({ db: database.db, env, logger });
  if (worker.collectors.length > 0)
    logger.info({ collectors: worker.collectors }, "stats collectors running");
  // Video transcodes from the media_jobs queue (decision 0022).
  const videos = startVideoWorkerFromEnv({ db: database.db, env, logger });
  // Follow alerts from the alert_jobs queue ingest fills (decision 0033).
  const alerts = startAlertWorkerFromEnv({ db: database.db, env, logger });
  return {
    stop: async () => {
      await Promise.all([worker.stop(), videos.stop(), alerts.stop()]);
    },
  };
}

function readEnvOrExit(): ServerEnv {
  try {
    return loadServerEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function openDatabaseOrExit(env: ServerEnv): Promise<DatabaseHandle> {
  try {
    return await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, "db") });
  } catch (error) {
    if (error instanceof DatabaseUnreachableError) {
      console.error(
        `${error.message}\nCheck DATABASE_URL, or unset it to use the embedded database in DATA_DIR.`,
      );
      process.exit(1);
    }
    throw error;
  }
}

type ViteDevServer = import("vite").ViteDevServer;

async function loadBuild(mode: StartOptions["mode"]): Promise<{
  getBuild: () => Promise<ServerBuild>;
  clientDir?: string;
  vite?: ViteDevServer;
}> {
  if (mode === "development") {
    const { createServer } = await import("vite");
    const vite = await createServer({
      root: WEB_APP_DIR,
      server: { middlewareMode: true },
      appType: "custom",
    });
    return {
      vite,
      getBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    };
  }
  const build = (await import(WEB_SERVER_BUILD)) as ServerBuild;
  return { getBuild: async () => build, clientDir: WEB_CLIENT_DIR };
}

/** In dev, Vite's middlewares (HMR, modules) answer first and pass the rest to the site. */
function attachVite(server: ServerType, vite: ViteDevServer) {
  const listeners = server.listeners("request") as Array<(req: unknown, res: unknown) => void>;
  server.removeAllListeners("request");
  server.on("request", (req, res) => {
    vite.middlewares(req, res, () => {
      for (const listener of listeners) listener(req, res);
    });
  });
}

function stopOnSignals(
  server: ServerType,
  database: DatabaseHandle,
  logger: pino.Logger,
  worker: Pick<StatsWorker, "stop"> | null,
) {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "draining requests");
    // Stop accepting, let requests in flight finish, then close the database cleanly.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await worker?.stop().catch(() => {});
      await database.close().catch(() => {});
      process.exit(0);
    });
    if ("closeIdleConnections" in server)
      (server as { closeIdleConnections: () => void }).closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
