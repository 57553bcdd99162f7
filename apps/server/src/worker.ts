import path from "node:path";
import {
  EnvError,
  loadServerEnv,
  startAlertWorkerFromEnv,
  startStatsWorker,
  startVideoWorkerFromEnv,
} from "@camatlas/api";
import { openDatabase, runMigrations } from "@camatlas/db";
import { seedReferenceData } from "@camatlas/db/seed";
import { createLogger } from "./logger.ts";

/** `npm run worker`: collectors, stats jobs and video transcodes in their own process, until SIGTERM or SIGINT. */
export async function runWorkerProcess(): Promise<void> {
  process.umask(0o077);
  let env: ReturnType<typeof loadServerEnv>;
  try {
    env = loadServerEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.LOG_LEVEL);
  if (!env.DATABASE_URL)
    logger.warn(
      "no DATABASE_URL: the embedded database cannot be shared with a running site; npm start runs the worker itself",
    );
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: path.join(env.DATA_DIR, "db"),
    poolSize: 4,
  });
  await runMigrations(database);
  await seedReferenceData(database.db);
  const worker = await startStatsWorker({ db: database.db, env, logger });
  logger.info({ collectors: worker.collectors }, "stats worker running");
  const videos = startVideoWorkerFromEnv({ db: database.db, env, logger });
  const alerts = startAlertWorkerFromEnv({ db: database.db, env, logger });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stats worker stopping");
    await Promise.all([worker.stop(), videos.stop(), alerts.stop()]);
    await database.close().catch(() => {});
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
