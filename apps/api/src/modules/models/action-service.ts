import {
  bindModels,
  deleteModelBlocks,
  findModelDetail,
  findUserRole,
  insertModelBlock,
  insertModelReport,
  markVerifiedCamgirl,
  updateModelSettings,
  upsertModelRating,
  userHasBoundModels,
} from "@camatlas/db";
import { CATALOG_MESSAGES, ROLE } from "@camatlas/shared";
import type {
  blockSchema,
  modelReportSchema,
  unblockSchema,
  visibilitySettingsSchema,
} from "@camatlas/shared/schemas/catalog";
import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { audit } from "../../lib/audit.ts";
import { currentUser } from "../../lib/current-user.ts";
import { forbidden, notFound, validationFailed } from "../../lib/http-errors.ts";
import { can, type ModelAction } from "./policy.ts";
import { loadVisibleModel } from "./service.ts";

// What can be done to a model besides editing it: rate, block, visibility, report, bind a camgirl. Each checks the
// model is visible to the caller and what the caller may do (policy.ts), writes, and audits in one transaction.

type Ctx = Context<AppEnv>;

/** A model the caller may see and may do `action` to: 404/401 when hidden, 403 when not allowed. */
async function modelFor(c: Ctx, id: number, action: ModelAction) {
  const { row } = await loadVisibleModel(c, c.var.deps.db, id);
  const actor = currentUser(c);
  if (!can(actor, action, row)) throw forbidden();
  return row;
}

/** The caller's vote (one per user, changeable); answers the model's new rating. */
export async function rateModel(c: Ctx, id: number, rating: number) {
  const { db } = c.var.deps;
  const { row } = await loadVisibleModel(c, db, id);
  const actor = currentUser(c);
  if (!can(actor, "rate", row)) throw forbidden(CATALOG_MESSAGES.ownModelRating);
  const userId = actor.id;
  return db.transaction((tx) => upsertModelRating(tx, id, userId, rating));
}

export async function blockModel(c: Ctx, id: number, body: z.output<typeof blockSchema>) {
  await modelFor(c, id, "block");
  await c.var.deps.db.transaction(async (tx) => {
    const block = await insertModelBlock(tx, id, body.blockable_type, body.location);
    if (block.created)
      await audit(c, tx, {
        action: "model.blocked",
        subjectType: "model",
        subjectId: id,
        changes: { blockable_type: body.blockable_type, location: body.location },
      });
  });
}

/** Removes a block by id or by type and location; 404 when none matched. */
export async function unblockModel(c: Ctx, id: number, body: z.output<typeof unblockSchema>) {
  await modelFor(c, id, "block");
  await c.var.deps.db.transaction(async (tx) => {
    const match =
      "block_id" in body
        ? { id: body.block_id }
        : {
            blockableType: body.blockable_type,
            location: body.blockable_type === "ip" ? body.location : body.location.toUpperCase(),
          };
    const removed = await deleteModelBlocks(tx, id, match);
    if (removed === 0) throw notFound();
    await audit(c, tx, { action: "model.unblocked", subjectType: "model", subjectId: id, changes: body });
  });
}

export async function changeAvatarAccessibility(c: Ctx, id: number, forbidAvatarChanges: boolean) {
  const row = await modelFor(c, id, "change_avatar_accessibility");
  await c.var.deps.db.transaction(async (tx) => {
    await updateModelSettings(tx, id, { forbidAvatarChanges });
    await audit(c, tx, {
      action: "model.avatar_accessibility_changed",
      subjectType: "model",
      subjectId: id,
      changes: { from: row.forbidAvatarChanges, to: forbidAvatarChanges },
    });
  });
}

/** Saves the given visibility settings (422 when none is given); answers the model as saved. */
export async function changeVisibility(c: Ctx, id: number, body: z.output<typeof visibilitySettingsSchema>) {
  await modelFor(c, id, "change_visibility");
  const { db } = c.var.deps;
  const values = {
    pageVisibleFor: body.page_visible_for,
    isCountryAgeHidden: body.is_country_age_hidden,
    isStatsPageLastActivityHidden: body.is_stats_page_last_activity_hidden,
    isStatsPagePastNicknamesHidden: body.is_stats_page_past_nicknames_hidden,
    statsPageActivityGraphDetailsStatus: body.stats_page_activity_graph_details_status,
    isStatsPageLongestSessionsHidden: body.is_stats_page_longest_sessions_hidden,
  };
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length === 0) throw validationFailed({ body: [CATALOG_MESSAGES.nothingToChange] });
  await db.transaction(async (tx) => {
    await updateModelSettings(tx, id, set);
    await audit(c, tx, {
      action: "model.visibility_changed",
      subjectType: "model",
      subjectId: id,
      changes: body,
    });
  });
  return (await findModelDetail(db, id))!;
}

/** Records a report for the admins; answers its id. */
export async function reportModel(c: Ctx, id: number, body: z.output<typeof modelReportSchema>) {
  const { db } = c.var.deps;
  await loadVisibleModel(c, db, id);
  const userId = currentUser(c).id;
  return db.transaction((tx) =>
    insertModelReport(tx, { modelId: id, userId, reason: body.reason, text: body.text ?? null }),
  );
}

/** A camgirl account to bind: 404 when unknown, 422 for another role. */
async function camgirlToBind(c: Ctx, userId: number) {
  const user = await findUserRole(c.var.deps.db, userId);
  if (!user) throw notFound();
  if (user.roleId !== ROLE.camgirl) throw validationFailed({ user_id: [CATALOG_MESSAGES.notACamgirl] });
  return user;
}

/** Binds a camgirl to a model (she shows as verified); the camgirl it replaces loses the mark when it was her last. */
export async function bindModel(c: Ctx, id: number, userId: number) {
  const { db } = c.var.deps;
  const model = await findModelDetail(db, id);
  if (!model) throw notFound();
  await camgirlToBind(c, userId);
  await db.transaction(async (tx) => {
    await bindModels(tx, [id], userId);
    await markVerifiedCamgirl(tx, userId, true);
    if (model.userId !== null && model.userId !== userId && !(await userHasBoundModels(tx, model.userId)))
      await markVerifiedCamgirl(tx, model.userId, false);
    await audit(c, tx, {
      action: "model.bound",
      subjectType: "model",
      subjectId: id,
      changes: { from: model.userId, to: userId },
    });
  });
}

/** Unbinds a model's camgirl (422 when none is bound). */
export async function unbindModel(c: Ctx, id: number) {
  const { db } = c.var.deps;
  const model = await findModelDetail(db, id);
  if (!model) throw notFound();
  const previous = model.userId;
  if (previous === null) throw validationFailed({ user_id: [CATALOG_MESSAGES.nothingToChange] });
  await db.transaction(async (tx) => {
    await updateModelSettings(tx, id, { userId: null });
    if (!(await userHasBoundModels(tx, previous))) await markVerifiedCamgirl(tx, previous, false);
    await audit(c, tx, {
      action: "model.unbound",
      subjectType: "model",
      subjectId: id,
      changes: { from: previous, to: null },
    });
  });
}

/** Binds many models to one camgirl, all or none (422 naming an unknown id); answers the bound ids. */
export async function bindManyModels(c: Ctx, userId: number, modelIds: number[]) {
  await camgirlToBind(c, userId);
  return c.var.deps.db.transaction(async (tx) => {
    const ids = await bindModels(tx, [...new Set(modelIds)], userId);
    const missing = modelIds.filter((m) => !ids.includes(m));
    // All or nothing: an unknown id rolls the whole binding back.
    if (missing.length) throw validationFailed({ models_ids: [CATALOG_MESSAGES.unknownModel] });
    await markVerifiedCamgirl(tx, userId, true);
    for (const modelId of ids)
      await audit(c, tx, {
        action: "model.bound",
        subjectType: "model",
        subjectId: modelId,
        changes: { to: userId },
      });
    return ids;
  });
}
