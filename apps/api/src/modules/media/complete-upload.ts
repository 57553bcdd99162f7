import { randomUUID } from "node:crypto";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import {
  type Database,
  deleteMedia,
  enqueueMediaJob,
  findMediaById,
  type StoredMediaRow,
  switchMediaStatus,
  updateUploadedMedia,
} from "@camatlas/db";
import { DIRECT_UPLOAD_MESSAGES, IMAGE_UPLOAD_MAX_BYTES, SHELL_MESSAGES } from "@camatlas/shared";
import { ApiError, forbidden, notFound, validationFailed } from "../../lib/http-errors.ts";
import { SNIFF_BYTES, sniffMedia } from "../video-processing/sniff-media.ts";
import { storeImage } from "./direct-upload.ts";
import { newMediaKey } from "./service.ts";
import { type MediaStorage, PRIVATE_KEY_PREFIX } from "./storage.ts";
import { fileTooLarge } from "./upload-limit.ts";
import { AWAITING_UPLOAD } from "./upload-link.ts";

// POST /media/{id}/complete: the browser calls it after its presigned PUT, on both stores. With S3-compatible storage
// the PUT went straight into the bucket (under private/incoming/, never served), so the site has seen nothing yet:
// here it reads the object back and handles it like any upload — the announced size, the type by its bytes, an image
// re-encoded as webp with its blurhash under a fresh public key, a video moved to a private key and queued for the
// worker. A refused file is deleted with its row. On the local folder the signed link's PUT already did all that,
// so completing answers the stored media; on either store a second call answers the same (idempotent).

/** Status while one completion reads the file (a concurrent call waits instead of processing it twice). */
export const RECEIVING = "Receiving";

export interface CompleteUploadDeps {
  db: Database;
  storage: MediaStorage;
  /** DATA_DIR: an image is read into DATA_DIR/tmp/uploads while it is checked. */
  dataDir: string;
}

/** Completes the caller's presigned upload `id`; answers the media as stored (or as it already was). */
export async function completeUpload(
  deps: CompleteUploadDeps,
  id: number,
  caller: { id: number; roleId: number },
): Promise<StoredMediaRow> {
  const row = await findMediaById(deps.db, id);
  if (!row) throw notFound(SHELL_MESSAGES.mediaNotFound);
  // Only the uploader completes: the link was hers (admins have no reason to, and it would skip nothing).
  if (row.userId !== caller.id) throw forbidden();
  if (row.processingStatus === RECEIVING)
    throw validationFailed({ file: [DIRECT_UPLOAD_MESSAGES.stillReceiving] });
  // Already received (an image, or a video queued or processed): the same answer again.
  if (row.processingStatus !== AWAITING_UPLOAD) return row;

  const size = await deps.storage.sizeOf(row.path);
  // Nothing there yet (the PUT has not ended, or the local link was never used): the link may still be used.
  if (size === null) throw validationFailed({ file: [DIRECT_UPLOAD_MESSAGES.notReceived] });
  const claimed = await switchMediaStatus(deps.db, id, AWAITING_UPLOAD, RECEIVING);
  if (!claimed) {
    const now = await findMediaById(deps.db, id);
    if (!now) throw notFound(SHELL_MESSAGES.mediaNotFound);
    if (now.processingStatus === RECEIVING)
      throw validationFailed({ file: [DIRECT_UPLOAD_MESSAGES.stillReceiving] });
    return now;
  }
  try {
    return await receive(deps, claimed, size);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 413 || error.status === 422)) {
      // Refused for what the file is: nothing of it stays, neither the object nor its row.
      await deps.storage.delete(row.path).catch(() => {});
      await deleteMedia(deps.db, id);
    } else {
      // The store or the database failed: the row waits for its completion again.
      await switchMediaStatus(deps.db, id, RECEIVING, AWAITING_UPLOAD).catch(() => null);
    }
    throw error;
  }
}

async function receive(deps: CompleteUploadDeps, row: StoredMediaRow, size: number) {
  if (size > row.size) throw fileTooLarge();
  if (size !== row.size) throw validationFailed({ file: [DIRECT_UPLOAD_MESSAGES.sizeMismatch] });
  const head = await deps.storage.readStart(row.path, SNIFF_BYTES);
  const sniffed = head ? sniffMedia(head) : null;
  const announcedVideo = row.mimeType.startsWith("video/");
  if (!sniffed || (sniffed.type === "video") !== announcedVideo)
    throw validationFailed({ file: [DIRECT_UPLOAD_MESSAGES.typeMismatch] });
  if (sniffed.type === "image") return receiveImage(deps, row, size);
  return receiveVideo(deps, row);
}

/** An image (≤ the upload limit) is read whole, re-encoded under a fresh public key, and the upload removed. */
async function receiveImage(deps: CompleteUploadDeps, row: StoredMediaRow, size: number) {
  if (size > IMAGE_UPLOAD_MAX_BYTES) throw fileTooLarge();
  const tempDir = path.join(deps.dataDir, "tmp", "uploads");
  await mkdir(tempDir, { recursive: true });
  const temp = path.join(tempDir, `complete-${randomUUID()}`);
  try {
    if (!(await deps.storage.getFile(row.path, temp)))
      throw validationFailed({ file: [DIRECT_UPLOAD_MESSAGES.notReceived] });
    // The object may have been replaced since it was measured: what is read is what is checked.
    const read = (await stat(temp)).size;
    if (read > row.size) throw fileTooLarge();
    if (read !== row.size) throw validationFailed({ file: [DIRECT_UPLOAD_MESSAGES.sizeMismatch] });
    const stored = await storeImage(deps, row, temp, read);
    await deps.storage.delete(row.path).catch(() => {});
    return stored;
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * A video stays as sent (the worker probes and transcodes it) but moves to a key of its own, so the presigned link
 * — still valid for a while — can no longer change what was queued. Row and job are written in one transaction.
 */
async function receiveVideo(deps: CompleteUploadDeps, row: StoredMediaRow) {
  const extension = row.path.split(".").pop() ?? "mp4";
  const key = `${PRIVATE_KEY_PREFIX}${newMediaKey(row.kind, extension)}`;
  if (!(await deps.storage.move(row.path, key)))
    throw validationFailed({ file: [DIRECT_UPLOAD_MESSAGES.notReceived] });
  try {
    return await deps.db.transaction(async (tx) => {
      const updated = await updateUploadedMedia(tx, row.id, { path: key, processingStatus: "Queued" });
      if (!updated) throw notFound(SHELL_MESSAGES.mediaNotFound);
      await enqueueMediaJob(tx, row.id);
      return updated;
    });
  } catch (error) {
    // Back where the completion found it, so a later call can try again.
    await deps.storage.move(key, row.path).catch(() => false);
    throw error;
  }
}
