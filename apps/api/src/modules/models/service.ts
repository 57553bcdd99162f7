import {
  type Database,
  findLatestVerificationRequest,
  findModelContent,
  findModelDetail,
  findUserRating,
  listBlocksOfModel,
  listLinksOfModel,
  listNicknamesOfModels,
  listTagsOfModels,
  type ModelDetailRow,
} from "@camatlas/db";
import type { ModelProfile } from "@camatlas/shared/schemas/model-card";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { notFound, unauthorized } from "../../lib/http-errors.ts";
import { type Actor, modelAbilities } from "./policy.ts";
import { presentModelProfile } from "./presenter.ts";
import { actorOf, viewerOf } from "./viewer.ts";
import { hiddenReason } from "./visibility.ts";

/**
 * Stops a read of a model the caller may not see: 401 when signing in would show it (only_registered_users),
 * 404 otherwise, so a hidden or geo-blocked profile looks like no profile at all.
 */
export async function assertModelVisible(c: Context<AppEnv>, db: Database, row: ModelDetailRow) {
  const blocks = await listBlocksOfModel(db, row.id);
  checkVisible(c, row, blocks);
  return blocks;
}

function checkVisible(
  c: Context<AppEnv>,
  row: ModelDetailRow,
  blocks: Awaited<ReturnType<typeof listBlocksOfModel>>,
) {
  const actor = actorOf(c);
  const viewer = viewerOf(c);
  const reason =
    row.isVisible || viewer.isAdmin || (actor && row.userId === actor.id)
      ? hiddenReason(actor, row, blocks, viewer)
      : "hidden";
  if (reason === "login") throw unauthorized(c.var.authError ?? undefined);
  if (reason === "hidden") throw notFound();
}

/** The profile of a model the caller may see: blocks and the profile's parts are read together, then checked. */
export async function visibleProfile(c: Context<AppEnv>, db: Database, row: ModelDetailRow) {
  const actor = actorOf(c);
  const [blocks, parts] = await Promise.all([
    listBlocksOfModel(db, row.id),
    loadProfileParts(db, actor, row),
  ]);
  checkVisible(c, row, blocks);
  return presentProfile(actor, row, blocks, parts);
}

/** A model the caller may see, by id; 404/401 otherwise. */
export async function loadVisibleModel(c: Context<AppEnv>, db: Database, id: number) {
  const row = await findModelDetail(db, id);
  if (!row || row.mergedIntoModelId !== null) throw notFound();
  const blocks = await assertModelVisible(c, db, row);
  return { row, blocks };
}

async function loadProfileParts(db: Database, actor: Actor, row: ModelDetailRow) {
  const [nicknames, tags, links, content, userRating, myVerification] = await Promise.all([
    listNicknamesOfModels(db, [row.id]),
    listTagsOfModels(db, [row.id]),
    listLinksOfModel(db, row.id),
    findModelContent(db, row.id),
    actor ? findUserRating(db, row.id, actor.id) : Promise.resolve(null),
    actor ? findLatestVerificationRequest(db, row.id, actor.id) : Promise.resolve(null),
  ]);
  return { nicknames, tags, links, content, userRating, myVerification };
}

function presentProfile(
  actor: Actor,
  row: ModelDetailRow,
  blocks: Awaited<ReturnType<typeof listBlocksOfModel>>,
  parts: Awaited<ReturnType<typeof loadProfileParts>>,
): ModelProfile {
  const abilities = modelAbilities(actor, row);
  return presentModelProfile(row, {
    ...parts,
    blocks: abilities.view_blocks ? blocks : null,
    myVerificationStatus: parts.myVerification?.status ?? null,
    abilities,
  });
}

/** Everything the profile tabs show, with the caller's abilities (visibility already checked). */
export async function buildProfile(
  db: Database,
  actor: Actor,
  row: ModelDetailRow,
  blocks: Awaited<ReturnType<typeof listBlocksOfModel>>,
): Promise<ModelProfile> {
  return presentProfile(actor, row, blocks, await loadProfileParts(db, actor, row));
}
