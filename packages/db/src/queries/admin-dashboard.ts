import { and, count, eq, isNull } from "drizzle-orm";
import type { Database } from "../client.ts";
import { camSites } from "../schema/camsites.ts";
import {
  modelReports,
  modelRevisions,
  models,
  modelVerificationRequests,
  nicknameRemovalRequests,
  nicknames,
} from "../schema/models.ts";
import { userReviews } from "../schema/user-reviews.ts";
import { users } from "../schema/users.ts";
import { newModelWhere } from "./model-moderation.ts";

/** Totals and the items waiting for moderation, for the admin dashboard. */
export async function adminDashboardCounts(db: Database) {
  const total = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  const [
    userCount,
    modelCount,
    nicknameCount,
    camsiteCount,
    revisions,
    nicknameRemovals,
    verificationRequests,
    reports,
    pendingUserReviews,
    newModels,
  ] = await Promise.all([
    total(db.select({ n: count() }).from(users).where(isNull(users.deletedAt))),
    total(
      db
        .select({ n: count() })
        .from(models)
        .where(and(isNull(models.deletedAt), isNull(models.mergedIntoModelId))),
    ),
    total(db.select({ n: count() }).from(nicknames).where(isNull(nicknames.deletedAt))),
    total(db.select({ n: count() }).from(camSites).where(isNull(camSites.deletedAt))),
    total(db.select({ n: count() }).from(modelRevisions).where(eq(modelRevisions.status, "pending"))),
    total(
      db
        .select({ n: count() })
        .from(nicknameRemovalRequests)
        .where(eq(nicknameRemovalRequests.status, "pending")),
    ),
    total(
      db
        .select({ n: count() })
        .from(modelVerificationRequests)
        .where(eq(modelVerificationRequests.status, "pending")),
    ),
    total(db.select({ n: count() }).from(modelReports).where(eq(modelReports.status, "pending"))),
    total(
      db
        .select({ n: count() })
        .from(userReviews)
        .where(and(eq(userReviews.status, "pending"), isNull(userReviews.deletedAt))),
    ),
    total(db.select({ n: count() }).from(models).where(newModelWhere)),
  ]);
  return {
    counts: { users: userCount, models: modelCount, nicknames: nicknameCount, camsites: camsiteCount },
    pending: {
      revisions,
      nicknameRemovals,
      verificationRequests,
      reports,
      userReviews: pendingUserReviews,
      newModels,
    },
  };
}
