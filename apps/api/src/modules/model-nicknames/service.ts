import {
  attachNicknameToModel,
  findCamSite,
  findLiveNicknameOnCamsite,
  findModelDetail,
  findNicknameById,
  findPendingRemovalRequest,
  insertNickname,
  insertNicknameRemovalRequest,
  listNicknames,
} from "@camatlas/db";
import { CATALOG_MESSAGES, MAX_PER_PAGE, ROLE } from "@camatlas/shared";
import type { nicknamesCreateSchema } from "@camatlas/shared/schemas/catalog";
import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { currentUser } from "../../lib/current-user.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { notFound, validationFailed } from "../../lib/http-errors.ts";
import { assertModelVisible, canSeeModel } from "../models/service.ts";
import { viewerOf } from "../models/viewer.ts";
import { type NicknameProposal, proposeNickname } from "./proposals.ts";

type NewNicknames = z.output<typeof nicknamesCreateSchema>["nicknames"];

/**
 * Adds nicknames to models the caller may see, all or none: 422 for an unknown model or camsite, a name twice in
 * the request, or one that belongs to a model on its camsite already. A stats nickname nobody linked yet joins the
 * model instead of being duplicated. Admins and the model's bound camgirl add at once; anyone else's nickname waits
 * for an admin as a revision (proposals.ts). Answers the nicknames' list rows and the pending proposals.
 */
export async function addNicknames(c: Context<AppEnv>, nicknames: NewNicknames) {
  const { db } = c.var.deps;
  const user = currentUser(c);
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  const plan: { index: number; attachId: number | null; proposal: NicknameProposal | null }[] = [];
  for (const [i, n] of nicknames.entries()) {
    const model = await findModelDetail(db, n.model_id);
    // A model hidden from the caller answers as an unknown one.
    if (!model || !(await canSeeModel(c, db, model))) {
      errors[`nicknames.${i}.model_id`] = [CATALOG_MESSAGES.unknownModel];
      continue;
    }
    const camsite = await findCamSite(db, { id: n.cam_site_id });
    if (!camsite) {
      errors[`nicknames.${i}.cam_site_id`] = [CATALOG_MESSAGES.unknownCamsite];
      continue;
    }
    const key = `${n.cam_site_id}:${n.nickname.toLowerCase()}`;
    if (seen.has(key)) {
      errors[`nicknames.${i}.nickname`] = [CATALOG_MESSAGES.duplicateNicknameInRequest];
      continue;
    }
    seen.add(key);
    const existing = await findLiveNicknameOnCamsite(db, n.cam_site_id, n.nickname);
    // A stats nickname nobody linked yet joins the model; one that belongs to a model is a duplicate.
    if (existing && existing.modelId !== null) {
      errors[`nicknames.${i}.nickname`] = [CATALOG_MESSAGES.nicknameTakenOnCamsite];
      continue;
    }
    const direct = user.roleId === ROLE.admin || model.userId === user.id;
    const proposal = direct
      ? null
      : { nickname: n.nickname, type: n.type, cam_site_id: camsite.id, cam_site_name: camsite.name };
    plan.push({ index: i, attachId: existing?.id ?? null, proposal });
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  // Two people adding the same nickname at once: the unique index decides, the loser gets the 422.
  const { out: ids, pending } = await db
    .transaction(async (tx) => {
      const out: number[] = [];
      const pending: { revision_id: number; proposal: NicknameProposal }[] = [];
      for (const step of plan) {
        const n = nicknames[step.index]!;
        if (step.proposal) {
          const revisionId = await proposeNickname(tx, {
            modelId: n.model_id,
            userId: user.id,
            proposal: step.proposal,
          });
          pending.push({ revision_id: revisionId, proposal: step.proposal });
        } else if (step.attachId !== null) {
          await attachNicknameToModel(tx, step.attachId, n.model_id);
          out.push(step.attachId);
        } else
          out.push(
            await insertNickname(tx, {
              modelId: n.model_id,
              camSiteId: n.cam_site_id,
              nickname: n.nickname,
              type: n.type,
              userId: user.id,
            }),
          );
      }
      return { out, pending };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error))
        throw validationFailed({ nicknames: [CATALOG_MESSAGES.nicknameTakenOnCamsite] });
      throw error;
    });
  const addedModels = [...new Set(plan.filter((p) => !p.proposal).map((p) => nicknames[p.index]!.model_id))];
  const rows = (
    await Promise.all(
      addedModels.map((modelId) =>
        listNicknames(db, { modelId, page: 1, perPage: MAX_PER_PAGE, viewer: viewerOf(c) }),
      ),
    )
  )
    .flat()
    .filter((r) => ids.includes(r.id));
  return { rows, pending: pending.map((p) => ({ revision_id: p.revision_id, ...p.proposal })) };
}

/** Asks for a nickname's removal (an admin decides); 404 when unknown or hidden, 422 when one waits already. */
export async function requestNicknameRemoval(c: Context<AppEnv>, id: number, reason: string | null) {
  const { db } = c.var.deps;
  const nickname = await findNicknameById(db, id);
  if (!nickname) throw notFound();
  if (nickname.modelId !== null) {
    const model = await findModelDetail(db, nickname.modelId);
    if (model) await assertModelVisible(c, db, model);
  }
  if (await findPendingRemovalRequest(db, id))
    throw validationFailed({ nickname: [CATALOG_MESSAGES.removalPending] });
  return db.transaction((tx) =>
    insertNicknameRemovalRequest(tx, { nicknameId: id, userId: currentUser(c).id, reason }),
  );
}
