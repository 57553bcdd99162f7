import type { Database } from "@camatlas/db";
import {
  applyNicknameRenames,
  claimDueJob,
  createUpcomingActivityPartitions,
  finishJob,
  hasIngestedPolls,
  ingestPoll,
  JOB_HEARTBEAT_SECONDS,
  JOB_LEASE_SECONDS,
  type NicknameRename,
  pruneIngestPolls,
  pruneRevokedTokens,
  renewJobLease,
  repairDailyRollups,
  scheduleJob,
} from "@camatlas/db";
import { INGEST_MAX_AGE_DAYS, utcDay } from "@camatlas/shared/stats";
import type { Logger } from "pino";
import type { ServerEnv } from "../../env.ts";
import type { CollectedPoll, Collector } from "../collectors/collector.ts";
import { sleep } from "../collectors/http-fetch.ts";
import { createMediaStorage, type MediaStorage } from "../media/storage.ts";
import { writeDemoHistory } from "../simulator/demo-history.ts";
import { createSimulatorCollector } from "../simulator/simulator.ts";
import { superviseCollector } from "./collector-loop.ts";
import { type CollectorEnv, configuredCollectors } from "./configured-collectors.ts";
import { createSnapshotKeeper } from "./snapshot-keeper.ts";
import { notifyStalledCollectors } from "./stalled-collectors.ts";

/** Feeds whose room image keeps one address (Chaturbate's roomimg): their images are fetched and kept as history. */
const KEEP_SNAPSHOTS_OF = ["chaturbate"];

// The statistics worker: collectors (real feeds enabled by COLLECTORS, the simulator by SIMULATOR) posting polls
// through the ingestion path, plus recurring jobs from the stats_jobs queue. `npm run worker` runs it alone; on the
// embedded database it runs inside `npm start`.

type WorkerEnv = CollectorEnv &
  Pick<
    ServerEnv,
    | "APP_ENV"
    | "DATA_DIR"
    | "s3"
    | "SIMULATOR"
    | "SIMULATOR_HISTORY_DAYS"
    | "SIMULATOR_INTERVAL_SECONDS"
    | "STATS_MAX_GAP"
    | "seedDemo"
  >;

export interface StatsWorker {
  collectors: string[];
  /** Resolves when the demo history (if any) is written. */
  historyDone: Promise<void>;
  stop(): Promise<void>;
}

export function simulatorEnabled(env: WorkerEnv): boolean {
  if (env.SIMULATOR !== undefined) return env.SIMULATOR === "1" || env.SIMULATOR === "true";
  return env.APP_ENV === "development" && env.seedDemo;
}

/** The real collectors named in COLLECTORS (configured-collectors.ts); one it cannot run stops the start. */
export function realCollectors(env: WorkerEnv): Collector[] {
  return configuredCollectors(env);
}

const JOBS: Record<string, RecurringJob> = {
  "stats:partitions": { every: 86_400, run: (db) => createUpcomingActivityPartitions(db) },
  "stats:prune-polls": { every: 86_400, run: (db) => pruneIngestPolls(db, INGEST_MAX_AGE_DAYS + 5) },
  // Yesterday is final once every late poll could have arrived; today's figures stay incremental.
  "stats:rollup-repair": {
    every: 6 * 3600,
    run: (db) => repairDailyRollups(db, utcDay(Math.floor(Date.now() / 1000) - 86_400)),
  },
  // Revoked tokens past their refresh window block nothing any more (every revocation is kept here, Redis or not).
  "auth:prune-revoked-tokens": { every: 86_400, run: (db) => pruneRevokedTokens(db) },
};

export async function startStatsWorker(input: {
  db: Database;
  env: WorkerEnv;
  logger: Logger;
  /** Seconds between job-queue checks. */
  jobCheckSeconds?: number;
  /** Where kept snapshots are stored (the site's media storage from the env by default). */
  storage?: MediaStorage;
}): Promise<StatsWorker> {
  const { db, env, logger } = input;
  const controller = new AbortController();
  const running: Promise<void>[] = [];
  const collectors = realCollectors(env);
  const simulate = simulatorEnabled(env);

  await createUpcomingActivityPartitions(db);
  for (const [name, job] of Object.entries(JOBS)) await scheduleJob(db, name, job.every);

  let historyDone: Promise<void> = Promise.resolve();
  if (simulate) {
    const simulator = createSimulatorCollector(db, {
      maxGapSeconds: env.STATS_MAX_GAP,
      intervalSeconds: env.SIMULATOR_INTERVAL_SECONDS,
    });
    historyDone = writeHistoryOnce(db, env, logger, controller.signal);
    // Live polls start once the history is in, so the live story continues where the history stops.
    running.push(historyDone.then(() => collectLoop(simulator, db, env, logger, controller.signal)));
  }
  // Snapshot history (images fetched and kept) for the feeds whose image address never changes.
  const keeper = collectors.some((c) => KEEP_SNAPSHOTS_OF.includes(c.name))
    ? createSnapshotKeeper({ db, storage: input.storage ?? createMediaStorage(env), logger })
    : null;
  for (const collector of collectors)
    running.push(
      superviseCollector(collector, {
        db,
        logger,
        signal: controller.signal,
        store: async (poll, carried) => {
          const outcome = await storeCollectedPoll(db, poll, env.STATS_MAX_GAP, carried);
          // Images are kept after the poll is stored, in the background of its loop: a slow image host delays
          // only this camsite's next poll, never the statistics.
          if (keeper && KEEP_SNAPSHOTS_OF.includes(collector.name))
            await keeper
              .keep(poll, controller.signal)
              .catch((error: unknown) =>
                logger.warn({ err: error, collector: collector.name }, "snapshots not kept"),
              );
          return outcome;
        },
      }),
    );
  running.push(jobLoop(db, logger, controller.signal, input.jobCheckSeconds ?? JOB_CHECK_SECONDS));
  if (collectors.length > 0)
    running.push(stallLoop(db, logger, controller.signal, Math.floor(Date.now() / 1000)));

  return {
    collectors: [...collectors.map((c) => c.name), ...(simulate ? ["simulator"] : [])],
    historyDone,
    async stop() {
      controller.abort();
      for (const c of collectors) c.close?.();
      await Promise.allSettled(running);
    },
  };
}

async function writeHistoryOnce(
  db: Database,
  env: WorkerEnv,
  logger: Logger,
  signal: AbortSignal,
): Promise<void> {
  if (env.SIMULATOR_HISTORY_DAYS <= 0 || signal.aborted) return;
  if (await hasIngestedPolls(db)) return;
  try {
    const result = await writeDemoHistory(db, {
      days: env.SIMULATOR_HISTORY_DAYS,
      until: Math.floor(Date.now() / 1000),
    });
    logger.info(
      { polls: result.polls, seconds: Number(result.seconds.toFixed(1)) },
      `demo statistics history written (${env.SIMULATOR_HISTORY_DAYS} days)`,
    );
  } catch (error) {
    logger.error({ err: error }, "demo statistics history failed");
  }
}

const MAX_CARRIED_RENAMES = 10_000;

/**
 * Stores one collected poll: its renames first, so a renamed performer's row already has the name the poll lists
 * and her history continues under it, then the observations. `carried` holds renames of earlier polls that failed
 * (applying a rename twice changes nothing); it is emptied once they are in.
 */
export async function storeCollectedPoll(
  db: Database,
  poll: CollectedPoll,
  maxGapSeconds: number,
  carried: NicknameRename[] = [],
) {
  carried.push(...(poll.renames ?? []));
  // A store failing for long keeps only the newest renames (a rename is rare; this bounds the memory).
  if (carried.length > MAX_CARRIED_RENAMES) carried.splice(0, carried.length - MAX_CARRIED_RENAMES);
  if (carried.length > 0) {
    await applyNicknameRenames(db, poll.camSiteId, carried);
    carried.length = 0;
  }
  // The moments the feed dated itself go first, as incomplete polls: they set the statuses they list at their
  // second and end nobody; the poll itself then continues from them. A point stored already (a resent poll) is a
  // replay and changes nothing.
  for (const point of poll.earlier ?? [])
    if (point.observedAt < poll.observedAt && point.observations.length > 0)
      await ingestPoll(
        db,
        {
          camSiteId: poll.camSiteId,
          observedAt: point.observedAt,
          complete: false,
          observations: point.observations,
        },
        { maxGapSeconds },
      );
  return ingestPoll(db, poll, { maxGapSeconds });
}

/** Polls the simulator at its interval (it plays the demo's schedules; real feeds run in collector-loop.ts). */
async function collectLoop(
  collector: Collector,
  db: Database,
  env: WorkerEnv,
  logger: Logger,
  signal: AbortSignal,
) {
  const carried: NicknameRename[] = [];
  while (!signal.aborted) {
    try {
      const poll = await collector.collect(signal);
      if (poll) await storeCollectedPoll(db, poll, env.STATS_MAX_GAP, carried);
    } catch (error) {
      if (signal.aborted) break;
      logger.warn({ err: error, collector: collector.name }, "collector poll failed");
    }
    await sleep(collector.intervalSeconds * 1000, signal);
  }
}

/** Seconds between checks for stalled collectors. */
const STALL_CHECK_SECONDS = 60;

async function stallLoop(db: Database, logger: Logger, signal: AbortSignal, since: number) {
  while (!signal.aborted) {
    await sleep(STALL_CHECK_SECONDS * 1000, signal);
    if (signal.aborted) break;
    try {
      const stalled = await notifyStalledCollectors(db, Math.floor(Date.now() / 1000), since);
      if (stalled.length > 0) logger.error({ collectors: stalled }, "collectors stalled; admins notified");
    } catch (error) {
      logger.warn({ err: error }, "stalled-collector check failed");
    }
  }
}

/** A recurring job: its interval and what it does. */
export interface RecurringJob {
  every: number;
  run: (db: Database) => Promise<unknown>;
}

export interface JobRunOptions {
  logger: Pick<Logger, "debug" | "warn">;
  signal: AbortSignal;
  /** Seconds a claim holds without a heartbeat (default JOB_LEASE_SECONDS). */
  leaseSeconds?: number;
  /** Milliseconds between heartbeats while a job runs (default JOB_HEARTBEAT_SECONDS). */
  heartbeatMs?: number;
}

/**
 * Runs every due job of the queue, one at a time, renewing each one's lease while it runs: a job whose worker died
 * is taken over once its short lease lapses, while a long job that is alive keeps its claim. Returns the names run.
 */
export async function runDueJobs(
  db: Database,
  jobs: Record<string, RecurringJob>,
  options: JobRunOptions,
): Promise<string[]> {
  const { logger, signal } = options;
  const leaseSeconds = options.leaseSeconds ?? JOB_LEASE_SECONDS;
  const heartbeatMs = options.heartbeatMs ?? JOB_HEARTBEAT_SECONDS * 1000;
  const done: string[] = [];
  for (
    let job = await claimDueJob(db, leaseSeconds);
    job && !signal.aborted;
    job = await claimDueJob(db, leaseSeconds)
  ) {
    const claimed = job;
    const heartbeat = setInterval(() => {
      renewJobLease(db, claimed, leaseSeconds).then(
        (held) => {
          if (!held) logger.warn({ job: claimed.name }, "stats job lease lost: another worker took it over");
        },
        (error: unknown) =>
          logger.warn({ err: error, job: claimed.name }, "renewing a stats job lease failed"),
      );
    }, heartbeatMs);
    let error: string | null = null;
    try {
      const definition = jobs[claimed.name];
      if (!definition) throw new Error(`unknown job ${claimed.name}`);
      const result = await definition.run(db);
      logger.debug({ job: claimed.name, result }, "stats job done");
    } catch (failure) {
      error = String(failure);
      logger.warn({ err: failure, job: claimed.name }, "stats job failed");
    } finally {
      clearInterval(heartbeat);
    }
    if (await finishJob(db, claimed, error)) done.push(claimed.name);
  }
  return done;
}

/** Seconds between job-queue checks: with the lease, a crashed worker's job runs again within a minute. */
export const JOB_CHECK_SECONDS = 15;

async function jobLoop(db: Database, logger: Logger, signal: AbortSignal, everySeconds: number) {
  while (!signal.aborted) {
    try {
      await runDueJobs(db, JOBS, { logger, signal });
    } catch (error) {
      if (!signal.aborted) logger.warn({ err: error }, "stats job queue unavailable");
    }
    await sleep(everySeconds * 1000, signal);
  }
}
