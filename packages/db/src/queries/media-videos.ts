import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../client.ts";
import { media } from "../schema/media.ts";
import type { StoredMediaRow } from "./media.ts";

// Writes of a video's media row as it goes through processing (spec §4 statuses: Queued, Processing, Complete, Error).

/** Sets a media row's processing status. */
export async function setMediaProcessingStatus(db: Database, mediaId: number, status: string): Promise<void> {
  await db.update(media).set({ processingStatus: status }).where(eq(media.id, mediaId));
}

/** What a finished transcode changes: the row now points at the MP4, with its poster, size and placeholder. */
export interface ProcessedVideoFields {
  path: string;
  name: string;
  size: number;
  width: number;
  height: number;
  blurhash: string | null;
  duration: number;
  poster: string;
}

/** Points a video row at its processed file and marks it Complete; null when the row is gone (deleted meanwhile). */
export async function applyProcessedVideo(
  db: Database,
  mediaId: number,
  fields: ProcessedVideoFields,
): Promise<StoredMediaRow | null> {
  const [row] = await db
    .update(media)
    .set({
      path: fields.path,
      name: fields.name,
      mimeType: "video/mp4",
      size: fields.size,
      width: fields.width,
      height: fields.height,
      blurhash: fields.blurhash,
      processingStatus: "Complete",
      meta: { type: "video", duration: fields.duration, poster: fields.poster },
    })
    .where(and(eq(media.id, mediaId), isNull(media.deletedAt)))
    .returning();
  return row ?? null;
}
