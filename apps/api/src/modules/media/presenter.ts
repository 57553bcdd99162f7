import type { StoredMediaRow } from "@camatlas/db";
import type { MediaReply, PresignedUploadReply } from "@camatlas/shared/api-contract";
import { PRIVATE_MEDIA_KINDS } from "../../lib/media-reference.ts";
import { isPrivateKey, type MediaStorage } from "./storage.ts";

/** The address of a private file (a verification photo): the admins' media route, never a public path. */
export const privateMediaLink = (id: number) => `/api/admin/media/${id}/file`;

/** A media row's link: its public URL, or the admins' route for a private file (by kind, or by key). */
export const mediaLink = (
  row: Pick<StoredMediaRow, "id" | "path" | "kind">,
  storage: Pick<MediaStorage, "publicUrl">,
) =>
  PRIVATE_MEDIA_KINDS.includes(row.kind) || isPrivateKey(row.path)
    ? privateMediaLink(row.id)
    : storage.publicUrl(row.path);

/** The public shape of a media row (spec §3 Media: id, link, name, meta); a video's duration, poster and status. */
export function presentMedia(row: StoredMediaRow, storage: MediaStorage): MediaReply {
  const type = row.meta.type ?? (row.mimeType.startsWith("video/") ? "video" : "image");
  const reply: MediaReply = {
    id: row.id,
    link: mediaLink(row, storage),
    name: row.name,
    meta: {
      type,
      width: row.width,
      height: row.height,
    },
    blurhash: row.blurhash,
  };
  if (type !== "video") return reply;
  if (row.meta.duration !== undefined) reply.meta.duration = row.meta.duration;
  reply.poster = row.meta.poster ? storage.publicUrl(row.meta.poster) : null;
  reply.processing_status = row.processingStatus;
  return reply;
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
    // Unchecked until completed: a private address (the completion's answer carries the media's real link).
    link: mediaLink(upload.row, storage),
    expires_in: upload.expiresIn,
  };
}
