import type { DecisionStatus, ModelReportReason } from "@camatlas/shared";
import { and, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { media } from "../schema/media.ts";
import { modelReports, modelRevisions, models, modelVerificationRequests } from "../schema/models.ts";
import { users } from "../schema/users.ts";

interface Paging {
  page: number;
  perPage: number;
}

// ── Revisions ────────────────────────────────────────────────────────────────────────────────────────────────────

export async function insertRevision(
  db: Database,
  values: {
    modelId: number;
    userId: number;
    changes: Record<string, unknown>;
    previous: Record<string, unknown>;
  },
) {
  const [row] = await db.insert(modelRevisions).values(values).returning({ id: modelRevisions.id });
  await db.update(models).set({ hasUncheckedRevisions: true }).where(eq(models.id, values.modelId));
  return row!.id;
}

const revisionColumns = {
  id: modelRevisions.id,
  status: modelRevisions.status,
  changes: modelRevisions.changes,
  previous: modelRevisions.previous,
  note: modelRevisions.note,
  createdAt: modelRevisions.createdAt,
  reviewedAt: modelRevisions.reviewedAt,
  modelId: models.id,
  modelName: models.name,
  modelSlug: models.slug,
  userId: users.id,
  userNickName: users.nickName,
};

export type RevisionRow = Awaited<ReturnType<typeof findRevision>> & {};

export async function listRevisions(
  db: Database,
  filters: Paging & { status: DecisionStatus; modelId?: number | undefined },
) {
  const where = and(
    eq(modelRevisions.status, filters.status),
    filters.modelId !== undefined ? eq(modelRevisions.modelId, filters.modelId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(revisionColumns)
      .from(modelRevisions)
      .innerJoin(models, eq(models.id, modelRevisions.modelId))
      .leftJoin(users, eq(users.id, modelRevisions.userId))
      .where(where)
      // The queue is first come, first served.
      .orderBy(
        filters.status === "pending" ? modelRevisions.createdAt : desc(modelRevisions.createdAt),
        modelRevisions.id,
      )
      .limit(filters.perPage)
      .offset((filters.page - 1) * filters.perPage),
    db.select({ total: count() }).from(modelRevisions).where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

export async function findRevision(db: Database, id: number) {
  const [row] = await db
    .select(revisionColumns)
    .from(modelRevisions)
    .innerJoin(models, eq(models.id, modelRevisions.modelId))
    .leftJoin(users, eq(users.id, modelRevisions.userId))
    .where(eq(modelRevisions.id, id))
    .limit(1);
  return row ?? null;
}

/** Locks a pending revision for a decision; null when missing or already decided. */
export async function lockPendingRevision(db: Database, id: number) {
  const [row] = await db
    .select({
      id: modelRevisions.id,
      modelId: modelRevisions.modelId,
      userId: modelRevisions.userId,
      changes: modelRevisions.changes,
    })
    .from(modelRevisions)
    .where(and(eq(modelRevisions.id, id), eq(modelRevisions.status, "pending")))
    .for("update");
  return row ?? null;
}

/** Records the decision and refreshes the model's has_unchecked_revisions flag. */
export async function decideRevision(
  db: Database,
  revision: { id: number; modelId: number },
  status: "approved" | "rejected",
  reviewerId: number,
  note: string | null,
) {
  await db
    .update(modelRevisions)
    .set({ status, reviewedByUserId: reviewerId, reviewedAt: new Date(), note })
    .where(eq(modelRevisions.id, revision.id));
  await db
    .update(models)
    .set({
      hasUncheckedRevisions: sql`exists (select 1 from ${modelRevisions} r where r.model_id = ${revision.modelId} and r.status = 'pending')`,
      ...(status === "approved" ? { moderationState: "changed" as const } : {}),
    })
    .where(eq(models.id, revision.modelId));
}

// ── New models ───────────────────────────────────────────────────────────────────────────────────────────────────

/** A user-created profile no admin has checked yet: the new-models queue and the dashboard count it alike. */
export const newModelWhere = and(
  eq(models.moderationState, "new"),
  isNull(models.moderationCheckedAt),
  isNotNull(models.createdByUserId),
  isNull(models.deletedAt),
);

/** User-created profiles an admin has not checked yet, oldest first. */
export async function listNewModels(db: Database, paging: Paging) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: models.id,
        name: models.name,
        slug: models.slug,
        country: models.country,
        birthday: models.birthday,
        createdAt: models.createdAt,
        userId: users.id,
        userNickName: users.nickName,
      })
      .from(models)
      .leftJoin(users, eq(users.id, models.createdByUserId))
      .where(newModelWhere)
      .orderBy(models.createdAt, models.id)
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    db.select({ total: count() }).from(models).where(newModelWhere),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

export async function lockNewModel(db: Database, id: number) {
  const [row] = await db
    .select({ id: models.id, name: models.name })
    .from(models)
    .where(and(eq(models.id, id), newModelWhere))
    .for("update");
  return row ?? null;
}

export async function approveNewModel(db: Database, id: number) {
  await db.update(models).set({ moderationCheckedAt: new Date() }).where(eq(models.id, id));
}

/** A rejected new profile is removed (soft delete), so it leaves lists and the queue. */
export async function rejectNewModel(db: Database, id: number) {
  const now = new Date();
  await db.update(models).set({ moderationCheckedAt: now, deletedAt: now }).where(eq(models.id, id));
}

// ── Verification requests ────────────────────────────────────────────────────────────────────────────────────────

export async function findPendingVerification(db: Database, modelId: number, userId: number) {
  const [row] = await db
    .select({ id: modelVerificationRequests.id })
    .from(modelVerificationRequests)
    .where(
      and(
        eq(modelVerificationRequests.modelId, modelId),
        eq(modelVerificationRequests.userId, userId),
        eq(modelVerificationRequests.status, "pending"),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertVerificationRequest(
  db: Database,
  values: { modelId: number; userId: number; mediaId: number; message: string | null },
) {
  const [row] = await db
    .insert(modelVerificationRequests)
    .values(values)
    .returning({ id: modelVerificationRequests.id, status: modelVerificationRequests.status });
  return row!;
}

export async function listVerificationRequests(db: Database, filters: Paging & { status: DecisionStatus }) {
  const where = eq(modelVerificationRequests.status, filters.status);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: modelVerificationRequests.id,
        status: modelVerificationRequests.status,
        message: modelVerificationRequests.message,
        createdAt: modelVerificationRequests.createdAt,
        reviewedAt: modelVerificationRequests.reviewedAt,
        imagePath: media.path,
        mediaId: media.id,
        modelId: models.id,
        modelName: models.name,
        modelSlug: models.slug,
        modelUserId: models.userId,
        userId: users.id,
        userNickName: users.nickName,
      })
      .from(modelVerificationRequests)
      .innerJoin(models, eq(models.id, modelVerificationRequests.modelId))
      .innerJoin(users, eq(users.id, modelVerificationRequests.userId))
      .leftJoin(media, eq(media.id, modelVerificationRequests.mediaId))
      .where(where)
      .orderBy(modelVerificationRequests.createdAt, modelVerificationRequests.id)
      .limit(filters.perPage)
      .offset((filters.page - 1) * filters.perPage),
    db.select({ total: count() }).from(modelVerificationRequests).where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

export async function lockPendingVerification(db: Database, id: number) {
  const [row] = await db
    .select({
      id: modelVerificationRequests.id,
      modelId: modelVerificationRequests.modelId,
      userId: modelVerificationRequests.userId,
    })
    .from(modelVerificationRequests)
    .where(and(eq(modelVerificationRequests.id, id), eq(modelVerificationRequests.status, "pending")))
    .for("update");
  return row ?? null;
}

export async function decideVerification(
  db: Database,
  id: number,
  status: "approved" | "rejected",
  reviewerId: number,
) {
  await db
    .update(modelVerificationRequests)
    .set({ status, reviewedByUserId: reviewerId, reviewedAt: new Date() })
    .where(eq(modelVerificationRequests.id, id));
}

/** Other pending claims on a model lose once one is approved. */
export async function rejectOtherVerifications(
  db: Database,
  modelId: number,
  exceptId: number,
  reviewerId: number,
) {
  return db
    .update(modelVerificationRequests)
    .set({ status: "rejected", reviewedByUserId: reviewerId, reviewedAt: new Date() })
    .where(
      and(
        eq(modelVerificationRequests.modelId, modelId),
        eq(modelVerificationRequests.status, "pending"),
        sql`${modelVerificationRequests.id} <> ${exceptId}`,
      ),
    )
    .returning({ id: modelVerificationRequests.id });
}

export async function markVerifiedCamgirl(db: Database, userId: number, verified: boolean) {
  await db.update(users).set({ verifiedCamgirl: verified }).where(eq(users.id, userId));
}

/** Whether the user is still bound to some model (to keep verified_camgirl true after an unbind). */
export async function userHasBoundModels(db: Database, userId: number) {
  const [row] = await db
    .select({ id: models.id })
    .from(models)
    .where(and(eq(models.userId, userId), isNull(models.deletedAt)))
    .limit(1);
  return Boolean(row);
}

export async function findUserRole(db: Database, userId: number) {
  const [row] = await db
    .select({ id: users.id, roleId: users.roleId, nickName: users.nickName })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

// ── Reports ──────────────────────────────────────────────────────────────────────────────────────────────────────

export async function insertModelReport(
  db: Database,
  values: {
    modelId: number;
    userId: number | null;
    reason: ModelReportReason;
    text: string | null;
  },
) {
  const [row] = await db.insert(modelReports).values(values).returning({ id: modelReports.id });
  return row!.id;
}

export async function listModelReports(db: Database, filters: Paging & { status: DecisionStatus }) {
  const where = eq(modelReports.status, filters.status);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: modelReports.id,
        reason: modelReports.reason,
        text: modelReports.text,
        status: modelReports.status,
        createdAt: modelReports.createdAt,
        modelId: models.id,
        modelName: models.name,
        modelSlug: models.slug,
        userId: users.id,
        userNickName: users.nickName,
      })
      .from(modelReports)
      .innerJoin(models, eq(models.id, modelReports.modelId))
      .leftJoin(users, eq(users.id, modelReports.userId))
      .where(where)
      .orderBy(modelReports.createdAt, modelReports.id)
      .limit(filters.perPage)
      .offset((filters.page - 1) * filters.perPage),
    db.select({ total: count() }).from(modelReports).where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

export async function lockPendingReport(db: Database, id: number) {
  const [row] = await db
    .select({ id: modelReports.id, modelId: modelReports.modelId })
    .from(modelReports)
    .where(and(eq(modelReports.id, id), eq(modelReports.status, "pending")))
    .for("update");
  return row ?? null;
}

export async function decideReport(db: Database, id: number, status: "approved" | "rejected") {
  await db.update(modelReports).set({ status }).where(eq(modelReports.id, id));
}

/** A member's nickname proposals for one model that wait for an admin (revisions holding a `new_nickname`). */
export async function listPendingNicknameProposals(db: Database, modelId: number, userId: number) {
  return db
    .select({ id: modelRevisions.id, changes: modelRevisions.changes })
    .from(modelRevisions)
    .where(
      and(
        eq(modelRevisions.modelId, modelId),
        eq(modelRevisions.userId, userId),
        eq(modelRevisions.status, "pending"),
        sql`${modelRevisions.changes} -> 'new_nickname' is not null`,
      ),
    )
    .orderBy(modelRevisions.id);
}
