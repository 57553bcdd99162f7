import { mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import {
  applyProcessedVideo,
  type ClaimedMediaJob,
  claimMediaJob,
  closeExhaustedMediaJobs,
  type Database,
  findMediaById,
  finishMediaJob,
  MEDIA_JOB_HEARTBEAT_SECONDS,
  releaseMediaJob,
  renewMediaJobLease,
  setMediaProcessingStatus,
} from "@camatlas/db";
import type { Logger } from "pino";
import type { ServerEnv } from "../../env.ts";
import { displayName, newMediaKey } from "../media/service.ts";
import { createMediaStorage, type MediaStorage } from "../media/storage.ts";
import { sweepUnfinishedUploads, UNFINISHED_UPLOAD_SWEEP_SECONDS } from "../media/unfinished-uploads.ts";
import { videoMaxSecondsOf } from "./media-upload-rules.ts";
import { ProbeRefused, probeVideo } from "./probe-video.ts";
import { sweepTemporaryFiles } from "./temporary-files.ts";
import { transcodeVideo } from "./transcode-video.ts";
import { type VideoTools, videoToolsAvailable, videoToolsOf } from "./video-tools.ts";

// The video worker: claims transcode jobs from the media_jobs queue (packages/db queries/media-jobs.ts), one at a
// time per process (a transcode takes both cores of a small machine), renewing the job's lease while ffmpeg runs.
// Runs in `npm run worker`, and inside `npm start` on the embedded database.

export interface VideoWorkerDeps {
  db: Database;
  storage: MediaStorage;
  tools: VideoTools;
  logger: Logger;
  /** DATA_DIR: each job works in DATA_DIR/tmp/video-jobs/…, removed when it ends. */
  dataDir: string;
}

export interface VideoWorker {
  stop(): Promise<void>;
}

/** A failure no retry can mend: the job ends in Error at once. */
class PermanentFailure extends Error {
  override name = "PermanentFailure";
}

/** Seconds between queue checks when idle. */
export const VIDEO_QUEUE_CHECK_SECONDS = 2;

export function startVideoWorker(
  deps: VideoWorkerDeps,
  options: { checkSeconds?: number } = {},
): VideoWorker {
  const controller = new AbortController();
  const every = (options.checkSeconds ?? VIDEO_QUEUE_CHECK_SECONDS) * 1000;
  const loop = (async () => {
    const swept = await sweepTemporaryFiles(deps.dataDir).catch(() => 0);
    if (swept > 0) deps.logger.info({ swept }, "stale temporary upload and transcode files removed");
    let warned = false;
    let nextUploadSweep = 0;
    while (!controller.signal.aborted) {
      let worked = false;
      // Presigned uploads never completed: removed once their link has long expired (media/unfinished-uploads.ts).
      if (Date.now() >= nextUploadSweep) {
        nextUploadSweep = Date.now() + UNFINISHED_UPLOAD_SWEEP_SECONDS * 1000;
        await sweepUnfinishedUploads(deps)
          .then((removed) => {
            if (removed > 0) deps.logger.info({ removed }, "expired unfinished uploads removed");
          })
          .catch((error) => deps.logger.error({ err: error }, "sweep of unfinished uploads failed"));
      }
      try {
        if (await videoToolsAvailable(deps.tools)) worked = await runNextVideoJob(deps, controller.signal);
        else if (!warned) {
          warned = true;
          deps.logger.warn(
            { ffmpeg: deps.tools.ffmpeg, ffprobe: deps.tools.ffprobe },
            "ffmpeg/ffprobe not found: video jobs stay queued (install ffmpeg or set FFMPEG_PATH, FFPROBE_PATH)",
          );
        }
      } catch (error) {
        if (controller.signal.aborted) break;
        deps.logger.error({ err: error }, "video queue check failed");
      }
      if (!worked) await sleep(every, controller.signal);
    }
  })();
  return {
    async stop() {
      controller.abort();
      await loop;
    },
  };
}

/** The worker of a process (`npm start` on the embedded database, `npm run worker`): the site's store and tools. */
export function startVideoWorkerFromEnv(input: {
  db: Database;
  env: Pick<ServerEnv, "s3" | "DATA_DIR" | "FFMPEG_PATH" | "FFPROBE_PATH">;
  logger: Logger;
}): VideoWorker {
  return startVideoWorker({
    db: input.db,
    storage: createMediaStorage(input.env),
    tools: videoToolsOf(input.env),
    logger: input.logger,
    dataDir: input.env.DATA_DIR,
  });
}

function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * Takes one due job and runs it to its end (complete, retry later, or error); false when none was due. Jobs whose
 * attempts all died with their worker are closed first, their videos marked Error.
 */
export async function runNextVideoJob(deps: VideoWorkerDeps, signal?: AbortSignal): Promise<boolean> {
  for (const mediaId of await closeExhaustedMediaJobs(deps.db))
    await setMediaProcessingStatus(deps.db, mediaId, "Error");
  const job = await claimMediaJob(deps.db);
  if (!job) return false;
  const log = deps.logger.child({ mediaJob: job.id, mediaId: job.mediaId, attempt: job.attempts });
  // While ffmpeg runs the lease is renewed; a lost lease (another worker presumed this one dead) stops the work.
  const lost = new AbortController();
  const onStop = () => lost.abort();
  signal?.addEventListener("abort", onStop, { once: true });
  const heartbeat = setInterval(() => {
    renewMediaJobLease(deps.db, job).then(
      (held) => {
        if (!held) lost.abort();
      },
      (error: unknown) => log.warn({ err: error }, "video job lease renewal failed"),
    );
  }, MEDIA_JOB_HEARTBEAT_SECONDS * 1000);
  const started = performance.now();
  try {
    await setMediaProcessingStatus(deps.db, job.mediaId, "Processing");
    const outcome = await processVideo(deps, job, lost.signal);
    log.info(
      { seconds: Number(((performance.now() - started) / 1000).toFixed(1)), outcome },
      "video job done",
    );
  } catch (error) {
    if (signal?.aborted) {
      // Shutting down: the job goes back to the queue at once, for this process after a restart or another worker.
      await releaseMediaJob(deps.db, job).catch(() => {});
      await setMediaProcessingStatus(deps.db, job.mediaId, "Queued").catch(() => {});
      log.info("video job handed back at shutdown");
      return true;
    }
    const retry = !(error instanceof PermanentFailure || error instanceof ProbeRefused);
    const state = await finishMediaJob(deps.db, job, {
      ok: false,
      error: describe(error),
      retry,
    }).catch(() => null);
    if (state) await setMediaProcessingStatus(deps.db, job.mediaId, state === "error" ? "Error" : "Queued");
    log.warn({ err: error, state }, "video job failed");
  } finally {
    clearInterval(heartbeat);
    signal?.removeEventListener("abort", onStop);
  }
  return true;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const stderr = (error as { stderr?: string }).stderr;
    return stderr ? `${error.message}: ${stderr.trim().split("\n").slice(-5).join(" | ")}` : error.message;
  }
  return String(error);
}

/**
 * One attempt: fetch the upload, transcode, store the MP4 and the poster, then in one transaction end the job and
 * point the row at them; the upload is removed once nothing refers to it. A row deleted meanwhile ends the job
 * with nothing kept.
 */
async function processVideo(
  deps: VideoWorkerDeps,
  job: ClaimedMediaJob,
  signal: AbortSignal,
): Promise<"complete" | "gone"> {
  const row = await findMediaById(deps.db, job.mediaId);
  if (!row || row.processingStatus === "Complete") {
    await finishMediaJob(deps.db, job, { ok: true });
    return "gone";
  }
  const root = path.join(deps.dataDir, "tmp", "video-jobs");
  await mkdir(root, { recursive: true });
  const folder = await mkdtemp(path.join(root, `job-${job.id}-`));
  const stored: string[] = [];
  try {
    const source = path.join(folder, "source");
    if (!(await deps.storage.getFile(row.path, source)))
      throw new PermanentFailure(`the uploaded file ${row.path} is gone`);
    const probe = await probeVideo(deps.tools, source);
    if (probe.duration > videoMaxSecondsOf(row.kind))
      throw new PermanentFailure(
        `the video lasts ${probe.duration} s, over ${videoMaxSecondsOf(row.kind)} s`,
      );
    const result = await transcodeVideo(deps.tools, source, folder, { signal, source: probe });
    // Stopped (shutdown, or the lease lost) while the last step ran: nothing is kept.
    signal.throwIfAborted();
    const videoKey = newMediaKey(row.kind, "mp4");
    const posterKey = newMediaKey(row.kind, "webp");
    await deps.storage.putFile(videoKey, result.video, "video/mp4");
    stored.push(videoKey);
    await deps.storage.putFile(posterKey, result.poster, "image/webp");
    stored.push(posterKey);
    const applied = await deps.db.transaction(async (tx) => {
      const state = await finishMediaJob(tx, job, { ok: true });
      if (!state) throw new Error("the job's lease was lost");
      return applyProcessedVideo(tx, row.id, {
        path: videoKey,
        name: displayName(row.name, "mp4"),
        size: result.size,
        width: result.width,
        height: result.height,
        blurhash: result.blurhash,
        duration: result.duration,
        poster: posterKey,
      });
    });
    if (!applied) {
      await removeAll(deps.storage, stored);
      return "gone";
    }
    await deps.storage.delete(row.path).catch(() => {});
    return "complete";
  } catch (error) {
    await removeAll(deps.storage, stored);
    throw error;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function removeAll(storage: MediaStorage, keys: string[]) {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
}
