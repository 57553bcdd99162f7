import { type Database, findMediaById, type StoredMediaRow } from "@camatlas/db";
import { ROLE, SHELL_MESSAGES } from "@camatlas/shared";
import { forbidden, notFound } from "../../lib/http-errors.ts";

/**
 * A video's row for its owner or an admin (GET /media/{id}/processing): 404 for an unknown id, 403 for anyone
 * else's file, 404 for the owner's file that is not a video.
 */
export async function findVideoForViewer(
  db: Database,
  id: number,
  user: { id: number; roleId: number },
): Promise<StoredMediaRow> {
  const row = await findMediaById(db, id);
  if (!row) throw notFound(SHELL_MESSAGES.mediaNotFound);
  // Whose it is first (as every media route): someone else's file is a 403 whatever it is.
  if (row.userId !== user.id && user.roleId !== ROLE.admin) throw forbidden();
  if (row.meta.type !== "video" && row.processingStatus === null)
    throw notFound(SHELL_MESSAGES.mediaNotFound);
  return row;
}
