import { randomUUID } from "node:crypto";
import {
  type Database,
  deleteMedia,
  findMediaById,
  insertMedia,
  listMediaOutsidePrefix,
  type MediaKind,
  type StoredMediaRow,
  updateMediaPath,
} from "@camatlas/db";
import { IMAGE_UPLOAD_MAX_BYTES, PRESIGNED_UPLOAD_TTL_SECONDS, ROLE, SHELL_MESSAGES } from "@camatlas/shared";
import type { PresignedUploadRequest } from "@camatlas/shared/schemas/media";
import { forbidden, notFound } from "../../lib/http-errors.ts";
import { PRIVATE_MEDIA_KINDS } from "../../lib/media-reference.ts";
import { processImage } from "./image-processing.ts";
import { type MediaStorage, PRIVATE_KEY_PREFIX, type PrivateFile } from "./storage.ts";
import { fileTooLarge } from "./upload-limit.ts";
import { AWAITING_UPLOAD, INCOMING_PREFIX, localUploadUrl } from "./upload-link.ts";

const FOLDER_BY_KIND: Record<MediaKind, string> = {
  avatar: "avatars",
  comment_attachment: "comments",
  featured_model: "featured",
  user_review: "reviews",
  verification_image: "verification",
  story: "stories",
  camsite_logo: "camsites",
  setting_image: "settings",
  snapshot: "snapshots",
  other: "uploads",
};

/**
 * A new storage key: kind folder, month, random name (unguessable, never reused, so files can be cached forever).
 * Private kinds (verification photos) go under `private/`, outside the public media tree (storage.ts).
 */
export function newMediaKey(kind: MediaKind, extension: string, now = new Date()): string {
  const key = `${FOLDER_BY_KIND[kind]}/${now.toISOString().slice(0, 7)}/${randomUUID()}.${extension}`;
  return PRIVATE_MEDIA_KINDS.includes(kind) ? `${PRIVATE_KEY_PREFIX}${key}` : key;
}

/** The uploaded file's name for display: no folders or control characters, `.webp` after re-encoding. */
export function displayName(original: string, extension = "webp"): string {
  const base = original
    .split(/[\\/]/)
    .pop()!
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim();
  const stem = base.replace(/\.[^.]*$/, "").slice(0, 200) || "image";
  return `${stem}.${extension}`;
}

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
  /** Form field, for the 422's key. */
  field: string;
}

/** Reads one multipart file, refusing it at once when it is over the image limit (spec §5). */
export async function readUpload(file: File, field: string): Promise<UploadedFile> {
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) throw fileTooLarge();
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()), field };
}

/**
 * Validates and re-encodes every file first, stores them, then writes the rows in one transaction; if the
 * rows cannot be written the stored files are removed again, so no half-written upload remains.
 */
export async function storeImages(
  deps: { db: Database; storage: MediaStorage },
  files: UploadedFile[],
  options: { kind: MediaKind; maxDimension: number; userId: number },
): Promise<StoredMediaRow[]> {
  const processed = [];
  for (const file of files) {
    processed.push({ file, image: await processImage(file.bytes, options.maxDimension, file.field) });
  }
  const stored: string[] = [];
  try {
    const rows = processed.map(({ file, image }) => ({
      file,
      image,
      key: newMediaKey(options.kind, "webp"),
    }));
    for (const row of rows) {
      await deps.storage.put(row.key, row.image.data, "image/webp");
      stored.push(row.key);
    }
    return await deps.db.transaction(async (tx) => {
      const saved: StoredMediaRow[] = [];
      for (const { file, image, key } of rows) {
        saved.push(
          await insertMedia(tx, {
            kind: options.kind,
            path: key,
            name: displayName(file.name),
            mimeType: "image/webp",
            size: image.data.byteLength,
            width: image.width,
            height: image.height,
            blurhash: image.blurhash,
            meta: { type: "image" },
            userId: options.userId,
          }),
        );
      }
      return saved;
    });
  } catch (error) {
    await Promise.all(stored.map((key) => deps.storage.delete(key).catch(() => {})));
    throw error;
  }
}

/**
 * A URL the browser PUTs one file to: straight into S3-compatible storage, or the site's own signed link on the local
 * folder. The media row exists from the start (status Uploading, usable by nothing) so the client can refer to it;
 * the browser then calls POST /media/{id}/complete, which checks and processes the file on S3.
 */
export async function presignUpload(
  deps: { db: Database; storage: MediaStorage; secret: string },
  request: PresignedUploadRequest,
  userId: number,
) {
  const { db, storage } = deps;
  const isVideo = request.content_type.startsWith("video/");
  // An image over the upload limit (spec §5) is refused before any byte is sent.
  if (!isVideo && request.size > IMAGE_UPLOAD_MAX_BYTES) throw fileTooLarge();
  const extension = request.content_type.split("/")[1]!.replace("jpeg", "jpg").replace("quicktime", "mov");
  const kind = isVideo ? "user_review" : "other";
  const presignPut = storage.presignPut?.bind(storage);
  // The bucket receives the file unchecked: it lands under a private prefix until the completion has read it back.
  const key = presignPut
    ? `${INCOMING_PREFIX}${new Date().toISOString().slice(0, 7)}/${randomUUID()}.${extension}`
    : newMediaKey(kind, extension);
  const row = await insertMedia(db, {
    kind,
    path: key,
    name: displayName(request.name, extension),
    mimeType: request.content_type,
    size: request.size,
    // Filled in by the local link's PUT or by POST /media/{id}/complete; until then no form may use it.
    processingStatus: AWAITING_UPLOAD,
    meta: { type: isVideo ? "video" : "image" },
    userId,
  });
  const url = presignPut
    ? await presignPut(key, request.content_type, request.size, PRESIGNED_UPLOAD_TTL_SECONDS)
    : localUploadUrl(deps.secret, { id: row.id, userId }, PRESIGNED_UPLOAD_TTL_SECONDS);
  return { row, url, key, expiresIn: PRESIGNED_UPLOAD_TTL_SECONDS };
}

/** Deletes an upload for its owner or an admin (403 for anyone else, 404 when gone), its file with its last row. */
export async function deleteUpload(
  deps: { db: Database; storage: MediaStorage },
  id: number,
  user: { id: number; roleId: number },
): Promise<void> {
  const row = await findMediaById(deps.db, id);
  if (!row) throw notFound(SHELL_MESSAGES.mediaNotFound);
  if (row.userId !== user.id && user.roleId !== ROLE.admin) throw forbidden();
  const removed = await deleteMedia(deps.db, id);
  // Demo avatars share files between rows: the file goes only with its last row.
  if (removed && !removed.fileShared) await deps.storage.delete(removed.path).catch(() => {});
  // A processed video's poster frame is its own file.
  if (removed && row.meta.poster) await deps.storage.delete(row.meta.poster).catch(() => {});
}

/**
 * A private file (a verification photo) for the admins' media route: 404 for an unknown id, a public file or a
 * missing file alike, so the route tells nothing about ids it does not serve.
 */
export async function readPrivateMedia(
  deps: { db: Database; storage: MediaStorage },
  id: number,
): Promise<{ file: PrivateFile; mimeType: string }> {
  const row = await findMediaById(deps.db, id);
  if (!row || !PRIVATE_MEDIA_KINDS.includes(row.kind)) throw notFound(SHELL_MESSAGES.mediaNotFound);
  const file = await deps.storage.readPrivate(row.path);
  if (!file) throw notFound(SHELL_MESSAGES.mediaNotFound);
  return { file, mimeType: row.mimeType };
}

/**
 * Moves private files stored before they had their own place (verification photos under the public
 * `verification/` folder) to `private/…` keys, outside the public media tree, and points their rows there. Run at
 * start; a no-op once done. A file already gone keeps its row, pointed at the private key (it 404s, never public).
 */
export async function movePrivateMediaOutOfPublicTree(deps: {
  db: Database;
  storage: MediaStorage;
}): Promise<number> {
  const rows = await listMediaOutsidePrefix(deps.db, PRIVATE_MEDIA_KINDS, PRIVATE_KEY_PREFIX);
  for (const row of rows) {
    const key = `${PRIVATE_KEY_PREFIX}${row.path}`;
    await deps.storage.move(row.path, key);
    await updateMediaPath(deps.db, row.id, key);
  }
  return rows.length;
}
