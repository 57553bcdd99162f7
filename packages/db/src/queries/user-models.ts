import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { media } from "../schema/media.ts";
import { models } from "../schema/models.ts";
import { type ModelViewer, modelPageVisibleTo } from "./model-visibility.ts";

/**
 * The models bound to each user that the viewer may see (the model page's rule: a hidden, members-only or
 * geo/IP-blocked model stays off her owner's profile too), by name.
 */
export async function listModelsOfUsersVisibleTo(db: Database, userIds: number[], viewer: ModelViewer) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: sql<number>`${models.userId}`,
      id: models.id,
      name: models.name,
      slug: models.slug,
      avatarPath: media.path,
      avatarBlurhash: media.blurhash,
    })
    .from(models)
    .leftJoin(media, eq(media.id, models.avatarMediaId))
    .where(and(inArray(models.userId, userIds), modelPageVisibleTo(viewer)))
    .orderBy(models.name);
}
