import {
  type AdminFeaturedModelRow,
  type Database,
  deleteFeaturedModel,
  featuredModelTargetExists,
  findAdminFeaturedModel,
  findFeaturedModel,
  insertFeaturedModel,
  updateFeaturedModel,
} from "@camatlas/db";
import { SHELL_MESSAGES } from "@camatlas/shared";
import type {
  featuredModelCreateRequestSchema,
  featuredModelUpdateRequestSchema,
} from "@camatlas/shared/schemas/featured-models";
import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { audit } from "../../lib/audit.ts";
import { currentUser } from "../../lib/current-user.ts";
import { notFound, validationFailed } from "../../lib/http-errors.ts";
import { type MediaCaller, mediaReferenceErrors } from "../../lib/media-reference.ts";

const toDate = (value: string | null) => (value ? new Date(value) : null);

/** 422 when the model an entry names does not exist or its picture may not be used (lib/media-reference.ts). */
async function checkReferences(
  db: Database,
  caller: MediaCaller,
  body: { model_id?: number; media_id?: number | null },
) {
  const errors = await mediaReferenceErrors(db, caller, [
    { field: "media_id", id: body.media_id, use: "featured_picture" },
  ]);
  if (body.model_id !== undefined && !(await featuredModelTargetExists(db, body.model_id)))
    errors.model_id = [SHELL_MESSAGES.modelNotFound];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

export async function createFeaturedModel(
  c: Context<AppEnv>,
  body: z.output<typeof featuredModelCreateRequestSchema>,
): Promise<AdminFeaturedModelRow> {
  return c.var.deps.db.transaction(async (tx) => {
    await checkReferences(tx, currentUser(c), body);
    const saved = await insertFeaturedModel(tx, {
      modelId: body.model_id,
      mediaId: body.media_id,
      position: body.position,
      startsAt: toDate(body.starts_at),
      endsAt: toDate(body.ends_at),
    });
    await audit(c, tx, {
      action: "featured_model.created",
      subjectType: "model",
      subjectId: body.model_id,
      changes: { featured_id: saved.id, starts_at: body.starts_at, ends_at: body.ends_at },
    });
    return (await findAdminFeaturedModel(tx, saved.id))!;
  });
}

/** Changes the given fields of an entry (404 when unknown); the period is checked as a whole. */
export async function updateFeaturedModelEntry(
  c: Context<AppEnv>,
  id: number,
  body: z.output<typeof featuredModelUpdateRequestSchema>,
): Promise<AdminFeaturedModelRow> {
  return c.var.deps.db.transaction(async (tx) => {
    const current = await findFeaturedModel(tx, id);
    if (!current) throw notFound();
    await checkReferences(tx, currentUser(c), body);
    const startsAt = body.starts_at !== undefined ? toDate(body.starts_at) : current.startsAt;
    const endsAt = body.ends_at !== undefined ? toDate(body.ends_at) : current.endsAt;
    // The period is checked as a whole: a new start may pass the current end.
    if (startsAt && endsAt && endsAt <= startsAt)
      throw validationFailed({ ends_at: [SHELL_MESSAGES.endsBeforeStart] });
    await updateFeaturedModel(tx, id, {
      ...(body.model_id !== undefined ? { modelId: body.model_id } : {}),
      ...(body.media_id !== undefined ? { mediaId: body.media_id } : {}),
      ...(body.position !== undefined ? { position: body.position } : {}),
      startsAt,
      endsAt,
    });
    await audit(c, tx, {
      action: "featured_model.updated",
      subjectType: "model",
      subjectId: body.model_id ?? current.modelId,
      changes: { featured_id: id, fields: Object.keys(body) },
    });
    return (await findAdminFeaturedModel(tx, id))!;
  });
}

/** Stops featuring (404 when unknown). */
export async function deleteFeaturedModelEntry(c: Context<AppEnv>, id: number): Promise<void> {
  await c.var.deps.db.transaction(async (tx) => {
    const removed = await deleteFeaturedModel(tx, id);
    if (!removed) throw notFound();
    await audit(c, tx, {
      action: "featured_model.deleted",
      subjectType: "model",
      subjectId: removed.modelId,
      changes: { featured_id: id },
    });
  });
}
