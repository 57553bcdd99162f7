import type { StoredMediaRow } from "@camatlas/db";
import type { MediaReply, PresignedUploadReply } from "@camatlas/shared/api-contract";
import type { MediaStorage } from "./storage.ts";

/** The public shape of a media row (spec §3 Media: id, link, name, meta). */
export function presentMedia(row: StoredMediaRow, storage: MediaStorage): MediaReply {
  return {
    id: row.id,
    link: storage.publicUrl(row.path),
    name: row.name,
    meta: {
      type: row.meta.type ?? (row.mimeType.startsWith("video/") ? "video" : "image"),
      width: row.width,
      height: row.height,
    },
    blurhash: row.blurhash,
  };
}

/** Where and how the browser PUTs a presigned upload, and the media row it fills. */
export function presentPresignedUpload(
  upload: { row: StoredMediaRow; url: string; key: string; expiresIn: number },
  storage: MediaStorage,
): PresignedUploadReply {
  return {
    id: upload.row.id,
    upload_url: upload.url,
    method: "PUT",
    headers: { "content-type": upload.row.mimeType },
    link: storage.publicUrl(upload.key),
    expires_in: upload.expiresIn,
  };
}
