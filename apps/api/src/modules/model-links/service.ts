import { findModelDetail, findModelLink, insertModelLinks, softDeleteModelLink } from "@camatlas/db";
import { CATALOG_MESSAGES, ROLE } from "@camatlas/shared";
import type { modelLinksCreateSchema } from "@camatlas/shared/schemas/catalog";
import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { audit } from "../../lib/audit.ts";
import { currentUser } from "../../lib/current-user.ts";
import { forbidden, notFound, validationFailed } from "../../lib/http-errors.ts";
import { can } from "../models/policy.ts";
import { canSeeModel } from "../models/service.ts";

type NewLinks = z.output<typeof modelLinksCreateSchema>["links"];

/** Adds links to models the caller may see; 422 (nothing written) when a model is unknown or hidden from her. */
export async function addModelLinks(c: Context<AppEnv>, links: NewLinks) {
  const { db } = c.var.deps;
  const user = currentUser(c);
  const errors: Record<string, string[]> = {};
  for (const [i, link] of links.entries()) {
    const model = await findModelDetail(db, link.model_id);
    if (!model || !(await canSeeModel(c, db, model)))
      errors[`links.${i}.model_id`] = [CATALOG_MESSAGES.unknownModel];
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  return db.transaction((tx) =>
    insertModelLinks(
      tx,
      links.map((l) => ({
        modelId: l.model_id,
        label: l.label,
        url: l.url,
        category: l.category,
        contains: l.contains,
        userId: user.id,
      })),
    ),
  );
}

/** Removes a link (the bound camgirl or an admin): 404 when unknown, 403 for anyone else. */
export async function removeModelLink(c: Context<AppEnv>, id: number) {
  const { db } = c.var.deps;
  const link = await findModelLink(db, id);
  if (!link) throw notFound();
  const model = await findModelDetail(db, link.modelId);
  if (!model) throw notFound();
  const actor = currentUser(c);
  if (!can(actor, "delete_link", model)) throw forbidden();
  await db.transaction(async (tx) => {
    await softDeleteModelLink(tx, id);
    await audit(c, tx, {
      action: "model.link_removed",
      subjectType: "model",
      subjectId: link.modelId,
      changes: { link_id: id, by_role: actor.roleId === ROLE.admin ? "admin" : "model" },
    });
  });
}
