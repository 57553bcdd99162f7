import {
  deletePage,
  findPageById,
  findPageIdBySlug,
  findPublishedPage,
  insertPage,
  listPages,
  updatePage,
  writeAudit,
} from "@camatlas/db";
import { API_MESSAGES, listQuerySchema, PAGE_SIZE, SHELL_MESSAGES, toPageEnvelope } from "@camatlas/shared";
import {
  adminPageSchema,
  pageCreateRequestSchema,
  pageUpdateRequestSchema,
  publicPageSchema,
} from "@camatlas/shared/schemas/pages";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { notFound, validationFailed } from "../../lib/http-errors.ts";
import { requireAdmin } from "../../middleware/require-role.ts";
import { uniqueViolationOf } from "../../lib/db-errors.ts";
import { presentAdminPage, presentPublicPage } from "./presenter.ts";

const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
const idParams = z.object({ id: z.coerce.number().int().positive() });
const slugTaken = () => validationFailed({ slug: [SHELL_MESSAGES.slugTaken] });

const publicRoute = createRoute({
  method: "get",
  path: "/pages/{slug}",
  tags: ["pages"],
  summary: "A published static page, its markdown rendered to safe HTML",
  request: { params: z.object({ slug: z.string().max(100) }) },
  responses: {
    200: { description: "The page", ...json(publicPageSchema) },
    404: { description: "No such page, or not published" },
  },
});

const adminListRoute = createRoute({
  method: "get",
  path: "/admin/pages",
  tags: ["pages"],
  summary: "All static pages (admins)",
  middleware: [requireAdmin()] as const,
  request: { query: listQuerySchema.pick({ page: true, per_page: true }) },
  responses: {
    200: {
      description: "A page of static pages",
      ...json(
        z.object({
          data: z.array(adminPageSchema),
          total: z.number().int(),
          current_page: z.number().int(),
          last_page: z.number().int(),
          meta: z.record(z.string(), z.unknown()),
        }),
      ),
    },
  },
});

const createPageRoute = createRoute({
  method: "post",
  path: "/admin/pages",
  tags: ["pages"],
  summary: "Create a static page (admins)",
  middleware: [requireAdmin()] as const,
  request: { body: { ...json(pageCreateRequestSchema), required: true } },
  responses: {
    201: { description: "Created", ...json(adminPageSchema) },
    422: { description: "Invalid, reserved or taken slug" },
  },
});

const updatePageRoute = createRoute({
  method: "put",
  path: "/admin/pages/{id}",
  tags: ["pages"],
  summary: "Change a static page (admins); fields left out stay as they are",
  middleware: [requireAdmin()] as const,
  request: { params: idParams, body: { ...json(pageUpdateRequestSchema), required: true } },
  responses: {
    200: { description: "Saved", ...json(adminPageSchema) },
    404: { description: "No such page" },
    422: { description: "Invalid" },
  },
});

const deletePageRoute = createRoute({
  method: "delete",
  path: "/admin/pages/{id}",
  tags: ["pages"],
  summary: "Delete a static page (admins)",
  middleware: [requireAdmin()] as const,
  request: { params: idParams },
  responses: {
    200: { description: "Deleted", ...json(z.object({ message: z.string() })) },
    404: { description: "No such page" },
  },
});

export const pageRoutes = new OpenAPIHono<AppEnv>()
  .openapi(publicRoute, async (c) => {
    const { slug } = c.req.valid("param");
    const row = await findPublishedPage(c.var.deps.db, slug.toLowerCase());
    if (!row) throw notFound();
    return c.json(presentPublicPage(row, c.var.deps.env.PRODUCT_NAME), 200);
  })
  .openapi(adminListRoute, async (c) => {
    const { page, per_page: perPage = PAGE_SIZE.default } = c.req.valid("query");
    const { rows, total } = await listPages(c.var.deps.db, page, perPage);
    const data = rows.map((row) => presentAdminPage(row, c.var.deps.env.PRODUCT_NAME));
    return c.json(toPageEnvelope(data, total, page, perPage), 200);
  })
  .openapi(createPageRoute, async (c) => {
    const body = c.req.valid("json");
    const { db, env } = c.var.deps;
    const row = await db
      .transaction(async (tx) => {
        if ((await findPageIdBySlug(tx, body.slug)) !== null) throw slugTaken();
        const saved = await insertPage(tx, {
          slug: body.slug,
          title: body.title,
          body: body.body,
          metaTitle: body.meta_title,
          metaDescription: body.meta_description,
          isPublished: body.is_published,
        });
        await writeAudit(tx, {
          actorUserId: c.var.user!.id,
          action: "page.created",
          subjectType: "static_page",
          subjectId: saved.id,
          changes: { slug: saved.slug, is_published: saved.isPublished },
          ip: c.var.clientIp,
        });
        return saved;
      })
      .catch((error: unknown) => {
        // Two admins creating the same slug at once: the unique index decides.
        if (uniqueViolationOf(error) !== null) throw slugTaken();
        throw error;
      });
    return c.json(presentAdminPage(row, env.PRODUCT_NAME), 201);
  })
  .openapi(updatePageRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const { db, env } = c.var.deps;
    const row = await db
      .transaction(async (tx) => {
        const current = await findPageById(tx, id);
        if (!current) throw notFound();
        if (body.slug !== undefined && body.slug !== current.slug) {
          const holder = await findPageIdBySlug(tx, body.slug);
          if (holder !== null && holder !== id) throw slugTaken();
        }
        const saved = await updatePage(tx, id, {
          ...(body.slug !== undefined ? { slug: body.slug } : {}),
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.body !== undefined ? { body: body.body } : {}),
          ...(body.meta_title !== undefined ? { metaTitle: body.meta_title } : {}),
          ...(body.meta_description !== undefined ? { metaDescription: body.meta_description } : {}),
          ...(body.is_published !== undefined ? { isPublished: body.is_published } : {}),
        });
        await writeAudit(tx, {
          actorUserId: c.var.user!.id,
          action: "page.updated",
          subjectType: "static_page",
          subjectId: id,
          changes: { fields: Object.keys(body), is_published: saved!.isPublished },
          ip: c.var.clientIp,
        });
        return saved!;
      })
      .catch((error: unknown) => {
        if (uniqueViolationOf(error) !== null) throw slugTaken();
        throw error;
      });
    return c.json(presentAdminPage(row, env.PRODUCT_NAME), 200);
  })
  .openapi(deletePageRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { db } = c.var.deps;
    await db.transaction(async (tx) => {
      const removed = await deletePage(tx, id);
      if (!removed) throw notFound();
      await writeAudit(tx, {
        actorUserId: c.var.user!.id,
        action: "page.deleted",
        subjectType: "static_page",
        subjectId: id,
        changes: { slug: removed.slug },
        ip: c.var.clientIp,
      });
    });
    return c.json({ message: API_MESSAGES.deleted }, 200);
  });
