import { readFile } from "node:fs/promises";
import path from "node:path";
import { type Database, enqueueMediaJob, insertMedia, type StoredMediaRow } from "@camatlas/db";
import { API_MESSAGES, IMAGE_MAX_DIMENSION, VIDEO_MESSAGES } from "@camatlas/shared";
import { ApiError, validationFailed } from "../../lib/http-errors.ts";
import { displayName, newMediaKey, storeImages } from "../media/service.ts";
import { type MediaStorage, PRIVATE_KEY_PREFIX } from "../media/storage.ts";
import { fileTooLarge } from "../media/upload-limit.ts";
import type { MediaUploadRules } from "./media-upload-rules.ts";
import { ProbeRefused, probeVideo } from "./probe-video.ts";
import { sniffMedia } from "./sniff-media.ts";
import { receiveUpload } from "./streamed-upload.ts";
import { type VideoTools, videoToolsAvailable } from "./video-tools.ts";

export interface VideoUploadDeps {
  db: Database;
  storage: MediaStorage;
  tools: VideoTools;
  /** DATA_DIR: uploads land in DATA_DIR/tmp/uploads while they are checked. */
  dataDir: string;
}

const CONTAINER_MIME = {
  mp4: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
  mkv: "video/x-matroska",
} as const;

const FIELD = "file";

export const videoTooLong = (seconds: number, field = FIELD) =>
  validationFailed({ [field]: [VIDEO_MESSAGES.tooLong.replace("{seconds}", String(seconds))] });

export const videoUnavailable = () => new ApiError(503, VIDEO_MESSAGES.unavailable);

/**
 * An image-or-video upload (reviews, stories): the multipart file streams to a temporary file, is sniffed by its
 * bytes, then an image is re-encoded like every upload and a video is probed (422 unless ffprobe reads a picture
 * and a duration within the rules), stored as uploaded under a private key (never served: it may carry the
 * camera's location) and queued for processing in the transaction that writes its row (processing_status Queued).
 */
export async function receiveMediaUpload(
  deps: VideoUploadDeps,
  request: Request,
  userId: number,
  rules: MediaUploadRules,
): Promise<StoredMediaRow> {
  const upload = await receiveUpload(request, {
    field: FIELD,
    maxBytes: Math.max(rules.imageMaxBytes, rules.videoMaxBytes),
    tempDir: path.join(deps.dataDir, "tmp", "uploads"),
  });
  try {
    const sniffed = sniffMedia(upload.head);
    if (!sniffed) {
      // Only a video may be bigger than an image: anything else past the image limit is too large whatever it is.
      if (upload.size > rules.imageMaxBytes) throw fileTooLarge();
      throw validationFailed({ [FIELD]: [API_MESSAGES.invalidFileFormat] });
    }
    if (sniffed.type === "image") {
      if (upload.size > rules.imageMaxBytes) throw fileTooLarge();
      const bytes = new Uint8Array(await readFile(upload.file));
      const [row] = await storeImages(deps, [{ name: upload.name, bytes, field: FIELD }], {
        kind: rules.kind,
        maxDimension: IMAGE_MAX_DIMENSION,
        userId,
      });
      return row!;
    }
    if (upload.size > rules.videoMaxBytes) throw fileTooLarge();
    if (!(await videoToolsAvailable(deps.tools))) throw videoUnavailable();
    const probe = await probeVideo(deps.tools, upload.file).catch((error: unknown) => {
      if (error instanceof ProbeRefused)
        throw validationFailed({
          [FIELD]: [error.reason === "no_video" ? VIDEO_MESSAGES.noVideoStream : VIDEO_MESSAGES.notAVideo],
        });
      throw error;
    });
    if (probe.duration > rules.videoMaxSeconds) throw videoTooLong(rules.videoMaxSeconds);
    const mimeType = CONTAINER_MIME[sniffed.container];
    const key = `${PRIVATE_KEY_PREFIX}${newMediaKey(rules.kind, sniffed.container)}`;
    await deps.storage.putFile(key, upload.file, mimeType);
    try {
      return await deps.db.transaction(async (tx) => {
        const row = await insertMedia(tx, {
          kind: rules.kind,
          path: key,
          name: displayName(upload.name, sniffed.container),
          mimeType,
          size: upload.size,
          width: probe.width,
          height: probe.height,
          processingStatus: "Queued",
          meta: { type: "video", duration: probe.duration },
          userId,
        });
        await enqueueMediaJob(tx, row.id);
        return row;
      });
    } catch (error) {
      await deps.storage.delete(key).catch(() => {});
      throw error;
    }
  } finally {
    await upload.discard();
  }
}
