import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  type Database,
  enqueueMediaJob,
  findMediaById,
  type StoredMediaRow,
  updateUploadedMedia,
} from "@camatlas/db";
import { DIRECT_UPLOAD_MESSAGES, IMAGE_MAX_DIMENSION, IMAGE_UPLOAD_MAX_BYTES } from "@camatlas/shared";
import { notFound, validationFailed } from "../../lib/http-errors.ts";
import { SNIFF_BYTES, sniffMedia } from "../video-processing/sniff-media.ts";
import { processImage } from "./image-processing.ts";
import { newMediaKey } from "./service.ts";
import { type MediaStorage, PRIVATE_KEY_PREFIX } from "./storage.ts";
import { fileTooLarge } from "./upload-limit.ts";
import { AWAITING_UPLOAD, isValidUploadLink } from "./upload-link.ts";

// Presigned uploads on the local disk store (no S3): POST /media/presigned answers a link on the site itself, signed
// like an S3 one (HMAC of the media row, its owner and the expiry), so the browser uploads the same way on both
// stores — a PUT of the raw file. The PUT streams to a temporary file capped at the size announced, then the file is
// sniffed and handled like any upload: an image re-encoded as webp with its blurhash, a video stored and queued for
// processing. Nothing is kept when the file is refused.

/** Streams a body to `file`, refusing it (413) past `maxBytes`. */
async function writeCapped(
  body: ReadableStream<Uint8Array>,
  file: string,
  maxBytes: number,
): Promise<number> {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.byteLength;
      callback(size > maxBytes ? fileTooLarge() : null, chunk);
    },
  });
  await pipeline(Readable.fromWeb(body as never), counter, createWriteStream(file, { mode: 0o600 }));
  return size;
}

async function headOf(file: string): Promise<Uint8Array> {
  const handle = await open(file, "r");
  try {
    const buffer = new Uint8Array(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export interface DirectUploadDeps {
  db: Database;
  storage: MediaStorage;
  secret: string;
  /** DATA_DIR: the body lands in DATA_DIR/tmp/uploads while it is checked. */
  dataDir: string;
}

/**
 * PUT /media/uploads/{id}: the signed link's file. 404 for a wrong or expired link (as for an unknown row); a row
 * already filled answers 422; the body must be the announced type (by its bytes) and size.
 */
export async function receiveDirectUpload(
  deps: DirectUploadDeps,
  id: number,
  link: { expires: string; signature: string },
  request: Request,
): Promise<StoredMediaRow> {
  const row = await findMediaById(deps.db, id);
  const expires = /^\d{1,12}$/.test(link.expires) ? Number(link.expires) : 0;
  if (!row || !isValidUploadLink(deps.secret, row, expires, link.signature))
    throw notFound(DIRECT_UPLOAD_MESSAGES.linkInvalid);
  if (row.processingStatus !== AWAITING_UPLOAD)
    throw validationFailed({ file: [DIRECT_UPLOAD_MESSAGES.alreadyUploaded] });
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== row.mimeType) throw validationFailed({ file: [DIRECT_UPLOAD_MESSAGES.typeMismatch] });
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > row.size) throw fileTooLarge();
  if (!request.body) throw validationFailed({ file: [DIRECT_UPLOAD_MESSAGES.sizeMismatch] });

  const tempDir = path.join(deps.dataDir, "tmp", "uploads");
  await mkdir(tempDir, { recursive: true });
  const temp = path.join(tempDir, `direct-${randomUUID()}`);
  try {
    const size = await writeCapped(request.body, temp, row.size);
    if (size !== row.size) throw validationFailed({ file: [DIRECT_UPLOAD_MESSAGES.sizeMismatch] });
    const sniffed = sniffMedia(await headOf(temp));
    const announcedVideo = row.mimeType.startsWith("video/");
    if (!sniffed || (sniffed.type === "video") !== announcedVideo)
      throw validationFailed({ file: [DIRECT_UPLOAD_MESSAGES.typeMismatch] });
    if (sniffed.type === "image") return await storeImage(deps, row, temp, size);
    return await storeVideo(deps, row, temp);
  } finally {
    await rm(temp, { force: true });
  }
}

/** An image: re-encoded as webp without metadata, with its blurhash, like every upload. */
export async function storeImage(
  deps: Pick<DirectUploadDeps, "db" | "storage">,
  row: StoredMediaRow,
  file: string,
  size: number,
) {
  if (size > IMAGE_UPLOAD_MAX_BYTES) throw fileTooLarge();
  const image = await processImage(new Uint8Array(await readFile(file)), IMAGE_MAX_DIMENSION);
  const key = newMediaKey(row.kind, "webp");
  await deps.storage.put(key, image.data, "image/webp");
  try {
    const updated = await updateUploadedMedia(deps.db, row.id, {
      path: key,
      mimeType: "image/webp",
      size: image.data.byteLength,
      width: image.width,
      height: image.height,
      blurhash: image.blurhash,
      processingStatus: null,
      name: row.name.replace(/\.[^.]*$/, ".webp"),
    });
    if (!updated) throw notFound(DIRECT_UPLOAD_MESSAGES.linkInvalid);
    return updated;
  } catch (error) {
    await deps.storage.delete(key).catch(() => {});
    throw error;
  }
}

/** A video: stored as sent under a private key and queued for processing (the worker probes and transcodes it). */
async function storeVideo(deps: DirectUploadDeps, row: StoredMediaRow, file: string) {
  const key = `${PRIVATE_KEY_PREFIX}${row.path}`;
  await deps.storage.putFile(key, file, row.mimeType);
  try {
    return await deps.db.transaction(async (tx) => {
      const updated = await updateUploadedMedia(tx, row.id, { path: key, processingStatus: "Queued" });
      if (!updated) throw notFound(DIRECT_UPLOAD_MESSAGES.linkInvalid);
      await enqueueMediaJob(tx, row.id);
      return updated;
    });
  } catch (error) {
    await deps.storage.delete(key).catch(() => {});
    throw error;
  }
}
