import {
  countActivityOfUsers,
  type Database,
  listModelsOfUsersVisibleTo,
  type ModelViewer,
  type UserRow,
} from "@camatlas/db";
import { blurPlaceholder } from "@camatlas/shared";
import type { PublicUserDetailReply, UserModelReply, UserStatsReply } from "@camatlas/shared/api-contract";
import { mediaLink, presentPublicUser } from "../auth/presenter.ts";

/**
 * The models each user owns that the viewer may see (the model page's rule) and their activity counts, in two
 * grouped queries for a whole page.
 */
export async function loadUserExtras(db: Database, userIds: number[], viewer: ModelViewer | "self" = "self") {
  // "self": one user looking at her own account (GET /profile) sees every model bound to her.
  const seenBy = viewer === "self" ? { userId: userIds[0] ?? null, isAdmin: false } : viewer;
  const [modelRows, counts] = await Promise.all([
    listModelsOfUsersVisibleTo(db, userIds, seenBy),
    countActivityOfUsers(db, userIds),
  ]);
  const models = new Map<number, UserModelReply[]>(userIds.map((id) => [id, []]));
  for (const row of modelRows) {
    models.get(Number(row.userId))?.push({
      id: row.id,
      name: row.name,
      slug: row.slug,
      avatar_path: mediaLink(row.avatarPath),
      avatar_placeholder: row.avatarPath ? blurPlaceholder(row.avatarBlurhash) : null,
    });
  }
  return {
    modelsOf: (id: number): UserModelReply[] => models.get(id) ?? [],
    statsOf: (id: number): UserStatsReply => counts.get(id) ?? { comments: 0, reviews: 0, ratings: 0 },
  };
}

/** Public users with the models the viewer may see and their stats (GET /users, /users/{id}). */
export async function presentPublicUserDetails(
  db: Database,
  users: UserRow[],
  viewer: ModelViewer,
): Promise<PublicUserDetailReply[]> {
  const extras = await loadUserExtras(
    db,
    users.map((u) => u.id),
    viewer,
  );
  return users.map((user) => ({
    ...presentPublicUser(user),
    models: extras.modelsOf(user.id),
    stats: extras.statsOf(user.id),
  }));
}
