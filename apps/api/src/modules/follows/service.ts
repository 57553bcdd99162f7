import {
  countFollowers,
  countFollowsOf,
  deleteFollow,
  type FollowRow,
  findFollow,
  findModelDetail,
  insertFollow,
  listFollowsOf,
  listModelCardsByIds,
  updateFollowAlerts,
} from "@camatlas/db";
import { FOLLOW_MESSAGES } from "@camatlas/shared";
import { FOLLOW_LIMIT, type followAlertsUpdateSchema } from "@camatlas/shared/api-contract";
import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { currentUser } from "../../lib/current-user.ts";
import { notFound, validationFailed } from "../../lib/http-errors.ts";
import { canSeeModel } from "../models/service.ts";
import { viewerOf } from "../models/viewer.ts";
import { followedModelOf, followStateOf } from "./presenter.ts";

/** The model the caller may see, or 404 (a hidden profile is not confirmed to exist). */
async function visibleModel(c: Context<AppEnv>, modelId: number) {
  const { db } = c.var.deps;
  const model = await findModelDetail(db, modelId);
  if (!model || model.mergedIntoModelId !== null || !(await canSeeModel(c, db, model))) throw notFound();
  return model;
}

async function stateOf(c: Context<AppEnv>, modelId: number, follow: FollowRow | null) {
  return followStateOf(follow, await countFollowers(c.var.deps.db, modelId), c.var.user != null);
}

export async function followState(c: Context<AppEnv>, modelId: number) {
  await visibleModel(c, modelId);
  const user = c.var.user;
  const follow = user ? await findFollow(c.var.deps.db, user.id, modelId) : null;
  return stateOf(c, modelId, follow);
}

export async function follow(c: Context<AppEnv>, modelId: number) {
  const model = await visibleModel(c, modelId);
  const user = currentUser(c);
  const { db } = c.var.deps;
  const existing = await findFollow(db, user.id, modelId);
  if (!existing) {
    if ((await countFollowsOf(db, user.id)) >= FOLLOW_LIMIT)
      throw validationFailed({ id: [FOLLOW_MESSAGES.tooManyFollows(FOLLOW_LIMIT)] });
    await insertFollow(db, user.id, modelId);
  }
  const state = await stateOf(c, modelId, await findFollow(db, user.id, modelId));
  return { message: FOLLOW_MESSAGES.followed(model.name), ...state };
}

/** Unfollowing works even when her page is hidden from him now: he can always leave. */
export async function unfollow(c: Context<AppEnv>, modelId: number) {
  const { db } = c.var.deps;
  const user = currentUser(c);
  const model = await findModelDetail(db, modelId);
  const removed = await deleteFollow(db, user.id, modelId);
  if (!model && !removed) throw notFound();
  const state = await stateOf(c, modelId, null);
  return { message: FOLLOW_MESSAGES.unfollowed(model?.name ?? ""), ...state };
}

type AlertsPatch = z.output<typeof followAlertsUpdateSchema>;

/** His per-model alert choices; 404 when he does not follow her. */
export async function updateAlerts(c: Context<AppEnv>, modelId: number, patch: AlertsPatch) {
  const user = currentUser(c);
  const row = await updateFollowAlerts(c.var.deps.db, user.id, modelId, {
    ...(patch.muted !== undefined && { alertsMuted: patch.muted }),
    ...(patch.each_session !== undefined && { eachSession: patch.each_session }),
    ...(patch.show_changes !== undefined && { showChanges: patch.show_changes }),
  });
  if (!row) throw notFound();
  return { message: FOLLOW_MESSAGES.settingsSaved, ...(await stateOf(c, modelId, row)) };
}

/** Everyone he follows whom he may see now, online first, then by name. */
export async function listFollows(c: Context<AppEnv>) {
  const { db } = c.var.deps;
  const user = currentUser(c);
  const follows = await listFollowsOf(db, user.id, FOLLOW_LIMIT);
  const cards = await listModelCardsByIds(
    db,
    follows.map((f) => f.modelId),
    viewerOf(c),
  );
  const byModel = new Map(follows.map((f) => [f.modelId, f]));
  const data = cards.rows.map((row) => followedModelOf(row, cards.nicknames, byModel.get(row.id)!));
  data.sort(
    (a, b) => Number(b.is_online) - Number(a.is_online) || a.model.name.localeCompare(b.model.name, "en"),
  );
  return { data, limit: FOLLOW_LIMIT };
}
