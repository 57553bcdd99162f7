import {
  findModelDetail,
  findModelLink,
  insertModelLinks,
  softDeleteModelLink,
  writeAudit,
} from "@camatlas/db";
import { API_MESSAGES, CATALOG_MESSAGES, ROLE } from "@camatlas/shared";
import { modelLinksCreateSchema } from "@camatlas/shared/schemas/catalog";
import { modelLinkSchema } from "@camatlas/shared/schemas/model-card";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { forbidden, notFound, validationFailed } from "../../lib/http-errors.ts";
import { requireUser } from "../../middleware/authenticate.ts";
import { can } from "../models/policy.ts";
import { assertModelVisible } from "../models/service.ts";
import { actorOf } from "../models/viewer.ts";

const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
const messageSchema = z.object({ message: z.string() });

const createLinksRoute = createRoute({
  method: "post",
  path: "/model-links",
  tags: ["models"],
  summary: "Add links to models: category and contains from the spec's lists; only http(s) URLs",
  middleware: [requireUser()] as const,
  request: { body: { ...json(modelLinksCreateSchema), required: true } },
  responses: {
    200: {
      description: "Added",
      ...json(
        z.object({
          message: z.string(),
          data: z.array(modelLinkSchema.extend({ model_id: z.number().int() })),
        }),
      ),
    },
    401: { description: "Sign in first", ...json(messageSchema) },
    422: { description: "Invalid: unknown model, category or contains; a non-http(s) URL" },
  },
});

const deleteLinkRoute = createRoute({
  method: "delete",
  path: "/model-links/{id}",
  tags: ["models"],
  summary: "Remove a link (the bound camgirl or an admin)",
  middleware: [requireUser()] as const,
  request: { params: z.object({ id: z.coerce.number().int().positive() }) },
  responses: {
    200: { description: "Removed", ...json(messageSchema) },
    401: { description: "Sign in first", ...json(messageSchema) },
    403: { description: "Not allowed", ...json(messageSchema) },
    404: { description: "Unknown link", ...json(messageSchema) },
  },
});

export const modelLinkRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createLinksRoute, async (c) => {
    const { links } = c.req.valid("json");
    const { db } = c.var.deps;
    const errors: Record<string, string[]> = {};
    for (const [i, link] of links.entries()) {
      const model = await findModelDetail(db, link.model_id);
      if (!model) errors[`links.${i}.model_id`] = [CATALOG_MESSAGES.unknownModel];
      else await assertModelVisible(c, db, model);
    }
    if (Object.keys(errors).length) throw validationFailed(errors);
    const rows = await db.transaction((tx) =>
      insertModelLinks(
        tx,
        links.map((l) => ({
          modelId: l.model_id,
          label: l.label,
          url: l.url,
          category: l.category,
          contains: l.contains,
          userId: c.var.user!.id,
        })),
      ),
    );
    const data = rows.map((r) => ({
      id: r.id,
      model_id: r.modelId,
      label: r.label,
      url: r.url,
      category: r.category,
      contains: r.contains,
    }));
    return c.json({ message: CATALOG_MESSAGES.linksAdded, data }, 200);
  })
  .openapi(deleteLinkRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { db } = c.var.deps;
    const link = await findModelLink(db, id);
    if (!link) throw notFound();
    const model = await findModelDetail(db, link.modelId);
    if (!model) throw notFound();
    const actor = actorOf(c)!;
    if (!can(actor, "delete_link", model)) throw forbidden();
    await db.transaction(async (tx) => {
      await softDeleteModelLink(tx, id);
      await writeAudit(tx, {
        actorUserId: actor.id,
        action: "model.link_removed",
        subjectType: "model",
        subjectId: link.modelId,
        changes: { link_id: id, by_role: actor.roleId === ROLE.admin ? "admin" : "model" },
        ip: c.var.clientIp,
      });
    });
    return c.json({ message: API_MESSAGES.deleted }, 200);
  });
