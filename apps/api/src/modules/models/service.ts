import {
  type Database,
  findModelDetail,
  findModelProfileData,
  listBlocksOfModel,
  type ModelDetailRow,
  type ModelProfileData,
} from "@camatlas/db";
import type { ModelProfile } from "@camatlas/shared/schemas/model-card";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { notFound, unauthorized } from "../../lib/http-errors.ts";
import { type Actor, modelAbilities } from "./policy.ts";
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

function checkVisible(c: Context<AppEnv>, row: ModelDetailRow, blocks: Blocks) {
  const actor = actorOf(c);
  const viewer = viewerOf(c);
  const reason =
    row.isVisible || viewer.isAdmin || (actor && row.userId === actor.id)
      ? hiddenReason(actor, row, blocks, viewer)
      : "hidden";
  if (reason === "login") throw unauthorized(c.var.authError ?? undefined);
  if (reason === "hidden") throw notFound();
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
  return guestModelRead(db, key, () => findModelProfileData(db, by, null));
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
