import type { StoredMediaRow } from "@camatlas/db";
import type { Media } from "@camatlas/shared/schemas/media";
import type { MediaStorage } from "./storage.ts";

/** The public shape of a media row (spec §3 Media: id, link, name, meta). */
export function presentMedia(row: StoredMediaRow, storage: MediaStorage): Media {
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
