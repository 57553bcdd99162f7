import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import type { Database } from "../client.ts";
import { media } from "../schema/media.ts";
import type { StoredMediaRow } from "./media.ts";

// A presigned upload's row is written before its file arrives; these fill it in once the file is in.

export type UploadedMediaFields = Partial<
  Pick<
    StoredMediaRow,
    "path" | "name" | "mimeType" | "size" | "width" | "height" | "blurhash" | "processingStatus"
  >
>;

/** Updates a media row with its received file; null when the row is gone. */
export async function updateUploadedMedia(
  db: Database,
  id: number,
  fields: UploadedMediaFields,
): Promise<StoredMediaRow | null> {
  const [row] = await db
    .update(media)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(media.id, id), isNull(media.deletedAt)))
    .returning();
  return row ?? null;
}

/**
 * Moves a row from one processing status to another only if it still has the first (a presigned upload's
 * completion claims its row this way, so two calls never process the same file); null when another call won.
 */
export async function switchMediaStatus(
  db: Database,
  id: number,
  from: string,
  to: string,
): Promise<StoredMediaRow | null> {
  const [row] = await db
    .update(media)
    .set({ processingStatus: to, updatedAt: new Date() })
    .where(and(eq(media.id, id), eq(media.processingStatus, from), isNull(media.deletedAt)))
    .returning();
  return row ?? null;
}

/** Presigned uploads whose file never arrived (or whose completion died): rows in `statuses` untouched since `before`. */
export async function listStaleUploads(
  db: Database,
  statuses: readonly string[],
  before: Date,
  limit = 100,
): Promise<Pick<StoredMediaRow, "id" | "path">[]> {
  return db
    .select({ id: media.id, path: media.path })
    .from(media)
    .where(and(inArray(media.processingStatus, [...statuses]), lt(media.updatedAt, before)))
    .orderBy(media.id)
    .limit(limit);
}
