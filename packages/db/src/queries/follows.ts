import { and, asc, count, eq } from "drizzle-orm";
import type { Database } from "../client.ts";
import { modelFollows } from "../schema/follows.ts";

// Fans following models (issue 20): the follow itself and its per-model alert choices.

const followColumns = {
  modelId: modelFollows.modelId,
  createdAt: modelFollows.createdAt,
  alertsMuted: modelFollows.alertsMuted,
  eachSession: modelFollows.eachSession,
  showChanges: modelFollows.showChanges,
};

export type FollowRow = NonNullable<Awaited<ReturnType<typeof findFollow>>>;

const one = (userId: number, modelId: number) =>
  and(eq(modelFollows.userId, userId), eq(modelFollows.modelId, modelId));

export async function findFollow(db: Database, userId: number, modelId: number) {
  const [row] = await db.select(followColumns).from(modelFollows).where(one(userId, modelId));
  return row ?? null;
}

/** Follows a model; following her again changes nothing. True when the follow is new. */
export async function insertFollow(db: Database, userId: number, modelId: number): Promise<boolean> {
  const rows = await db
    .insert(modelFollows)
    .values({ userId, modelId })
    .onConflictDoNothing()
    .returning({ modelId: modelFollows.modelId });
  return rows.length > 0;
}

export async function deleteFollow(db: Database, userId: number, modelId: number): Promise<boolean> {
  const rows = await db
    .delete(modelFollows)
    .where(one(userId, modelId))
    .returning({ modelId: modelFollows.modelId });
  return rows.length > 0;
}

export async function updateFollowAlerts(
  db: Database,
  userId: number,
  modelId: number,
  patch: { alertsMuted?: boolean; eachSession?: boolean | null; showChanges?: boolean | null },
) {
  if (Object.keys(patch).length === 0) return findFollow(db, userId, modelId);
  const [row] = await db.update(modelFollows).set(patch).where(one(userId, modelId)).returning(followColumns);
  return row ?? null;
}

export async function countFollowers(db: Database, modelId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(modelFollows).where(eq(modelFollows.modelId, modelId));
  return row?.n ?? 0;
}

export async function countFollowsOf(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(modelFollows).where(eq(modelFollows.userId, userId));
  return row?.n ?? 0;
}

/** Everyone a fan follows, oldest follow first (the caller orders them online first). */
export async function listFollowsOf(db: Database, userId: number, limit: number) {
  return db
    .select(followColumns)
    .from(modelFollows)
    .where(eq(modelFollows.userId, userId))
    .orderBy(asc(modelFollows.createdAt), asc(modelFollows.modelId))
    .limit(limit);
}
