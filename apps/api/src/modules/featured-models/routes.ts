import {
  type Database,
  deleteFeaturedModel,
  featuredModelTargetExists,
  findAdminFeaturedModel,
  findFeaturedModel,
  findMediaById,
  insertFeaturedModel,
  listAllFeaturedModels,
  listCurrentFeaturedModels,
  listNicknamesOfModels,
  updateFeaturedModel,
  writeAudit,
} from "@camatlas/db";
import { API_MESSAGES, PAGE_SIZE, SHELL_MESSAGES } from "@camatlas/shared";
import {
  adminFeaturedModelSchema,
  featuredModelCreateRequestSchema,
  featuredModelSchema,
  featuredModelUpdateRequestSchema,
} from "@camatlas/shared/schemas/featured-models";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { notFound, validationFailed } from "../../lib/http-errors.ts";
import { requireAdmin } from "../../middleware/require-role.ts";
import { presentModelCard } from "../models/presenter.ts";
import { viewerOf } from "../models/viewer.ts";
import { presentAdminFeaturedModel } from "./presenter.ts";

const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
const idParams = z.object({ id: z.coerce.number().int().positive() });

const publicRoute = createRoute({
  method: "get",
  path: "/featured-models",
  tags: ["featured models"],
  summary: `The home page's featured models (${PAGE_SIZE.featuredModels}), in admin order`,
  responses: { 200: { description: "Featured models", ...json(z.array(featuredModelSchema)) } },
});

const adminListRoute = createRoute({
  method: "get",
  path: "/admin/featured-models",
  tags: ["featured models"],
  summary: "Every featured entry, also past and upcoming ones (admins)",
  middleware: [requireAdmin()] as const,
  responses: { 200: { description: "Entries", ...json(z.array(adminFeaturedModelSchema)) } },
});

const createFeaturedRoute = createRoute({
  method: "post",
  path: "/admin/featured-models",
  tags: ["featured models"],
  summary: "Feature a model (admins)",
  middleware: [requireAdmin()] as const,
  request: { body: { ...json(featuredModelCreateRequestSchema), required: true } },
  responses: {
    201: { description: "Created", ...json(adminFeaturedModelSchema) },
    422: { description: "Unknown model or picture, or a period that ends before it starts" },
  },
});

const updateFeaturedRoute = createRoute({
  method: "put",
  path: "/admin/featured-models/{id}",
  tags: ["featured models"],
  summary: "Change a featured entry (admins); fields left out stay as they are",
  middleware: [requireAdmin()] as const,
  request: { params: idParams, body: { ...json(featuredModelUpdateRequestSchema), required: true } },
  responses: {
    200: { description: "Saved", ...json(adminFeaturedModelSchema) },
    404: { description: "No such entry" },
    422: { description: "Invalid" },
  },
});

const deleteFeaturedRoute = createRoute({
  method: "delete",
  path: "/admin/featured-models/{id}",
  tags: ["featured models"],
  summary: "Stop featuring (admins)",
  middleware: [requireAdmin()] as const,
  request: { params: idParams },
  responses: {
    200: { description: "Deleted", ...json(z.object({ message: z.string() })) },
    404: { description: "No such entry" },
  },
});

const toDate = (value: string | null) => (value ? new Date(value) : null);

async function checkReferences(db: Database, body: { model_id?: number; media_id?: number | null }) {
  const errors: Record<string, string[]> = {};
  if (body.model_id !== undefined && !(await featuredModelTargetExists(db, body.model_id)))
    errors.model_id = [SHELL_MESSAGES.modelNotFound];
  if (body.media_id && !(await findMediaById(db, body.media_id)))
    errors.media_id = [SHELL_MESSAGES.mediaNotFound];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

export const featuredModelRoutes = new OpenAPIHono<AppEnv>()
  .openapi(publicRoute, async (c) => {
    const { db, storage } = c.var.deps;
    const rows = await listCurrentFeaturedModels(db, PAGE_SIZE.featuredModels, viewerOf(c));
    const nicknames = await listNicknamesOfModels(
      db,
      rows.map((row) => row.card.id),
    );
    const data = rows.map((row) => ({
      id: row.featuredId,
      model: presentModelCard(row.card, nicknames),
      image: row.imagePath ? storage.publicUrl(row.imagePath) : null,
    }));
    return c.json(data, 200);
  })
  .openapi(adminListRoute, async (c) => {
    const { db, storage } = c.var.deps;
    const rows = await listAllFeaturedModels(db);
    return c.json(
      rows.map((row) => presentAdminFeaturedModel(row, storage)),
      200,
    );
  })
  .openapi(createFeaturedRoute, async (c) => {
    const body = c.req.valid("json");
    const { db, storage } = c.var.deps;
    const row = await db.transaction(async (tx) => {
      await checkReferences(tx, body);
      const saved = await insertFeaturedModel(tx, {
        modelId: body.model_id,
        mediaId: body.media_id,
        position: body.position,
        startsAt: toDate(body.starts_at),
        endsAt: toDate(body.ends_at),
      });
      await writeAudit(tx, {
        actorUserId: c.var.user!.id,
        action: "featured_model.created",
        subjectType: "model",
        subjectId: body.model_id,
        changes: { featured_id: saved.id, starts_at: body.starts_at, ends_at: body.ends_at },
        ip: c.var.clientIp,
      });
      return (await findAdminFeaturedModel(tx, saved.id))!;
    });
    return c.json(presentAdminFeaturedModel(row, storage), 201);
  })
  .openapi(updateFeaturedRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const { db, storage } = c.var.deps;
    const row = await db.transaction(async (tx) => {
      const current = await findFeaturedModel(tx, id);
      if (!current) throw notFound();
      await checkReferences(tx, body);
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
      await writeAudit(tx, {
        actorUserId: c.var.user!.id,
        action: "featured_model.updated",
        subjectType: "model",
        subjectId: body.model_id ?? current.modelId,
        changes: { featured_id: id, fields: Object.keys(body) },
        ip: c.var.clientIp,
      });
      return (await findAdminFeaturedModel(tx, id))!;
    });
    return c.json(presentAdminFeaturedModel(row, storage), 200);
  })
  .openapi(deleteFeaturedRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { db } = c.var.deps;
    await db.transaction(async (tx) => {
      const removed = await deleteFeaturedModel(tx, id);
      if (!removed) throw notFound();
      await writeAudit(tx, {
        actorUserId: c.var.user!.id,
        action: "featured_model.deleted",
        subjectType: "model",
        subjectId: removed.modelId,
        changes: { featured_id: id },
        ip: c.var.clientIp,
      });
    });
    return c.json({ message: API_MESSAGES.deleted }, 200);
  });
