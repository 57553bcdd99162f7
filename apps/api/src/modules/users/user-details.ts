import { countActivityOfUsers, type Database, listModelsOfUsers, type UserRow } from "@camatlas/db";
import type { PublicUserDetailReply, UserModelReply, UserStatsReply } from "@camatlas/shared/api-contract";
import { mediaLink, presentPublicUser } from "../auth/presenter.ts";

/** The models each user owns and their activity counts, in two grouped queries for a whole page. */
export async function loadUserExtras(db: Database, userIds: number[]) {
  const [modelRows, counts] = await Promise.all([
    listModelsOfUsers(db, userIds),
    countActivityOfUsers(db, userIds),
  ]);
  const models = new Map<number, UserModelReply[]>(userIds.map((id) => [id, []]));
  for (const row of modelRows) {
    models.get(Number(row.userId))?.push({
      id: row.id,
      name: row.name,
      slug: row.slug,
      avatar_path: mediaLink(row.avatarPath),
    });
  }
  return {
    modelsOf: (id: number): UserModelReply[] => models.get(id) ?? [],
    statsOf: (id: number): UserStatsReply => counts.get(id) ?? { comments: 0, reviews: 0, ratings: 0 },
  };
}

/** Public users with their models and stats (GET /users, /users/{id}). */
export async function presentPublicUserDetails(
  db: Database,
  users: UserRow[],
): Promise<PublicUserDetailReply[]> {
  const extras = await loadUserExtras(
    db,
    users.map((u) => u.id),
  );
  return users.map((user) => ({
    ...presentPublicUser(user),
    models: extras.modelsOf(user.id),
    stats: extras.statsOf(user.id),
  }));
}
