import {
  deletePage,
  findPageById,
  findPageIdBySlug,
  insertPage,
  type StaticPageRow,
  updatePage,
} from "@camatlas/db";
import { SHELL_MESSAGES } from "@camatlas/shared";
import type { pageCreateRequestSchema, pageUpdateRequestSchema } from "@camatlas/shared/schemas/pages";
import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { audit } from "../../lib/audit.ts";
import { uniqueViolationOf } from "../../lib/db-errors.ts";
import { notFound, validationFailed } from "../../lib/http-errors.ts";

// Admins' writes of static pages: each one a transaction with its audit row. A slug is checked first, and the
// unique index decides when two admins take the same slug at once.

const slugTaken = () => validationFailed({ slug: [SHELL_MESSAGES.slugTaken] });

function slugTakenOnConflict(error: unknown): never {
  if (uniqueViolationOf(error) !== null) throw slugTaken();
  throw error;
}

export function createPage(
  c: Context<AppEnv>,
  body: z.output<typeof pageCreateRequestSchema>,
): Promise<StaticPageRow> {
  return c.var.deps.db
    .transaction(async (tx) => {
      if ((await findPageIdBySlug(tx, body.slug)) !== null) throw slugTaken();
      const saved = await insertPage(tx, {
        slug: body.slug,
        title: body.title,
        body: body.body,
        metaTitle: body.meta_title,
        metaDescription: body.meta_description,
        isPublished: body.is_published,
        navPlacement: body.nav_placement,
        navPosition: body.nav_position,
      });
      await audit(c, tx, {
        action: "page.created",
        subjectType: "static_page",
        subjectId: saved.id,
        changes: { slug: saved.slug, is_published: saved.isPublished, nav_placement: saved.navPlacement },
      });
      return saved;
    })
    .catch(slugTakenOnConflict);
}

/** Changes the fields given; 404 for an unknown page. */
export function editPage(
  c: Context<AppEnv>,
  id: number,
  body: z.output<typeof pageUpdateRequestSchema>,
): Promise<StaticPageRow> {
  return c.var.deps.db
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
        ...(body.nav_placement !== undefined ? { navPlacement: body.nav_placement } : {}),
        ...(body.nav_position !== undefined ? { navPosition: body.nav_position } : {}),
      });
      await audit(c, tx, {
        action: "page.updated",
        subjectType: "static_page",
        subjectId: id,
        changes: {
          fields: Object.keys(body),
          is_published: saved!.isPublished,
          nav_placement: saved!.navPlacement,
        },
      });
      return saved!;
    })
    .catch(slugTakenOnConflict);
}

/** 404 for an unknown page. */
export async function removePage(c: Context<AppEnv>, id: number): Promise<void> {
  await c.var.deps.db.transaction(async (tx) => {
    const removed = await deletePage(tx, id);
    if (!removed) throw notFound();
    await audit(c, tx, {
      action: "page.deleted",
      subjectType: "static_page",
      subjectId: id,
      changes: { slug: removed.slug },
    });
  });
}
