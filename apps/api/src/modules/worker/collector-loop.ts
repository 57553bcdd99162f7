import type { Database, NicknameRename } from "@camatlas/db";
import { recordCollectorFailure, recordCollectorPoll, recordCollectorWaiting } from "@camatlas/db";
import type { Logger } from "pino";
import type { CollectedPoll, Collector } from "../collectors/collector.ts";
import { FeedThrottledError, sleep } from "../collectors/http-fetch.ts";

// One camsite's schedule: poll, store, record the run, wait. Every camsite runs in a loop of its own, so a slow or
// failing feed never delays another, and nothing a collector throws escapes its loop.

/** Longest wait after failures (doubling from the interval). */
export const MAX_BACKOFF_SECONDS = 900;
/** Each wait varies by this share of itself, so camsites polled together drift apart and never hit in step. */
export const JITTER = 0.1;

export type RunOutcome =
  | { kind: "stored"; retryAfterSeconds?: number | undefined }
  | { kind: "waiting" }
  | { kind: "failed"; failures: number; retryAfterSeconds?: number | undefined };

/** Seconds until the next poll: the camsite's interval, doubled per failure (bounded), never sooner than the
 * camsite asked, varied by the jitter. */
export function nextDelaySeconds(intervalSeconds: number, outcome: RunOutcome, random = Math.random): number {
  const base =
    outcome.kind === "failed"
      ? Math.min(MAX_BACKOFF_SECONDS, intervalSeconds * 2 ** Math.min(outcome.failures, 10))
      : intervalSeconds;
  const asked = outcome.kind === "waiting" ? 0 : (outcome.retryAfterSeconds ?? 0);
  const jittered = base * (1 - JITTER + 2 * JITTER * random());
  return Math.max(asked, Math.max(1, Math.round(jittered)));
}

export interface CollectorLoopOptions {
  db: Database;
  logger: Pick<Logger, "warn" | "info" | "debug" | "error">;
  signal: AbortSignal;
  /** Stores one poll (storeCollectedPoll with the worker's gap and carried renames). */
  store: (poll: CollectedPoll, carried: NicknameRename[]) => Promise<unknown>;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/** Runs one collector until the signal aborts. */
export async function runCollector(collector: Collector, options: CollectorLoopOptions): Promise<void> {
  const { db, logger, signal } = options;
  const random = options.random ?? Math.random;
  const wait = options.sleep ?? sleep;
  const interval = collector.intervalSeconds;
  // Renames are reported once by the collector: kept here until stored.
  const carried: NicknameRename[] = [];
  let failures = 0;
  // Camsites starting together start spread over the first part of their interval.
  await wait(Math.round(random() * Math.min(interval, 30) * 1000 * 0.5), signal);
  while (!signal.aborted) {
    let outcome: RunOutcome;
    try {
      const poll = await collector.collect(signal);
      if (poll) {
        await options.store(poll, carried);
        failures = 0;
        outcome = { kind: "stored", retryAfterSeconds: poll.retryAfterSeconds };
        const at = nowSeconds();
        await recordCollectorPoll(db, {
          camSiteId: collector.camSiteId,
          name: collector.name,
          intervalSeconds: interval,
          at,
          nextPollAt: at + nextDelaySeconds(interval, outcome, () => 0.5),
          complete: poll.complete,
          incompleteReason: poll.complete ? null : (poll.incompleteReason ?? "incomplete"),
          online: poll.observations.length,
        }).catch((error: unknown) =>
          logger.warn({ err: error, collector: collector.name }, "collector health not recorded"),
        );
        if (!poll.complete)
          logger.info(
            { collector: collector.name, reason: poll.incompleteReason },
            "collector poll incomplete",
          );
      } else {
        outcome = { kind: "waiting" };
        const at = nowSeconds();
        await recordCollectorWaiting(db, {
          camSiteId: collector.camSiteId,
          name: collector.name,
          intervalSeconds: interval,
          at,
          nextPollAt: at + interval,
        }).catch(() => {});
      }
    } catch (error) {
      if (signal.aborted) break;
      failures++;
      outcome = {
        kind: "failed",
        failures,
        retryAfterSeconds: error instanceof FeedThrottledError ? error.retryAfterSeconds : undefined,
      };
      const at = nowSeconds();
      const delay = nextDelaySeconds(interval, outcome, random);
      logger.warn({ err: error, collector: collector.name, retryInSeconds: delay }, "collector poll failed");
      await recordCollectorFailure(db, {
        camSiteId: collector.camSiteId,
        name: collector.name,
        intervalSeconds: interval,
        at,
        nextPollAt: at + delay,
        error: message(error),
      }).catch(() => {});
      await wait(delay * 1000, signal);
      continue;
    }
    await wait(nextDelaySeconds(interval, outcome, random) * 1000, signal);
  }
}

/**
 * Keeps a collector's loop running: should the loop itself ever end by an error (a bug, not a failed poll, which the
 * loop handles), it is logged and started again after a pause. Other camsites are never touched.
 */
export async function superviseCollector(collector: Collector, options: CollectorLoopOptions): Promise<void> {
  const wait = options.sleep ?? sleep;
  while (!options.signal.aborted) {
    try {
      await runCollector(collector, options);
    } catch (error) {
      options.logger.error(
        { err: error, collector: collector.name },
        "collector loop crashed; restarting it",
      );
      await wait(30_000, options.signal);
    }
  }
}
