import {
  attachNicknameToModel,
  countNicknames,
  findCamSite,
  findLiveNicknameOnCamsite,
  findModelDetail,
  findNicknameById,
  findPendingRemovalRequest,
  findVisibleNicknameOnCamsite,
  insertNickname,
  insertNicknameRemovalRequest,
  listNicknames,
  type NicknameListRow,
} from "@camatlas/db";
import {
  CATALOG_MESSAGES,
  listQuerySchema,
  MAX_PER_PAGE,
  NICKNAME_TYPES,
  PAGE_SIZE,
  queryInt,
  SUCCESS_MESSAGES,
  toPageEnvelope,
} from "@camatlas/shared";
import { nicknameRemovalSchema, nicknamesCreateSchema } from "@camatlas/shared/schemas/catalog";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { notFound, validationFailed } from "../../lib/http-errors.ts";
import { requireUser } from "../../middleware/authenticate.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { nicknameUrl } from "../models/presenter.ts";
import { assertModelVisible } from "../models/service.ts";
import { viewerOf } from "../models/viewer.ts";

const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
const messageSchema = z.object({ message: z.string() });

export const nicknameReplySchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  name: z.string().nullable(),
  type: z.enum(NICKNAME_TYPES),
  is_active: z.boolean(),
  activity_status_id: z.number().int(),
  last_activity: z.string().nullable(),
  cam_site_id: z.number().int(),
  cam_site: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  url: z.string(),
  model: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable(),
});

function presentNickname(row: NicknameListRow): z.infer<typeof nicknameReplySchema> {
  return {
    id: row.id,
    nickname: row.nickname,
    name: row.name,
    type: row.type,
    is_active: row.isActive,
    activity_status_id: row.activityStatusId,
    last_activity: row.lastActivityAt?.toISOString() ?? null,
    cam_site_id: row.camSiteId,
    cam_site: { id: row.camSiteId, name: row.camSiteName, slug: row.camSiteSlug },
    url: nicknameUrl(row.camSiteId, row.modelUrlTemplate, row.nickname),
    model:
      row.modelId !== null && row.modelName !== null && row.modelSlug !== null
        ? { id: row.modelId, name: row.modelName, slug: row.modelSlug }
        : null,
  };
}

const listRoute = createRoute({
  method: "get",
  path: "/model-nicknames",
  tags: ["nicknames"],
  summary:
    "Nicknames with their camsite and model; filters model_id, cam_site_id, query. Hidden models' nicknames are left out",
  request: {
    query: listQuerySchema.extend({
      per_page: queryInt().pipe(z.number().int().min(1).max(MAX_PER_PAGE)).default(PAGE_SIZE.default),
      model_id: queryInt().optional(),
      cam_site_id: queryInt().optional(),
    }),
  },
  responses: {
    200: {
      description: "A page of nicknames",
      ...json(
        z.object({
          data: z.array(nicknameReplySchema),
          total: z.number().int(),
          current_page: z.number().int(),
          last_page: z.number().int(),
          meta: z.record(z.string(), z.unknown()),
        }),
      ),
    },
    422: { description: "Invalid query" },
  },
});

const byCamsiteRoute = createRoute({
  method: "get",
  path: "/model-nicknames/by-camsite/{camSiteSlug}/{nickname}",
  tags: ["nicknames"],
  summary: "One nickname on one camsite (the /{camsite}/model/{nickname} page), with its model",
  request: {
    params: z.object({ camSiteSlug: z.string().min(1).max(100), nickname: z.string().min(1).max(100) }),
  },
  responses: {
    200: { description: "The nickname", ...json(nicknameReplySchema) },
    404: { description: "Unknown", ...json(messageSchema) },
  },
});

const createNicknamesRoute = createRoute({
  method: "post",
  path: "/model-nicknames",
  tags: ["nicknames"],
  summary:
    "Add nicknames to models ('Nickname successfully added.'); a nickname already listed on the camsite answers 422",
  middleware: [requireUser()] as const,
  request: { body: { ...json(nicknamesCreateSchema), required: true } },
  responses: {
    200: {
      description: "Added",
      ...json(z.object({ message: z.string(), data: z.array(nicknameReplySchema) })),
    },
    401: { description: "Sign in first", ...json(messageSchema) },
    404: { description: "No such model", ...json(messageSchema) },
    422: { description: "Invalid: unknown camsite, duplicate on the camsite" },
  },
});

const removalRoute = createRoute({
  method: "post",
  path: "/model-nicknames/{id}/removal-request",
  tags: ["nicknames"],
  summary: "Ask for a nickname's removal; it goes only after an admin approves",
  middleware: [requireUser()] as const,
  request: {
    params: z.object({ id: z.coerce.number().int().positive() }),
    body: { ...json(nicknameRemovalSchema), required: false },
  },
  responses: {
    200: { description: "Requested", ...json(z.object({ message: z.string(), id: z.number().int() })) },
    401: { description: "Sign in first", ...json(messageSchema) },
    404: { description: "Unknown nickname", ...json(messageSchema) },
    422: { description: "Already requested" },
  },
});

export const nicknameRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const q = c.req.valid("query");
    const { db } = c.var.deps;
    const filters = { modelId: q.model_id, camSiteId: q.cam_site_id, query: q.query, viewer: viewerOf(c) };
    const [rows, total] = await Promise.all([
      listNicknames(db, { ...filters, page: q.page, perPage: q.per_page }),
      countNicknames(db, filters),
    ]);
    return c.json(toPageEnvelope(rows.map(presentNickname), total, q.page, q.per_page), 200);
  })
  .openapi(byCamsiteRoute, async (c) => {
    const { camSiteSlug, nickname } = c.req.valid("param");
    const { db } = c.var.deps;
    const camsite = await findCamSite(db, { slug: camSiteSlug });
    if (!camsite) throw notFound();
    const row = await findVisibleNicknameOnCamsite(db, camsite.id, nickname, viewerOf(c));
    if (!row) throw notFound();
    return c.json(presentNickname(row), 200);
  })
  .openapi(createNicknamesRoute, async (c) => {
    const { nicknames } = c.req.valid("json");
    const { db } = c.var.deps;
    const user = c.var.user!;
    const errors: Record<string, string[]> = {};
    const seen = new Set<string>();
    const plan: { index: number; attachId: number | null }[] = [];
    for (const [i, n] of nicknames.entries()) {
      const model = await findModelDetail(db, n.model_id);
      if (!model) {
        errors[`nicknames.${i}.model_id`] = [CATALOG_MESSAGES.unknownModel];
        continue;
      }
      await assertModelVisible(c, db, model);
      if (!(await findCamSite(db, { id: n.cam_site_id }))) {
        errors[`nicknames.${i}.cam_site_id`] = [CATALOG_MESSAGES.unknownCamsite];
        continue;
      }
      const key = `${n.cam_site_id}:${n.nickname.toLowerCase()}`;
      if (seen.has(key)) {
        errors[`nicknames.${i}.nickname`] = [CATALOG_MESSAGES.duplicateNicknameInRequest];
        continue;
      }
      seen.add(key);
      const existing = await findLiveNicknameOnCamsite(db, n.cam_site_id, n.nickname);
      // A stats nickname nobody linked yet joins the model; one that belongs to a model is a duplicate.
      if (existing && existing.modelId !== null) {
        errors[`nicknames.${i}.nickname`] = [CATALOG_MESSAGES.nicknameTakenOnCamsite];
        continue;
      }
      plan.push({ index: i, attachId: existing?.id ?? null });
    }
    if (Object.keys(errors).length) throw validationFailed(errors);
    // Two people adding the same nickname at once: the unique index decides, the loser gets the 422.
    const ids = await db
      .transaction(async (tx) => {
        const out: number[] = [];
        for (const step of plan) {
          const n = nicknames[step.index]!;
          if (step.attachId !== null) {
            await attachNicknameToModel(tx, step.attachId, n.model_id);
            out.push(step.attachId);
          } else
            out.push(
              await insertNickname(tx, {
                modelId: n.model_id,
                camSiteId: n.cam_site_id,
                nickname: n.nickname,
                type: n.type,
                userId: user.id,
              }),
            );
        }
        return out;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error))
          throw validationFailed({ nicknames: [CATALOG_MESSAGES.nicknameTakenOnCamsite] });
        throw error;
      });
    const rows = (
      await Promise.all(
        [...new Set(nicknames.map((n) => n.model_id))].map((modelId) =>
          listNicknames(db, { modelId, page: 1, perPage: MAX_PER_PAGE, viewer: viewerOf(c) }),
        ),
      )
    )
      .flat()
      .filter((r) => ids.includes(r.id));
    return c.json({ message: SUCCESS_MESSAGES.nicknameAdded, data: rows.map(presentNickname) }, 200);
  })
  .openapi(removalRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = (c.req.valid("json") as { reason?: string | null } | undefined) ?? {};
    const { db } = c.var.deps;
    const nickname = await findNicknameById(db, id);
    if (!nickname) throw notFound();
    if (nickname.modelId !== null) {
      const model = await findModelDetail(db, nickname.modelId);
      if (model) await assertModelVisible(c, db, model);
    }
    if (await findPendingRemovalRequest(db, id))
      throw validationFailed({ nickname: [CATALOG_MESSAGES.removalPending] });
    const requestId = await db.transaction((tx) =>
      insertNicknameRemovalRequest(tx, {
        nicknameId: id,
        userId: c.var.user!.id,
        reason: body.reason ?? null,
      }),
    );
    return c.json({ message: SUCCESS_MESSAGES.nicknameRemovalRequested, id: requestId }, 200);
  });
