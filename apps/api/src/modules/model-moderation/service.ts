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
import { applyNicknameProposal, NEW_NICKNAME, proposalOf } from "../model-nicknames/proposals.ts";
import { type ApiFieldValues, toColumnValues } from "../models/model-fields.ts";

// The admins' decisions on the moderation queues: each one a transaction that locks the pending item, applies the
// decision, audits it and tells the author.

export type Decided = "approved" | "rejected";
/** A decision a route asks for: on item `id`, with the admin's optional note (kept where the item has one). */
export type Decide = (c: Context<AppEnv>, id: number, status: Decided, note: string | null) => Promise<void>;

const alreadyDecided = () => new ApiError(409, CATALOG_MESSAGES.alreadyDecided);

/**
 * One decision in one transaction: the pending item locked, then the change by the deciding admin. A missing item
 * answers what `gone` says: 404 unless told otherwise (the queue item is gone either way).
 */
async function onPending<T>(
  c: Context<AppEnv>,
  lock: (tx: Database) => Promise<T | null | undefined>,
  apply: (tx: Database, item: T, adminId: number) => Promise<void>,
  gone: (tx: Database) => Promise<ApiError> = async () => notFound(),
): Promise<void> {
  const adminId = currentUser(c).id;
  await c.var.deps.db.transaction(async (tx) => {
    const item = await lock(tx);
    if (!item) throw await gone(tx);
    await apply(tx, item, adminId);
  });
}

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

/**
 * Approved: the revision's changes that still apply go live (a proposed nickname is added then). Rejected: the
 * profile stays as it is.
 */
export const decideRevisionRequest: Decide = (c, id, status, note) =>
  onPending(
    c,
    (tx) => lockPendingRevision(tx, id),
    async (tx, revision, adminId) => {
      const approved = status === "approved";
      const changes = approved
        ? await applicableChanges(tx, revision, revision.changes as ApiFieldValues)
        : null;
      const proposal = proposalOf(revision.changes);
      if (approved && proposal) await applyNicknameProposal(tx, revision, proposal);
      if (changes && !(NEW_NICKNAME in changes))
        await applyModelFields(tx, revision.modelId, toColumnValues(changes));
      await decideRevision(tx, revision, status, adminId, note);
      await recordDecision(tx, c, {
        action: `model.revision_${status}`,
        modelId: revision.modelId,
        authorId: revision.userId,
        notice: approved ? MODERATION_NOTICES.revisionApproved : MODERATION_NOTICES.revisionRejected,
        // The author reads the admin's note on a rejection.
        ...(approved
          ? { changes: { revision_id: id, changes } }
          : { note, changes: { revision_id: id, note } }),
      });
    },
    // A revision decided already is a conflict; one that never existed is not found.
    async (tx) => ((await findRevision(tx, id)) ? alreadyDecided() : notFound()),
  );

/** Approved: the nickname is removed. Rejected: it stays. Removal requests keep no note. */
export const decideNicknameRemoval: Decide = (c, id, status) =>
  onPending(
    c,
    (tx) => lockPendingRemovalRequest(tx, id),
    async (tx, request, adminId) => {
      if (status === "approved") await softDeleteNickname(tx, request.nicknameId);
      await decideRemovalRequest(tx, id, status, adminId);
      await audit(c, tx, {
        action: status === "approved" ? "nickname.removal_approved" : "nickname.removal_rejected",
        subjectType: "nickname",
        subjectId: request.nicknameId,
        changes: { request_id: id },
      });
    },
  );

/** Approved: the user-created model stays. Rejected: it is removed from the site. */
export const decideNewModel: Decide = (c, id, status, note) =>
  onPending(
    c,
    (tx) => lockNewModel(tx, id),
    async (tx) => {
      if (status === "approved") await approveNewModel(tx, id);
      else await rejectNewModel(tx, id);
      await audit(c, tx, {
        action: status === "approved" ? "model.approved" : "model.rejected",
        subjectType: "model",
        subjectId: id,
        changes: status === "approved" ? {} : { note },
      });
    },
  );

/**
 * Approved: the camgirl is bound to the model (which shows as verified), a camgirl it was bound to before loses
 * her mark when she has no other model, and the model's other pending requests are rejected. The note goes with a
 * rejection only.
 */
export const decideVerificationRequest: Decide = (c, id, status, note) =>
  onPending(
    c,
    (tx) => lockPendingVerification(tx, id),
    async (tx, request, adminId) => {
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
    },
  );

/** A report is resolved once: approved (acted on) or rejected. */
export function resolveModelReport(
  c: Context<AppEnv>,
  id: number,
  status: Exclude<DecisionStatus, "pending">,
): Promise<void> {
  return onPending(
    c,
    (tx) => lockPendingReport(tx, id),
    async (tx, report) => {
      await decideReport(tx, id, status);
      await audit(c, tx, {
        action: "model.report_resolved",
        subjectType: "model",
        subjectId: report.modelId,
        changes: { report_id: id, status },
      });
    },
  );
}
