import type { NicknameType } from "@camatlas/shared";
import { and, asc, count, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { camSites } from "../schema/camsites.ts";
import { models, nicknameRemovalRequests, nicknames } from "../schema/models.ts";
import { users } from "../schema/users.ts";
import { type ModelViewer, modelVisibleTo } from "./model-visibility.ts";
import { escapeLike } from "./models.ts";

const nicknameColumns = {
  id: nicknames.id,
  nickname: nicknames.nickname,
  name: nicknames.name,
  type: nicknames.type,
  isActive: nicknames.isActive,
  activityStatusId: nicknames.activityStatusId,
  lastActivityAt: nicknames.lastActivityAt,
  camSiteId: nicknames.camSiteId,
  camSiteName: camSites.name,
  camSiteSlug: camSites.slug,
  modelUrlTemplate: camSites.modelUrlTemplate,
  modelId: nicknames.modelId,
  modelName: models.name,
  modelSlug: models.slug,
  createdAt: nicknames.createdAt,
};

export type NicknameListRow = Awaited<ReturnType<typeof listNicknames>>[number];

export interface NicknameListFilters {
  modelId?: number | undefined;
  camSiteId?: number | undefined;
  query?: string | undefined;
  viewer?: ModelViewer | undefined;
}

function nicknameWhere(filters: NicknameListFilters) {
  const conditions: (SQL | undefined)[] = [isNull(nicknames.deletedAt)];
  if (filters.modelId !== undefined) conditions.push(eq(nicknames.modelId, filters.modelId));
  if (filters.camSiteId !== undefined) conditions.push(eq(nicknames.camSiteId, filters.camSiteId));
  const query = filters.query?.trim().toLowerCase();
  if (query) conditions.push(sql`lower(${nicknames.nickname}) like ${`%${escapeLike(query)}%`}`);
  // A nickname of a model the viewer may not see is hidden with her.
  const visible = modelVisibleTo(filters.viewer);
  conditions.push(
    or(
      isNull(nicknames.modelId),
      and(isNull(models.deletedAt), eq(models.isVisible, true), visible ?? sql`true`),
    ),
  );
  return and(...conditions);
}

export async function listNicknames(
  db: Database,
  filters: NicknameListFilters & { page: number; perPage: number },
) {
  return db
    .select(nicknameColumns)
    .from(nicknames)
    .innerJoin(camSites, eq(camSites.id, nicknames.camSiteId))
    .leftJoin(models, eq(models.id, nicknames.modelId))
    .where(nicknameWhere(filters))
    .orderBy(asc(nicknames.camSiteId), asc(nicknames.id))
    .limit(filters.perPage)
    .offset((filters.page - 1) * filters.perPage);
}

export async function countNicknames(db: Database, filters: NicknameListFilters) {
  const [row] = await db
    .select({ total: count() })
    .from(nicknames)
    .leftJoin(models, eq(models.id, nicknames.modelId))
    .where(nicknameWhere(filters));
  return Number(row?.total ?? 0);
}

/** One nickname by camsite and name (case-insensitive), for /{camsite}/model/{nickname}. */
export async function findVisibleNicknameOnCamsite(
  db: Database,
  camSiteId: number,
  nickname: string,
  viewer?: ModelViewer,
) {
  const [row] = await db
    .select(nicknameColumns)
    .from(nicknames)
    .innerJoin(camSites, eq(camSites.id, nicknames.camSiteId))
    .leftJoin(models, eq(models.id, nicknames.modelId))
    .where(
      and(
        eq(nicknames.camSiteId, camSiteId),
        sql`lower(${nicknames.nickname}) = ${nickname.toLowerCase()}`,
        nicknameWhere({ viewer }),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findNicknameById(db: Database, id: number) {
  const [row] = await db
    .select({
      id: nicknames.id,
      nickname: nicknames.nickname,
      camSiteId: nicknames.camSiteId,
      modelId: nicknames.modelId,
    })
    .from(nicknames)
    .where(and(eq(nicknames.id, id), isNull(nicknames.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The live nickname with this name on this camsite (case-insensitive), if any. */
export async function findLiveNicknameOnCamsite(db: Database, camSiteId: number, nickname: string) {
  const [row] = await db
    .select({ id: nicknames.id, modelId: nicknames.modelId })
    .from(nicknames)
    .where(
      and(
        eq(nicknames.camSiteId, camSiteId),
        sql`lower(${nicknames.nickname}) = ${nickname.toLowerCase()}`,
        isNull(nicknames.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertNickname(
  db: Database,
  values: {
    modelId: number;
    camSiteId: number;
    nickname: string;
    type: NicknameType;
    userId: number | null;
  },
) {
  const [row] = await db
    .insert(nicknames)
    .values({ ...values, name: values.nickname })
    .returning({ id: nicknames.id });
  return row!.id;
}

/** A stats nickname nobody linked yet joins the model. */
export async function attachNicknameToModel(db: Database, nicknameId: number, modelId: number) {
  await db.update(nicknames).set({ modelId }).where(eq(nicknames.id, nicknameId));
}

export async function softDeleteNickname(db: Database, nicknameId: number) {
  await db.update(nicknames).set({ deletedAt: new Date() }).where(eq(nicknames.id, nicknameId));
}

export async function findPendingRemovalRequest(db: Database, nicknameId: number) {
  const [row] = await db
    .select({ id: nicknameRemovalRequests.id })
    .from(nicknameRemovalRequests)
    .where(
      and(eq(nicknameRemovalRequests.nicknameId, nicknameId), eq(nicknameRemovalRequests.status, "pending")),
    )
    .limit(1);
  return row ?? null;
}

export async function insertNicknameRemovalRequest(
  db: Database,
  values: { nicknameId: number; userId: number; reason: string | null },
) {
  const [row] = await db
    .insert(nicknameRemovalRequests)
    .values(values)
    .returning({ id: nicknameRemovalRequests.id });
  return row!.id;
}

export async function listNicknameRemovalRequests(
  db: Database,
  filters: { status: "pending" | "approved" | "rejected"; page: number; perPage: number },
) {
  const where = eq(nicknameRemovalRequests.status, filters.status);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: nicknameRemovalRequests.id,
        status: nicknameRemovalRequests.status,
        reason: nicknameRemovalRequests.reason,
        createdAt: nicknameRemovalRequests.createdAt,
        reviewedAt: nicknameRemovalRequests.reviewedAt,
        nicknameId: nicknames.id,
        nickname: nicknames.nickname,
        camSiteId: nicknames.camSiteId,
        camSiteName: camSites.name,
        modelId: models.id,
        modelName: models.name,
        modelSlug: models.slug,
        userId: users.id,
        userNickName: users.nickName,
      })
      .from(nicknameRemovalRequests)
      .innerJoin(nicknames, eq(nicknames.id, nicknameRemovalRequests.nicknameId))
      .innerJoin(camSites, eq(camSites.id, nicknames.camSiteId))
      .leftJoin(models, eq(models.id, nicknames.modelId))
      .leftJoin(users, eq(users.id, nicknameRemovalRequests.userId))
      .where(where)
      .orderBy(desc(nicknameRemovalRequests.createdAt), desc(nicknameRemovalRequests.id))
      .limit(filters.perPage)
      .offset((filters.page - 1) * filters.perPage),
    db.select({ total: count() }).from(nicknameRemovalRequests).where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

/** Locks a pending removal request for a decision; null when missing or already decided. */
export async function lockPendingRemovalRequest(db: Database, id: number) {
  const [row] = await db
    .select({ id: nicknameRemovalRequests.id, nicknameId: nicknameRemovalRequests.nicknameId })
    .from(nicknameRemovalRequests)
    .where(and(eq(nicknameRemovalRequests.id, id), eq(nicknameRemovalRequests.status, "pending")))
    .for("update");
  return row ?? null;
}

export async function decideRemovalRequest(
  db: Database,
  id: number,
  status: "approved" | "rejected",
  reviewerId: number,
) {
  await db
    .update(nicknameRemovalRequests)
    .set({ status, reviewedByUserId: reviewerId, reviewedAt: new Date() })
    .where(eq(nicknameRemovalRequests.id, id));
}
