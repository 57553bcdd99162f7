import {
  bindModels,
  deleteModelBlocks,
  findModelDetail,
  findUserRole,
  insertModelBlock,
  insertModelReport,
  listBlocksOfModel,
  markVerifiedCamgirl,
  updateModelSettings,
  upsertModelRating,
  userHasBoundModels,
  writeAudit,
} from "@camatlas/db";
import { CATALOG_MESSAGES, ROLE } from "@camatlas/shared";
import {
  avatarAccessibilitySchema,
  bindManySchema,
  blockSchema,
  changeRatingSchema,
  modelReportSchema,
  unblockSchema,
  visibilitySettingsSchema,
} from "@camatlas/shared/schemas/catalog";
import { modelBlockSchema, visibilitySettingsReplySchema } from "@camatlas/shared/schemas/model-card";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { forbidden, notFound, validationFailed } from "../../lib/http-errors.ts";
import { requireUser } from "../../middleware/authenticate.ts";
import { requireAdmin } from "../../middleware/require-role.ts";
import { can } from "./policy.ts";
import { loadVisibleModel } from "./service.ts";
import { actorOf } from "./viewer.ts";

const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
const messageSchema = z.object({ message: z.string() });
const idParam = z.object({ id: z.coerce.number().int().positive() });
const errorReplies = {
  401: { description: "Sign in first", ...json(messageSchema) },
  403: { description: "Not allowed", ...json(messageSchema) },
  404: { description: "No such model", ...json(messageSchema) },
  422: { description: "Invalid fields: {message, errors}" },
};
const blocksReply = z.object({ message: z.string(), blocks: z.array(modelBlockSchema) });

const rateRoute = createRoute({
  method: "post",
  path: "/models/{id}/change-rating",
  tags: ["models"],
  summary: "Vote a rating 1–5 (one vote per user, changeable)",
  middleware: [requireUser()] as const,
  request: { params: idParam, body: { ...json(changeRatingSchema), required: true } },
  responses: {
    200: {
      description: "Done",
      ...json(
        z.object({
          message: z.string(),
          rating: z.number(),
          rating_votes: z.number().int(),
          user_rating: z.number().int(),
        }),
      ),
    },
    ...errorReplies,
  },
});
const blockRoute = createRoute({
  method: "post",
  path: "/models/{id}/block",
  tags: ["models"],
  summary:
    "Hide the model from a country, a state/region (ISO 3166-2) or an IP/CIDR (bound camgirl or admin)",
  middleware: [requireUser()] as const,
  request: { params: idParam, body: { ...json(blockSchema), required: true } },
  responses: { 200: { description: "Done", ...json(blocksReply) }, ...errorReplies },
});
const unblockRoute = createRoute({
  method: "post",
  path: "/models/{id}/unblock",
  tags: ["models"],
  summary: "Remove a block by block_id or by blockable_type + location (bound camgirl or admin)",
  middleware: [requireUser()] as const,
  request: { params: idParam, body: { ...json(unblockSchema), required: true } },
  responses: { 200: { description: "Done", ...json(blocksReply) }, ...errorReplies },
});
const avatarRoute = createRoute({
  method: "post",
  path: "/models/{id}/change-avatar-accessibility",
  tags: ["models"],
  summary: "Allow or forbid others to change the avatar (bound camgirl or admin)",
  middleware: [requireUser()] as const,
  request: { params: idParam, body: { ...json(avatarAccessibilitySchema), required: true } },
  responses: {
    200: {
      description: "Done",
      ...json(z.object({ message: z.string(), forbid_avatar_changes: z.boolean() })),
    },
    ...errorReplies,
  },
});
const visibilityRoute = createRoute({
  method: "post",
  path: "/models/{id}/visibility-settings",
  tags: ["models"],
  summary: "Change page_visible_for, is_country_age_hidden and the stats page flags (bound camgirl or admin)",
  middleware: [requireUser()] as const,
  request: { params: idParam, body: { ...json(visibilitySettingsSchema), required: true } },
  responses: {
    200: {
      description: "Done",
      ...json(z.object({ message: z.string(), visibility_settings: visibilitySettingsReplySchema })),
    },
    ...errorReplies,
  },
});
const reportRoute = createRoute({
  method: "post",
  path: "/models/{id}/reports",
  tags: ["models"],
  summary: "Report a model: wrong data, fake, account closed",
  middleware: [requireUser()] as const,
  request: { params: idParam, body: { ...json(modelReportSchema), required: true } },
  responses: {
    200: { description: "Done", ...json(z.object({ message: z.string(), id: z.number().int() })) },
    ...errorReplies,
  },
});
const bindRoute = createRoute({
  method: "post",
  path: "/models/{id}/bind/{userId}",
  tags: ["models"],
  summary: "Bind a camgirl account to the model (admin); the model shows as verified",
  middleware: [requireAdmin()] as const,
  request: {
    params: z.object({ id: z.coerce.number().int().positive(), userId: z.coerce.number().int().positive() }),
  },
  responses: {
    200: { description: "Done", ...json(z.object({ message: z.string(), user_id: z.number().int() })) },
    ...errorReplies,
  },
});
const unbindRoute = createRoute({
  method: "post",
  path: "/models/{id}/unbind",
  tags: ["models"],
  summary: "Unbind the model's camgirl (admin)",
  middleware: [requireAdmin()] as const,
  request: { params: idParam },
  responses: { 200: { description: "Done", ...json(messageSchema) }, ...errorReplies },
});
const bindManyRoute = createRoute({
  method: "post",
  path: "/models/bind-many/{userId}",
  tags: ["models"],
  summary: "Bind many models to one camgirl (admin)",
  middleware: [requireAdmin()] as const,
  request: {
    params: z.object({ userId: z.coerce.number().int().positive() }),
    body: { ...json(bindManySchema), required: true },
  },
  responses: {
    200: {
      description: "Done",
      ...json(z.object({ message: z.string(), models_ids: z.array(z.number().int()) })),
    },
    ...errorReplies,
  },
});

const presentBlocks = (rows: Awaited<ReturnType<typeof listBlocksOfModel>>) =>
  rows.map((b) => ({ id: b.id, blockable_type: b.blockableType, location: b.location }));

/** A camgirl account to bind, or 422. */
async function camgirlOr422(db: Parameters<typeof findUserRole>[0], userId: number) {
  const user = await findUserRole(db, userId);
  if (!user) throw notFound();
  if (user.roleId !== ROLE.camgirl) throw validationFailed({ user_id: [CATALOG_MESSAGES.notACamgirl] });
  return user;
}

export const modelActionRoutes = new OpenAPIHono<AppEnv>()
  .openapi(rateRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { rating } = c.req.valid("json");
    const { db } = c.var.deps;
    await loadVisibleModel(c, db, id);
    const saved = await db.transaction((tx) => upsertModelRating(tx, id, c.var.user!.id, rating));
    return c.json(
      {
        message: CATALOG_MESSAGES.ratingSaved,
        rating: Math.round(saved.rating * 100) / 100,
        rating_votes: saved.ratingVotes,
        user_rating: rating,
      },
      200,
    );
  })
  .openapi(blockRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const { db } = c.var.deps;
    const { row } = await loadVisibleModel(c, db, id);
    const actor = actorOf(c)!;
    if (!can(actor, "block", row)) throw forbidden();
    await db.transaction(async (tx) => {
      const block = await insertModelBlock(tx, id, body.blockable_type, body.location);
      if (block.created)
        await writeAudit(tx, {
          actorUserId: actor.id,
          action: "model.blocked",
          subjectType: "model",
          subjectId: id,
          changes: { blockable_type: body.blockable_type, location: body.location },
          ip: c.var.clientIp,
        });
    });
    return c.json(
      { message: CATALOG_MESSAGES.blocksSaved, blocks: presentBlocks(await listBlocksOfModel(db, id)) },
      200,
    );
  })
  .openapi(unblockRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const { db } = c.var.deps;
    const { row } = await loadVisibleModel(c, db, id);
    const actor = actorOf(c)!;
    if (!can(actor, "block", row)) throw forbidden();
    await db.transaction(async (tx) => {
      const match =
        "block_id" in body
          ? { id: body.block_id }
          : {
              blockableType: body.blockable_type,
              location: body.blockable_type === "ip" ? body.location : body.location.toUpperCase(),
            };
      const removed = await deleteModelBlocks(tx, id, match);
      if (removed === 0) throw notFound();
      await writeAudit(tx, {
        actorUserId: actor.id,
        action: "model.unblocked",
        subjectType: "model",
        subjectId: id,
        changes: body,
        ip: c.var.clientIp,
      });
    });
    return c.json(
      { message: CATALOG_MESSAGES.blocksSaved, blocks: presentBlocks(await listBlocksOfModel(db, id)) },
      200,
    );
  })
  .openapi(avatarRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const { db } = c.var.deps;
    const { row } = await loadVisibleModel(c, db, id);
    const actor = actorOf(c)!;
    if (!can(actor, "change_avatar_accessibility", row)) throw forbidden();
    await db.transaction(async (tx) => {
      await updateModelSettings(tx, id, { forbidAvatarChanges: body.forbid_avatar_changes });
      await writeAudit(tx, {
        actorUserId: actor.id,
        action: "model.avatar_accessibility_changed",
        subjectType: "model",
        subjectId: id,
        changes: { from: row.forbidAvatarChanges, to: body.forbid_avatar_changes },
        ip: c.var.clientIp,
      });
    });
    return c.json(
      { message: CATALOG_MESSAGES.visibilitySaved, forbid_avatar_changes: body.forbid_avatar_changes },
      200,
    );
  })
  .openapi(visibilityRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const { db } = c.var.deps;
    const { row } = await loadVisibleModel(c, db, id);
    const actor = actorOf(c)!;
    if (!can(actor, "change_visibility", row)) throw forbidden();
    const values = {
      pageVisibleFor: body.page_visible_for,
      isCountryAgeHidden: body.is_country_age_hidden,
      isStatsPageLastActivityHidden: body.is_stats_page_last_activity_hidden,
      isStatsPagePastNicknamesHidden: body.is_stats_page_past_nicknames_hidden,
      statsPageActivityGraphDetailsStatus: body.stats_page_activity_graph_details_status,
      isStatsPageLongestSessionsHidden: body.is_stats_page_longest_sessions_hidden,
    };
    const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length === 0) throw validationFailed({ body: [CATALOG_MESSAGES.nothingToChange] });
    await db.transaction(async (tx) => {
      await updateModelSettings(tx, id, set);
      await writeAudit(tx, {
        actorUserId: actor.id,
        action: "model.visibility_changed",
        subjectType: "model",
        subjectId: id,
        changes: body,
        ip: c.var.clientIp,
      });
    });
    const saved = (await findModelDetail(db, id))!;
    return c.json(
      {
        message: CATALOG_MESSAGES.visibilitySaved,
        visibility_settings: {
          page_visible_for: saved.pageVisibleFor,
          is_country_age_hidden: saved.isCountryAgeHidden,
          is_stats_page_last_activity_hidden: saved.isStatsPageLastActivityHidden,
          is_stats_page_past_nicknames_hidden: saved.isStatsPagePastNicknamesHidden,
          stats_page_activity_graph_details_status: saved.statsPageActivityGraphDetailsStatus,
          is_stats_page_longest_sessions_hidden: saved.isStatsPageLongestSessionsHidden,
        },
      },
      200,
    );
  })
  .openapi(reportRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const { db } = c.var.deps;
    await loadVisibleModel(c, db, id);
    const reportId = await db.transaction((tx) =>
      insertModelReport(tx, {
        modelId: id,
        userId: c.var.user!.id,
        reason: body.reason,
        text: body.text ?? null,
      }),
    );
    return c.json({ message: CATALOG_MESSAGES.reportSent, id: reportId }, 200);
  })
  .openapi(bindRoute, async (c) => {
    const { id, userId } = c.req.valid("param");
    const { db } = c.var.deps;
    const model = await findModelDetail(db, id);
    if (!model) throw notFound();
    await camgirlOr422(db, userId);
    await db.transaction(async (tx) => {
      await bindModels(tx, [id], userId);
      await markVerifiedCamgirl(tx, userId, true);
      if (model.userId !== null && model.userId !== userId && !(await userHasBoundModels(tx, model.userId)))
        await markVerifiedCamgirl(tx, model.userId, false);
      await writeAudit(tx, {
        actorUserId: c.var.user!.id,
        action: "model.bound",
        subjectType: "model",
        subjectId: id,
        changes: { from: model.userId, to: userId },
        ip: c.var.clientIp,
      });
    });
    return c.json({ message: CATALOG_MESSAGES.modelBound, user_id: userId }, 200);
  })
  .openapi(unbindRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { db } = c.var.deps;
    const model = await findModelDetail(db, id);
    if (!model) throw notFound();
    const previous = model.userId;
    if (previous === null) throw validationFailed({ user_id: [CATALOG_MESSAGES.nothingToChange] });
    await db.transaction(async (tx) => {
      await updateModelSettings(tx, id, { userId: null });
      if (!(await userHasBoundModels(tx, previous))) await markVerifiedCamgirl(tx, previous, false);
      await writeAudit(tx, {
        actorUserId: c.var.user!.id,
        action: "model.unbound",
        subjectType: "model",
        subjectId: id,
        changes: { from: previous, to: null },
        ip: c.var.clientIp,
      });
    });
    return c.json({ message: CATALOG_MESSAGES.modelUnbound }, 200);
  })
  .openapi(bindManyRoute, async (c) => {
    const { userId } = c.req.valid("param");
    const { models_ids } = c.req.valid("json");
    const { db } = c.var.deps;
    await camgirlOr422(db, userId);
    const bound = await db.transaction(async (tx) => {
      const ids = await bindModels(tx, [...new Set(models_ids)], userId);
      const missing = models_ids.filter((m) => !ids.includes(m));
      // All or nothing: an unknown id rolls the whole binding back.
      if (missing.length) throw validationFailed({ models_ids: [CATALOG_MESSAGES.unknownModel] });
      await markVerifiedCamgirl(tx, userId, true);
      for (const modelId of ids)
        await writeAudit(tx, {
          actorUserId: c.var.user!.id,
          action: "model.bound",
          subjectType: "model",
          subjectId: modelId,
          changes: { to: userId },
          ip: c.var.clientIp,
        });
      return ids;
    });
    return c.json({ message: CATALOG_MESSAGES.modelBound, models_ids: bound }, 200);
  });
