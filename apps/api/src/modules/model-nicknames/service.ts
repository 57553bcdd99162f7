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
import { CATALOG_MESSAGES, MAX_PER_PAGE } from "@camatlas/shared";
import type { nicknamesCreateSchema } from "@camatlas/shared/schemas/catalog";
import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { currentUser } from "../../lib/current-user.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { notFound, validationFailed } from "../../lib/http-errors.ts";
import { assertModelVisible, canSeeModel } from "../models/service.ts";
import { viewerOf } from "../models/viewer.ts";

type NewNicknames = z.output<typeof nicknamesCreateSchema>["nicknames"];

/**
 * Adds nicknames to models the caller may see, all or none: 422 for an unknown model or camsite, a name twice in
 * the request, or one that belongs to a model on its camsite already. A stats nickname nobody linked yet joins the
 * model instead of being duplicated. Answers the nicknames' list rows.
 */
export async function addNicknames(c: Context<AppEnv>, nicknames: NewNicknames) {
  const { db } = c.var.deps;
  const user = currentUser(c);
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  const plan: { index: number; attachId: number | null }[] = [];
  for (const [i, n] of nicknames.entries()) {
    const model = await findModelDetail(db, n.model_id);
    // A model hidden from the caller answers as an unknown one.
    if (!model || !(await canSeeModel(c, db, model))) {
      errors[`nicknames.${i}.model_id`] = [CATALOG_MESSAGES.unknownModel];
      continue;
    }
    if (!(await findCamSite(db, { id: n.cam_site_id }))) {
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
    plan.push({ index: i, attachId: existing?.id ?? null });
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  // Two people adding the same nickname at once: the unique index decides, the loser gets the 422.
  const ids = await db
    .transaction(async (tx) => {
      const out: number[] = [];
      for (const step of plan) {
        const n = nicknames[step.index]!;
        if (step.attachId !== null) {
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
      return out;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error))
        throw validationFailed({ nicknames: [CATALOG_MESSAGES.nicknameTakenOnCamsite] });
      throw error;
    });
  return (
    await Promise.all(
      [...new Set(nicknames.map((n) => n.model_id))].map((modelId) =>
        listNicknames(db, { modelId, page: 1, perPage: MAX_PER_PAGE, viewer: viewerOf(c) }),
      ),
    )
  )
    .flat()
    .filter((r) => ids.includes(r.id));
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
