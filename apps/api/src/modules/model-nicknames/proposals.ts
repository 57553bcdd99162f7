import {
  attachNicknameToModel,
  type Database,
  findLiveNicknameOnCamsite,
  insertNickname,
  insertRevision,
  listPendingNicknameProposals,
} from "@camatlas/db";
import { CATALOG_MESSAGES, NICKNAME_TYPES } from "@camatlas/shared";
import type { PendingNicknameReply } from "@camatlas/shared/api-contract";
import { z } from "zod";
import { validationFailed } from "../../lib/http-errors.ts";

// A nickname a member adds to someone else's model waits in the revisions queue like any other edit: the revision
// holds it under one `new_nickname` change, nothing is listed until an admin approves it.

export const NEW_NICKNAME = "new_nickname";

const proposalSchema = z.object({
  nickname: z.string().min(1),
  type: z.enum(NICKNAME_TYPES),
  cam_site_id: z.number().int(),
  cam_site_name: z.string(),
});
export type NicknameProposal = z.output<typeof proposalSchema>;

/** The proposal a revision carries, or null for a revision of profile fields. */
export function proposalOf(changes: Record<string, unknown>): NicknameProposal | null {
  const parsed = proposalSchema.safeParse(changes[NEW_NICKNAME]);
  return parsed.success ? parsed.data : null;
}

/** Files the proposal as a pending revision; answers its id. */
export function proposeNickname(
  tx: Database,
  values: { modelId: number; userId: number; proposal: NicknameProposal },
): Promise<number> {
  return insertRevision(tx, {
    modelId: values.modelId,
    userId: values.userId,
    changes: { [NEW_NICKNAME]: values.proposal },
    previous: { [NEW_NICKNAME]: null },
  });
}

/**
 * An approved proposal goes live: a new nickname, or a stats nickname nobody linked yet joins the model. One that
 * came to belong to another model meanwhile answers 422 (the admin rejects it instead); one already on this model
 * is left as it is.
 */
export async function applyNicknameProposal(
  tx: Database,
  revision: { modelId: number; userId: number | null },
  proposal: NicknameProposal,
): Promise<void> {
  const existing = await findLiveNicknameOnCamsite(tx, proposal.cam_site_id, proposal.nickname);
  if (existing?.modelId === revision.modelId) return;
  if (existing && existing.modelId !== null)
    throw validationFailed({ nickname: [CATALOG_MESSAGES.nicknameTakenOnCamsite] });
  if (existing) await attachNicknameToModel(tx, existing.id, revision.modelId);
  else
    await insertNickname(tx, {
      modelId: revision.modelId,
      camSiteId: proposal.cam_site_id,
      nickname: proposal.nickname,
      type: proposal.type,
      userId: revision.userId,
    });
}

/** The caller's proposals for a model that still wait, as the page shows them ("awaiting approval"). */
export async function pendingNicknamesOf(
  db: Database,
  modelId: number,
  userId: number,
): Promise<PendingNicknameReply[]> {
  const rows = await listPendingNicknameProposals(db, modelId, userId);
  return rows.flatMap((row) => {
    const proposal = proposalOf(row.changes);
    return proposal ? [{ revision_id: row.id, ...proposal }] : [];
  });
}
