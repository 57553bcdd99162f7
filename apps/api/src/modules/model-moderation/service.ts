import {
  applyModelFields,
  approveNewModel,
  type Database,
  decideRemovalRequest,
  decideReport,
  decideRevision,
  decideVerification,
  existingTagIds,
  findModelDetail,
  findRevision,
  isSlugTaken,
  lockNewModel,
  lockPendingRemovalRequest,
  lockPendingReport,
  lockPendingRevision,
  lockPendingVerification,
  markVerifiedCamgirl,
  notifyAboutModel,
  rejectNewModel,
  rejectOtherVerifications,
  softDeleteNickname,
  updateModelSettings,
  userHasBoundModels,
} from "@camatlas/db";
import { CATALOG_MESSAGES, type DecisionStatus, MODERATION_NOTICES, ROLE } from "@camatlas/shared";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { audit } from "../../lib/audit.ts";
import { currentUser } from "../../lib/current-user.ts";
import { ApiError, notFound } from "../../lib/http-errors.ts";
import { mediaReferenceErrors } from "../../lib/media-reference.ts";
import { type ApiFieldValues, toColumnValues } from "../models/model-fields.ts";

// The admins' decisions on the moderation queues: each one a transaction that locks the pending item, applies the
// decision, audits it and tells the author.

type Decided = "approved" | "rejected";

const alreadyDecided = () => new ApiError(409, CATALOG_MESSAGES.alreadyDecided);
/** Missing and already-decided items both answer 404 here: the queue item is gone either way. */
const notFoundOrDecided = () => notFound();

/**
 * A decision on something a user submitted about a model: the audit row, and a notification to the author under the
 * same action name (never to the admin deciding on their own submission).
 */
async function recordDecision(
  tx: Database,
  c: Context<AppEnv>,
  decision: {
    action: string;
    modelId: number;
    authorId: number | null;
    notice: { title: string; text: (modelName: string) => string };
    note?: string | null;
    changes: Record<string, unknown>;
  },
) {
  if (decision.authorId !== null && decision.authorId !== currentUser(c).id)
    await notifyAboutModel(
      tx,
      decision.authorId,
      decision.action,
      decision.modelId,
      decision.notice,
      decision.note,
    );
  await audit(c, tx, {
    action: decision.action,
    subjectType: "model",
    subjectId: decision.modelId,
    changes: decision.changes,
  });
}

/**
 * Drops revision fields that can no longer apply (a deleted tag or avatar, a slug taken since): the rest applies.
 * The avatar is judged by the media rule as its author sent it (her own upload, never a private file), so a
 * proposal filed before that rule cannot publish someone else's image through an approval.
 */
async function applicableChanges(
  db: Database,
  revision: { modelId: number; userId: number | null },
  changes: ApiFieldValues,
) {
  const out = { ...changes };
  if (Array.isArray(out.tags_id_list)) {
    const known = await existingTagIds(db, out.tags_id_list as number[]);
    out.tags_id_list = (out.tags_id_list as number[]).filter((id) => known.has(id));
  }
  if (typeof out.avatar_media_id === "number") {
    // Admins edit directly, so an author is judged as a non-admin.
    const author = { id: revision.userId ?? 0, roleId: ROLE.camfan };
    const errors = await mediaReferenceErrors(db, author, [
      { field: "avatar_media_id", id: out.avatar_media_id, use: "model_avatar" },
    ]);
    if (errors.avatar_media_id) delete out.avatar_media_id;
  }
  const modelId = revision.modelId;
  if (typeof out.slug === "string" && (await isSlugTaken(db, out.slug, modelId))) delete out.slug;
  return out;
}

/** Approved: the revision's changes that still apply go live. Rejected: the profile stays as it is. */
export async function decideRevisionRequest(
  c: Context<AppEnv>,
  id: number,
  status: Decided,
  note: string | null,
): Promise<void> {
  const adminId = currentUser(c).id;
  await c.var.deps.db.transaction(async (tx) => {
    const revision = await lockPendingRevision(tx, id);
    if (!revision) throw (await findRevision(tx, id)) ? alreadyDecided() : notFound();
    if (status === "approved") {
      const changes = await applicableChanges(tx, revision, revision.changes as ApiFieldValues);
      await applyModelFields(tx, revision.modelId, toColumnValues(changes));
      await decideRevision(tx, revision, "approved", adminId, note);
      await recordDecision(tx, c, {
        action: "model.revision_approved",
        modelId: revision.modelId,
        authorId: revision.userId,
        notice: MODERATION_NOTICES.revisionApproved,
        changes: { revision_id: id, changes },
      });
      return;
    }
    await decideRevision(tx, revision, "rejected", adminId, note);
    await recordDecision(tx, c, {
      action: "model.revision_rejected",
      modelId: revision.modelId,
      authorId: revision.userId,
      notice: MODERATION_NOTICES.revisionRejected,
      note,
      changes: { revision_id: id, note },
    });
  });
}

/** Approved: the nickname is removed. Rejected: it stays. */
export async function decideNicknameRemoval(c: Context<AppEnv>, id: number, status: Decided): Promise<void> {
  const adminId = currentUser(c).id;
  await c.var.deps.db.transaction(async (tx) => {
    const request = await lockPendingRemovalRequest(tx, id);
    if (!request) throw notFoundOrDecided();
    if (status === "approved") await softDeleteNickname(tx, request.nicknameId);
    await decideRemovalRequest(tx, id, status, adminId);
    await audit(c, tx, {
      action: status === "approved" ? "nickname.removal_approved" : "nickname.removal_rejected",
      subjectType: "nickname",
      subjectId: request.nicknameId,
      changes: { request_id: id },
    });
  });
}

/** Approved: the user-created model stays. Rejected: it is removed from the site. */
export async function decideNewModel(
  c: Context<AppEnv>,
  id: number,
  status: Decided,
  note: string | null,
): Promise<void> {
  await c.var.deps.db.transaction(async (tx) => {
    if (!(await lockNewModel(tx, id))) throw notFoundOrDecided();
    if (status === "approved") await approveNewModel(tx, id);
    else await rejectNewModel(tx, id);
    await audit(c, tx, {
      action: status === "approved" ? "model.approved" : "model.rejected",
      subjectType: "model",
      subjectId: id,
      changes: status === "approved" ? {} : { note },
    });
  });
}

/**
 * Approved: the camgirl is bound to the model (which shows as verified), a camgirl it was bound to before loses
 * her mark when she has no other model, and the model's other pending requests are rejected.
 */
export async function decideVerificationRequest(
  c: Context<AppEnv>,
  id: number,
  status: Decided,
  note: string | null,
): Promise<void> {
  const adminId = currentUser(c).id;
  await c.var.deps.db.transaction(async (tx) => {
    const request = await lockPendingVerification(tx, id);
    if (!request) throw notFoundOrDecided();
    if (status === "rejected") {
      await decideVerification(tx, id, "rejected", adminId);
      await recordDecision(tx, c, {
        action: "model.verification_rejected",
        modelId: request.modelId,
        authorId: request.userId,
        notice: MODERATION_NOTICES.verificationRejected,
        note,
        changes: { request_id: id, note },
      });
      return;
    }
    const model = await findModelDetail(tx, request.modelId);
    if (!model) throw notFound();
    const previous = model.userId;
    await updateModelSettings(tx, request.modelId, { userId: request.userId });
    await markVerifiedCamgirl(tx, request.userId, true);
    if (previous !== null && previous !== request.userId && !(await userHasBoundModels(tx, previous)))
      await markVerifiedCamgirl(tx, previous, false);
    await decideVerification(tx, id, "approved", adminId);
    const others = await rejectOtherVerifications(tx, request.modelId, id, adminId);
    await recordDecision(tx, c, {
      action: "model.verification_approved",
      modelId: request.modelId,
      authorId: request.userId,
      notice: MODERATION_NOTICES.verificationApproved,
      changes: {
        request_id: id,
        from: previous,
        to: request.userId,
        rejected_request_ids: others.map((o) => o.id),
      },
    });
  });
}

/** A report is resolved once: approved (acted on) or rejected. */
export async function resolveModelReport(
  c: Context<AppEnv>,
  id: number,
  status: Exclude<DecisionStatus, "pending">,
): Promise<void> {
  await c.var.deps.db.transaction(async (tx) => {
    const report = await lockPendingReport(tx, id);
    if (!report) throw notFoundOrDecided();
    await decideReport(tx, id, status);
    await audit(c, tx, {
      action: "model.report_resolved",
      subjectType: "model",
      subjectId: report.modelId,
      changes: { report_id: id, status },
    });
  });
}
