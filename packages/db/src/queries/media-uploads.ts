import { and, eq, isNull } from "drizzle-orm";
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
