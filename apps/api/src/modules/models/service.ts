import {
  applyModelFields,
  type Database,
  existingTagIds,
  findCamSite,
  findLiveNicknameOnCamsite,
  findModelDetail,
  findModelProfileData,
  insertModel,
  insertNickname,
  insertRevision,
  isSlugTaken,
  listBlocksOfModel,
  type ModelDetailRow,
  type ModelProfileData,
  readModelFields,
} from "@camatlas/db";
import { CATALOG_MESSAGES } from "@camatlas/shared";
import type {
  adminModelUpdateSchema,
  modelCreateSchema,
  modelUpdateSchema,
} from "@camatlas/shared/schemas/catalog";
import type { ModelProfile } from "@camatlas/shared/schemas/model-card";
import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { audit } from "../../lib/audit.ts";
import { currentUser } from "../../lib/current-user.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { forbidden, notFound, unauthorized, validationFailed } from "../../lib/http-errors.ts";
import { type MediaCaller, mediaReferenceErrors } from "../../lib/media-reference.ts";
import { type ApiFieldValues, diffModelFields, toColumnValues } from "./model-fields.ts";
import { type Actor, can, modelAbilities } from "./policy.ts";
import { presentModelProfile } from "./presenter.ts";
import { guestModelRead } from "./profile-cache.ts";
import { actorOf, viewerOf } from "./viewer.ts";
import { hiddenReason } from "./visibility.ts";

type Blocks = Pick<
  Awaited<ReturnType<typeof listBlocksOfModel>>[number],
  "id" | "blockableType" | "location"
>[];

/**
 * Stops a read of a model the caller may not see: 401 when signing in would show it (only_registered_users),
 * 404 otherwise, so a hidden or geo-blocked profile looks like no profile at all.
 */
export async function assertModelVisible(c: Context<AppEnv>, db: Database, row: ModelDetailRow) {
  const blocks = await listBlocksOfModel(db, row.id);
  checkVisible(c, row, blocks);
  return blocks;
}

function visibilityOf(c: Context<AppEnv>, row: ModelDetailRow, blocks: Blocks) {
  const actor = actorOf(c);
  const viewer = viewerOf(c);
  return row.isVisible || viewer.isAdmin || (actor && row.userId === actor.id)
    ? hiddenReason(actor, row, blocks, viewer)
    : "hidden";
}

function checkVisible(c: Context<AppEnv>, row: ModelDetailRow, blocks: Blocks) {
  const reason = visibilityOf(c, row, blocks);
  if (reason === "login") throw unauthorized(c.var.authError ?? undefined);
  if (reason === "hidden") throw notFound();
}

/**
 * Whether the caller may see the model. A request field naming a model she may not see answers exactly as an
 * unknown id (422 on that field), so sequential ids cannot tell hidden models from missing ones.
 */
export async function canSeeModel(c: Context<AppEnv>, db: Database, row: ModelDetailRow): Promise<boolean> {
  return visibilityOf(c, row, await listBlocksOfModel(db, row.id)) === null;
}

/**
 * Everything a profile shows, in one query (findModelProfileData). Guests share it for a few seconds
 * (profile-cache.ts); a signed-in caller's read also carries her own rating and verification request.
 * Null when no such model exists (not deleted); merged models come back as rows too (the route redirects).
 */
export function loadProfileData(
  c: Context<AppEnv>,
  db: Database,
  by: { id: number } | { slug: string },
): Promise<ModelProfileData | null> {
  const actor = actorOf(c);
  if (actor) return findModelProfileData(db, by, actor.id);
  const key = "id" in by ? `profile:id:${by.id}` : `profile:slug:${by.slug}`;
  return guestModelRead(c.var.deps, key, () => findModelProfileData(db, by, null));
}

/** The profile reply of loaded profile data, after the visibility check (404/401 when hidden from the caller). */
export function visibleProfile(c: Context<AppEnv>, data: ModelProfileData): ModelProfile {
  checkVisible(c, data.row, data.blocks);
  return presentProfile(actorOf(c), data);
}

/** A model the caller may see, by id; 404/401 otherwise. Guests' reads share the cached profile data. */
export async function loadVisibleModel(c: Context<AppEnv>, db: Database, id: number) {
  if (!actorOf(c)) {
    const data = await loadProfileData(c, db, { id });
    if (!data || data.row.mergedIntoModelId !== null) throw notFound();
    checkVisible(c, data.row, data.blocks);
    return { row: data.row, blocks: data.blocks };
  }
  const row = await findModelDetail(db, id);
  if (!row || row.mergedIntoModelId !== null) throw notFound();
  const blocks = await assertModelVisible(c, db, row);
  return { row, blocks };
}

function presentProfile(actor: Actor, data: ModelProfileData): ModelProfile {
  const abilities = modelAbilities(actor, data.row);
  return presentModelProfile(data.row, {
    nicknames: data.nicknames,
    tags: data.tags,
    links: data.links,
    content: data.content,
    userRating: data.userRating,
    blocks: abilities.view_blocks ? data.blocks : null,
    myVerificationStatus: data.myVerificationStatus,
    abilities,
  });
}

/** The profile of a model as the caller sees it (after a write): 404/401 when hidden from the caller. */
export async function profileOf(c: Context<AppEnv>, id: number): Promise<ModelProfile> {
  const data = await loadProfileData(c, c.var.deps.db, { id });
  if (!data) throw notFound();
  return visibleProfile(c, data);
}

/**
 * Checks the ids a model edit refers to: tags exist, and the avatar is the caller's own upload of an avatar kind
 * (admins: anyone's), never a private file; 422 with field errors otherwise.
 */
async function checkReferences(db: Database, caller: MediaCaller, values: ApiFieldValues) {
  const errors: Record<string, string[]> = await mediaReferenceErrors(db, caller, [
    {
      field: "avatar_media_id",
      id: values.avatar_media_id as number | null | undefined,
      use: "model_avatar",
    },
  ]);
  const tagIds = values.tags_id_list as number[] | undefined;
  if (tagIds?.length) {
    const known = await existingTagIds(db, tagIds);
    if (tagIds.some((id) => !known.has(id))) errors.tags_id_list = [CATALOG_MESSAGES.unknownTag];
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
}

/**
 * A new model profile with its nicknames (moderation_state new): 422 before anything is written for unknown
 * references or camsites and for nicknames twice in the request or listed on their camsite already. Answers its id.
 */
export async function createModelProfile(
  c: Context<AppEnv>,
  body: z.output<typeof modelCreateSchema>,
): Promise<number> {
  const { db } = c.var.deps;
  const user = currentUser(c);
  const { nicknames = [], ...fields } = body;
  await checkReferences(db, user, fields);
  // Nicknames are checked before anything is written: unknown camsites and duplicates answer 422.
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  for (const [i, n] of nicknames.entries()) {
    const key = `${n.cam_site_id}:${n.nickname.toLowerCase()}`;
    if (!(await findCamSite(db, { id: n.cam_site_id })))
      errors[`nicknames.${i}.cam_site_id`] = [CATALOG_MESSAGES.unknownCamsite];
    else if (seen.has(key)) errors[`nicknames.${i}.nickname`] = [CATALOG_MESSAGES.duplicateNicknameInRequest];
    else if (await findLiveNicknameOnCamsite(db, n.cam_site_id, n.nickname))
      errors[`nicknames.${i}.nickname`] = [CATALOG_MESSAGES.nicknameTakenOnCamsite];
    seen.add(key);
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  const created = await db
    .transaction(async (tx) => {
      const model = await insertModel(tx, {
        ...toColumnValues(fields),
        name: fields.name,
        createdByUserId: user.id,
      });
      for (const n of nicknames)
        await insertNickname(tx, {
          modelId: model.id,
          camSiteId: n.cam_site_id,
          nickname: n.nickname,
          type: n.type,
          userId: user.id,
        });
      await audit(c, tx, {
        action: "model.created",
        subjectType: "model",
        subjectId: model.id,
        changes: { name: fields.name, nicknames: nicknames.length },
      });
      return model;
    })
    .catch((error: unknown) => {
      // A nickname or slug taken by a concurrent request between the checks and the insert.
      if (isUniqueViolation(error))
        throw validationFailed({ nicknames: [CATALOG_MESSAGES.nicknameTakenOnCamsite] });
      throw error;
    });
  return created.id;
}

/** Writes an edit to the model at once, audited with what it was before. */
async function applyEdit(c: Context<AppEnv>, id: number, changes: ApiFieldValues, previous: ApiFieldValues) {
  await c.var.deps.db.transaction(async (tx) => {
    await applyModelFields(tx, id, toColumnValues(changes));
    await audit(c, tx, {
      action: "model.updated",
      subjectType: "model",
      subjectId: id,
      changes: { from: previous, to: changes },
    });
  });
}

/**
 * An edit of a model the caller may see: applied at once for those who may edit directly (admins), else a revision
 * waiting for an admin (revisionId). 422 when nothing changes or a reference is unknown, 403 for an avatar change
 * the model forbids.
 */
export async function proposeModelEdit(
  c: Context<AppEnv>,
  id: number,
  body: z.output<typeof modelUpdateSchema>,
): Promise<{ revisionId: number | null }> {
  const { db } = c.var.deps;
  const actor = currentUser(c);
  const { row } = await loadVisibleModel(c, db, id);
  const current = await readModelFields(db, id);
  if (!current) throw notFound();
  const { changes, previous } = diffModelFields(current, body);
  if (Object.keys(changes).length === 0) throw validationFailed({ body: [CATALOG_MESSAGES.nothingToChange] });
  if ("avatar_media_id" in changes && !can(actor, "change_avatar", row))
    throw forbidden(CATALOG_MESSAGES.avatarChangesForbidden);
  // A proposal is checked as its author sends it: foreign media is refused now, not left for an admin to approve.
  await checkReferences(db, actor, changes);
  if (can(actor, "edit_directly", row)) {
    await applyEdit(c, id, changes, previous);
    return { revisionId: null };
  }
  const revisionId = await db.transaction((tx) =>
    insertRevision(tx, { modelId: id, userId: actor.id, changes, previous }),
  );
  return { revisionId };
}

/** An admin's direct edit (profile, SEO fields, slug, visibility); 404 for an unknown model, 422 for a taken slug. */
export async function adminEditModel(
  c: Context<AppEnv>,
  id: number,
  body: z.output<typeof adminModelUpdateSchema>,
): Promise<void> {
  const { db } = c.var.deps;
  const current = await readModelFields(db, id);
  if (!current) throw notFound();
  const { changes, previous } = diffModelFields(current, body);
  await checkReferences(db, currentUser(c), changes);
  if (typeof changes.slug === "string" && (await isSlugTaken(db, changes.slug, id)))
    throw validationFailed({ slug: [CATALOG_MESSAGES.slugTaken] });
  if (Object.keys(changes).length) await applyEdit(c, id, changes, previous);
}
