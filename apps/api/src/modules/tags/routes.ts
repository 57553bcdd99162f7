import { findTagByName, insertTag, listTags, updateTag } from "@camatlas/db";
import { BODY_LIMITS, CATALOG_MESSAGES, ROLE } from "@camatlas/shared";
import { tagEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { audit } from "../../lib/audit.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { notFound, validationFailed } from "../../lib/http-errors.ts";
import { presentTag } from "./presenter.ts";

const listRoute = contractRoute(tagEndpoints.list, {
  access: "public",
  tags: ["tags"],
  summary: "All tags by name, with how many models carry each; query filters by name",
});
const createTagRoute = contractRoute(tagEndpoints.create, {
  // A tag page up to 20,000 characters.
  bodyLimit: BODY_LIMITS.longText,
  access: "admin",
  tags: ["tags", "admin"],
  summary: "Create a tag (admin)",
  replyDescription: "Created",
});
const updateTagRoute = contractRoute(tagEndpoints.update, {
  bodyLimit: BODY_LIMITS.longText,
  access: "admin",
  tags: ["tags", "admin"],
  summary: "Rename a tag or change its page text (admin)",
  replyDescription: "Saved",
});

export const tagRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const { query } = c.req.valid("query");
    const rows = await listTags(c.var.deps.db, { query });
    const isAdmin = c.var.user?.roleId === ROLE.admin;
    return c.json(
      {
        data: rows.map(presentTag),
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
      await audit(c, tx, {
        action: "tag.created",
        subjectType: "tag",
        subjectId: row.id,
        changes: { name: row.name },
      });
      return row;
    });
    return c.json({ message: CATALOG_MESSAGES.tagSaved, tag: presentTag(tag) }, 201);
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
      await audit(c, tx, {
        action: "tag.updated",
        subjectType: "tag",
        subjectId: id,
        changes: body,
      });
      return row;
    });
    return c.json({ message: CATALOG_MESSAGES.tagSaved, tag: presentTag(tag) }, 200);
  });
