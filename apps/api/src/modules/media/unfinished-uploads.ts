import { type Database, deleteMedia, listStaleUploads } from "@camatlas/db";
import { PRESIGNED_UPLOAD_TTL_SECONDS } from "@camatlas/shared";
import { UNFINISHED_UPLOAD_STATUSES } from "../../lib/media-reference.ts";
import type { MediaStorage } from "./storage.ts";

// Presigned uploads that never completed: the browser closed before its PUT or before POST /media/{id}/complete, or a
// completion died half way. Their rows are usable by nothing; once the link has long expired the worker removes the
// row and whatever the bucket received for it.

/**
 * How long after its last change an unfinished upload is removed: the link's lifetime plus room for a slow PUT of a
 * large video that started just before the link expired.
 */
export const UNFINISHED_UPLOAD_EXPIRY_SECONDS = PRESIGNED_UPLOAD_TTL_SECONDS + 2 * 3600;

/** Seconds between two sweeps in the worker. */
export const UNFINISHED_UPLOAD_SWEEP_SECONDS = 10 * 60;

/** Removes expired unfinished uploads (rows and stored objects); answers how many. */
export async function sweepUnfinishedUploads(
  deps: { db: Database; storage: MediaStorage },
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - UNFINISHED_UPLOAD_EXPIRY_SECONDS * 1000);
  let removed = 0;
  for (;;) {
    const stale = await listStaleUploads(deps.db, UNFINISHED_UPLOAD_STATUSES, before);
    for (const row of stale) {
      // The object first: a row without its object is harmless, an object without its row would never be found.
      await deps.storage.delete(row.path);
      if (await deleteMedia(deps.db, row.id)) removed += 1;
    }
    if (stale.length < 100) return removed;
  }
}
