import type { StoredMediaRow } from "@camatlas/db";
import {
  isVideoProcessingFinished,
  SUCCESS_MESSAGES,
  VIDEO_MESSAGES,
  VIDEO_STATUS_POLL_MS,
  type VideoProcessingStatus,
} from "@camatlas/shared";
import type { VideoProcessingReply } from "@camatlas/shared/api-contract";
import { presentMedia } from "../media/presenter.ts";
import type { MediaStorage } from "../media/storage.ts";

/**
 * The spec's texts along a video's way (spec §8), one per poll: uploaded (Queued: waiting for a worker), started
 * (the first poll after a worker took it), still being processed (later polls), processed (Complete). Error has no
 * spec text. Any other status (a presigned upload not yet arrived) is still being processed.
 */
export function videoStatusMessage(status: string | null, statusSince: Date, now = new Date()): string {
  switch (status as VideoProcessingStatus | null) {
    case "Queued":
      return SUCCESS_MESSAGES.videoUploaded;
    case "Processing":
      return now.getTime() - statusSince.getTime() < VIDEO_STATUS_POLL_MS
        ? SUCCESS_MESSAGES.videoProcessingStarted
        : SUCCESS_MESSAGES.videoStillProcessing;
    case "Complete":
      return SUCCESS_MESSAGES.videoProcessed;
    case "Error":
      return VIDEO_MESSAGES.processingFailed;
    default:
      return SUCCESS_MESSAGES.videoStillProcessing;
  }
}

/** GET /media/{id}/processing. `updatedAt` is when the status last changed (the row changes with it). */
export function presentVideoProcessing(
  row: StoredMediaRow,
  storage: MediaStorage,
  now = new Date(),
): VideoProcessingReply {
  const status = row.processingStatus ?? "Complete";
  return {
    id: row.id,
    status,
    message: videoStatusMessage(status, row.updatedAt, now),
    finished: isVideoProcessingFinished(status),
    media: presentMedia(row, storage),
  };
}
