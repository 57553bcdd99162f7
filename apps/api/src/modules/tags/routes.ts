import { findTagByName, insertTag, listTags, updateTag, writeAudit } from "@camatlas/db";
import { CATALOG_MESSAGES, ROLE } from "@camatlas/shared";
import { tagCreateSchema, tagUpdateSchema } from "@camatlas/shared/schemas/catalog";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { notFound, validationFailed } from "../../lib/http-errors.ts";
import { requireAdmin } from "../../middleware/require-role.ts";

const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
const messageSchema = z.object({ message: z.string() });
const tagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  page: z.string().nullable(),
  models_count: z.number().int().optional(),
});

const listRoute = createRoute({
  method: "get",
  path: "/tags",
  tags: ["tags"],
  summary: "All tags by name, with how many models carry each; query filters by name",
  request: { query: z.object({ query: z.string().trim().max(64).optional() }) },
  responses: {
    200: {
      description: "Tags",
      ...json(
        z.object({ data: z.array(tagSchema), can: z.object({ create: z.boolean(), edit: z.boolean() }) }),
      ),
    },
  },
});

const createTagRoute = createRoute({
  method: "post",
  path: "/admin/tags",
  tags: ["tags", "admin"],
  summary: "Create a tag (admin)",
  middleware: [requireAdmin()] as const,
  request: { body: { ...json(tagCreateSchema), required: true } },
  responses: {
    201: { description: "Created", ...json(z.object({ message: z.string(), tag: tagSchema })) },
    401: { description: "Sign in first", ...json(messageSchema) },
    403: { description: "Admins only", ...json(messageSchema) },
    422: { description: "Invalid or taken name" },
  },
});

const updateTagRoute = createRoute({
  method: "put",
  path: "/admin/tags/{id}",
  tags: ["tags", "admin"],
  summary: "Rename a tag or change its page text (admin)",
  middleware: [requireAdmin()] as const,
  request: {
    params: z.object({ id: z.coerce.number().int().positive() }),
    body: { ...json(tagUpdateSchema), required: true },
  },
  responses: {
    200: { description: "Saved", ...json(z.object({ message: z.string(), tag: tagSchema })) },
    401: { description: "Sign in first", ...json(messageSchema) },
    403: { description: "Admins only", ...json(messageSchema) },
    404: { description: "Unknown tag", ...json(messageSchema) },
    422: { description: "Invalid or taken name" },
  },
});

export const tagRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const { query } = c.req.valid("query");
    const rows = await listTags(c.var.deps.db, { query });
    const isAdmin = c.var.user?.roleId === ROLE.admin;
    return c.json(
      {
        data: rows.map((r) => ({
          id: r.id,
          name: r.name,
          slug: r.slug,
          page: r.page,
          models_count: r.modelsCount,
        })),
        can: { create: isAdmin, edit: isAdmin },
      },
      200,
    );
  })
  .openapi(createTagRoute, async (c) => {
    const body = c.req.valid("json");
    const { db } = c.var.deps;
    if (await findTagByName(db, body.name)) throw validationFailed({ name: [CATALOG_MESSAGES.tagTaken] });
    const tag = await db.transaction(async (tx) => {
      const row = await insertTag(tx, { name: body.name, page: body.page ?? null });
      await writeAudit(tx, {
        actorUserId: c.var.user!.id,
        action: "tag.created",
        subjectType: "tag",
        subjectId: row.id,
        changes: { name: row.name },
      });
      return row;
    });
    return c.json({ message: CATALOG_MESSAGES.tagSaved, tag }, 201);
  })
  .openapi(updateTagRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const { db } = c.var.deps;
    if (body.name) {
      const taken = await findTagByName(db, body.name);
      if (taken && taken.id !== id) throw validationFailed({ name: [CATALOG_MESSAGES.tagTaken] });
    }
    const tag = await db.transaction(async (tx) => {
      const row = await updateTag(tx, id, body);
      if (!row) throw notFound();
      await writeAudit(tx, {
        actorUserId: c.var.user!.id,
        action: "tag.updated",
        subjectType: "tag",
        subjectId: id,
        changes: body,
      });
      return row;
    });
    return c.json({ message: CATALOG_MESSAGES.tagSaved, tag }, 200);
  });
