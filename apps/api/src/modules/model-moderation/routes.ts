import {
  applyModelFields,
  approveNewModel,
  type Database,
  decideRemovalRequest,
  decideReport,
  decideRevision,
  decideVerification,
  existingTagIds,
  findMediaPath,
  findModelDetail,
  findRevision,
  isSlugTaken,
  listModelReports,
  listNewModels,
  listNicknameRemovalRequests,
  listRevisions,
  listVerificationRequests,
  lockNewModel,
  lockPendingRemovalRequest,
  lockPendingReport,
  lockPendingRevision,
  lockPendingVerification,
  markVerifiedCamgirl,
  notifyAboutModel,
  rejectNewModel,
  rejectOtherVerifications,
  softDeleteNickname,
  updateModelSettings,
  userHasBoundModels,
  writeAudit,
} from "@camatlas/db";
import {
  CATALOG_MESSAGES,
  DECISION_STATUSES,
  MAX_PER_PAGE,
  MODERATION_NOTICES,
  PAGE_SIZE,
  queryInt,
  toPageEnvelope,
} from "@camatlas/shared";
import { decisionNoteSchema, reportResolutionSchema } from "@camatlas/shared/schemas/catalog";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { ApiError, notFound, validationFailed } from "../../lib/http-errors.ts";
import { requireAdmin } from "../../middleware/require-role.ts";
import { type ApiFieldValues, revisionDiff, toColumnValues } from "../models/model-fields.ts";
import { actorOf } from "../models/viewer.ts";
import { moderationAbilities } from "./policy.ts";

const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
const messageSchema = z.object({ message: z.string() });
const idParam = z.object({ id: z.coerce.number().int().positive() });
const statusQuery = z.enum(DECISION_STATUSES).default("pending");
const pageQuery = z.object({
  page: queryInt().pipe(z.number().int().min(1)).default(1),
  per_page: queryInt().pipe(z.number().int().min(1).max(MAX_PER_PAGE)).optional(),
  status: statusQuery,
});
const envelope = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int(),
    current_page: z.number().int(),
    last_page: z.number().int(),
    meta: z.record(z.string(), z.unknown()),
  });
const adminErrors = {
  401: { description: "Sign in first", ...json(messageSchema) },
  403: { description: "Admins only", ...json(messageSchema) },
};
const decisionErrors = {
  ...adminErrors,
  404: { description: "Unknown", ...json(messageSchema) },
  409: { description: "Already decided", ...json(messageSchema) },
};
const abilitiesSchema = z.object({ approve: z.boolean(), reject: z.boolean() });
const modelRef = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
const userRef = z.object({ id: z.number().int(), nick_name: z.string() }).nullable();
const userRefOf = (id: number | null, nickName: string | null) =>
  id !== null ? { id, nick_name: nickName ?? "" } : null;

const alreadyDecided = () => new ApiError(409, CATALOG_MESSAGES.alreadyDecided);

// ── Schemas of the queue items ───────────────────────────────────────────────────────────────────────────────────

const revisionItem = z.object({
  id: z.number().int(),
  status: z.string(),
  model: modelRef,
  user: userRef,
  note: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  diff: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  can: abilitiesSchema,
});

const removalItem = z.object({
  id: z.number().int(),
  status: z.string(),
  reason: z.string().nullable(),
  nickname: z.object({
    id: z.number().int(),
    nickname: z.string(),
    cam_site_id: z.number().int(),
    cam_site_name: z.string(),
  }),
  model: modelRef.nullable(),
  user: userRef,
  created_at: z.string(),
  can: abilitiesSchema,
});

const newModelItem = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  country: z.string().nullable(),
  birthday: z.string().nullable(),
  user: userRef,
  created_at: z.string(),
  can: abilitiesSchema,
});

const verificationItem = z.object({
  id: z.number().int(),
  status: z.string(),
  message: z.string().nullable(),
  image_path: z.string().nullable(),
  model: modelRef.extend({ is_verified: z.boolean() }),
  user: userRef,
  created_at: z.string(),
  can: abilitiesSchema,
});

const reportItem = z.object({
  id: z.number().int(),
  reason: z.string(),
  text: z.string().nullable(),
  status: z.string(),
  model: modelRef,
  user: userRef,
  created_at: z.string(),
  can: abilitiesSchema,
});

// ── Routes ───────────────────────────────────────────────────────────────────────────────────────────────────────

const listRoute = <T extends z.ZodType>(path: string, summary: string, item: T) =>
  createRoute({
    method: "get",
    path,
    tags: ["admin", "moderation"],
    summary,
    middleware: [requireAdmin()] as const,
    request: { query: pageQuery },
    responses: { 200: { description: "A page of the queue", ...json(envelope(item)) }, ...adminErrors },
  });

const decisionRoute = (path: string, summary: string, body: z.ZodObject = decisionNoteSchema) =>
  createRoute({
    method: "post",
    path,
    tags: ["admin", "moderation"],
    summary,
    middleware: [requireAdmin()] as const,
    request: { params: idParam, body: { ...json(body), required: false } },
    responses: { 200: { description: "Decided", ...json(messageSchema) }, ...decisionErrors },
  });

const revisionsRoute = listRoute(
  "/admin/revisions",
  "Revisions queue (24 per page) with a field-by-field diff",
  revisionItem,
);
const revisionRoute = createRoute({
  method: "get",
  path: "/admin/revisions/{id}",
  tags: ["admin", "moderation"],
  summary: "One revision with its diff",
  middleware: [requireAdmin()] as const,
  request: { params: idParam },
  responses: { 200: { description: "The revision", ...json(revisionItem) }, ...decisionErrors },
});
const approveRevisionRoute = decisionRoute(
  "/admin/revisions/{id}/approve",
  "Approve a revision: its changes go live",
);
const rejectRevisionRoute = decisionRoute(
  "/admin/revisions/{id}/reject",
  "Reject a revision: the profile stays as it is",
);
const removalsRoute = listRoute("/admin/nickname-removals", "Nickname removal requests", removalItem);
const approveRemovalRoute = decisionRoute(
  "/admin/nickname-removals/{id}/approve",
  "Approve: the nickname is removed",
);
const rejectRemovalRoute = decisionRoute(
  "/admin/nickname-removals/{id}/reject",
  "Reject: the nickname stays",
);
const newModelsRoute = listRoute(
  "/admin/new-models",
  "User-created models waiting for a check",
  newModelItem,
);
const approveModelRoute = decisionRoute("/admin/new-models/{id}/approve", "Approve a new model");
const rejectModelRoute = decisionRoute(
  "/admin/new-models/{id}/reject",
  "Reject a new model (removed from the site)",
);
const verificationsRoute = listRoute(
  "/admin/verification-requests",
  "Camgirl verification requests",
  verificationItem,
);
const approveVerificationRoute = decisionRoute(
  "/admin/verification-requests/{id}/approve",
  "Approve: the camgirl is bound to the model, which shows as verified",
);
const rejectVerificationRoute = decisionRoute(
  "/admin/verification-requests/{id}/reject",
  "Reject a verification request",
);
const reportsRoute = listRoute(
  "/admin/model-reports",
  "Model reports (wrong data, fake, account closed)",
  reportItem,
);
const resolveReportRoute = decisionRoute(
  "/admin/model-reports/{id}/resolve",
  "Resolve a report: status approved (acted on) or rejected",
  reportResolutionSchema,
);

const perPageOf = (q: { per_page?: number | undefined }, fallback: number) => q.per_page ?? fallback;

function audit(
  c: Context<AppEnv>,
  action: string,
  subjectType: string,
  subjectId: number,
  changes: Record<string, unknown> = {},
) {
  return { actorUserId: c.var.user!.id, action, subjectType, subjectId, changes, ip: c.var.clientIp };
}

/**
 * A decision on something a user submitted about a model: the audit row, and a notification to the author under the
 * same action name (never to the admin deciding on their own submission).
 */
async function recordDecision(
  tx: Database,
  c: Context<AppEnv>,
  decision: {
    action: string;
    modelId: number;
    authorId: number | null;
    notice: { title: string; text: (modelName: string) => string };
    note?: string | null;
    changes: Record<string, unknown>;
  },
) {
  if (decision.authorId !== null && decision.authorId !== c.var.user!.id)
    await notifyAboutModel(
      tx,
      decision.authorId,
      decision.action,
      decision.modelId,
      decision.notice,
      decision.note,
    );
  await writeAudit(tx, audit(c, decision.action, "model", decision.modelId, decision.changes));
}

/**
 * Drops revision fields that can no longer apply (a deleted tag or avatar, a slug taken since): the rest applies.
 */
async function applicableChanges(
  db: Parameters<typeof existingTagIds>[0],
  modelId: number,
  changes: ApiFieldValues,
) {
  const out = { ...changes };
  if (Array.isArray(out.tags_id_list)) {
    const known = await existingTagIds(db, out.tags_id_list as number[]);
    out.tags_id_list = (out.tags_id_list as number[]).filter((id) => known.has(id));
  }
  if (typeof out.avatar_media_id === "number" && !(await findMediaPath(db, out.avatar_media_id)))
    delete out.avatar_media_id;
  if (typeof out.slug === "string" && (await isSlugTaken(db, out.slug, modelId))) delete out.slug;
  return out;
}

export const moderationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(revisionsRoute, async (c) => {
    const q = c.req.valid("query");
    const perPage = perPageOf(q, PAGE_SIZE.revisions);
    const { rows, total } = await listRevisions(c.var.deps.db, { status: q.status, page: q.page, perPage });
    const can = moderationAbilities(actorOf(c));
    const data = rows.map((r) => presentRevision(r, can, q.status));
    return c.json(toPageEnvelope(data, total, q.page, perPage), 200);
  })
  .openapi(revisionRoute, async (c) => {
    const { id } = c.req.valid("param");
    const row = await findRevision(c.var.deps.db, id);
    if (!row) throw notFound();
    return c.json(presentRevision(row, moderationAbilities(actorOf(c)), row.status), 200);
  })
  .openapi(approveRevisionRoute, async (c) => {
    const { id } = c.req.valid("param");
    const note = noteOf(c.req.valid("json"));
    const { db } = c.var.deps;
    await db.transaction(async (tx) => {
      const revision = await lockPendingRevision(tx, id);
      if (!revision) throw (await findRevision(tx, id)) ? alreadyDecided() : notFound();
      const changes = await applicableChanges(tx, revision.modelId, revision.changes as ApiFieldValues);
      await applyModelFields(tx, revision.modelId, toColumnValues(changes));
      await decideRevision(tx, revision, "approved", c.var.user!.id, note);
      await recordDecision(tx, c, {
        action: "model.revision_approved",
        modelId: revision.modelId,
        authorId: revision.userId,
        notice: MODERATION_NOTICES.revisionApproved,
        changes: { revision_id: id, changes },
      });
    });
    return c.json({ message: CATALOG_MESSAGES.revisionApproved }, 200);
  })
  .openapi(rejectRevisionRoute, async (c) => {
    const { id } = c.req.valid("param");
    const note = noteOf(c.req.valid("json"));
    const { db } = c.var.deps;
    await db.transaction(async (tx) => {
      const revision = await lockPendingRevision(tx, id);
      if (!revision) throw (await findRevision(tx, id)) ? alreadyDecided() : notFound();
      await decideRevision(tx, revision, "rejected", c.var.user!.id, note);
      await recordDecision(tx, c, {
        action: "model.revision_rejected",
        modelId: revision.modelId,
        authorId: revision.userId,
        notice: MODERATION_NOTICES.revisionRejected,
        note,
        changes: { revision_id: id, note },
      });
    });
    return c.json({ message: CATALOG_MESSAGES.revisionRejected }, 200);
  })
  .openapi(removalsRoute, async (c) => {
    const q = c.req.valid("query");
    const perPage = perPageOf(q, PAGE_SIZE.revisions);
    const { rows, total } = await listNicknameRemovalRequests(c.var.deps.db, {
      status: q.status,
      page: q.page,
      perPage,
    });
    const can = moderationAbilities(actorOf(c));
    const data = rows.map((r) => ({
      id: r.id,
      status: r.status,
      reason: r.reason,
      nickname: {
        id: r.nicknameId,
        nickname: r.nickname,
        cam_site_id: r.camSiteId,
        cam_site_name: r.camSiteName,
      },
      model: r.modelId !== null ? { id: r.modelId, name: r.modelName ?? "", slug: r.modelSlug ?? "" } : null,
      user: userRefOf(r.userId, r.userNickName),
      created_at: r.createdAt.toISOString(),
      can: r.status === "pending" ? can : { approve: false, reject: false },
    }));
    return c.json(toPageEnvelope(data, total, q.page, perPage), 200);
  })
  .openapi(approveRemovalRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { db } = c.var.deps;
    await db.transaction(async (tx) => {
      const request = await lockPendingRemovalRequest(tx, id);
      if (!request) throw notFoundOrDecided();
      await softDeleteNickname(tx, request.nicknameId);
      await decideRemovalRequest(tx, id, "approved", c.var.user!.id);
      await writeAudit(
        tx,
        audit(c, "nickname.removal_approved", "nickname", request.nicknameId, { request_id: id }),
      );
    });
    return c.json({ message: CATALOG_MESSAGES.nicknameRemoved }, 200);
  })
  .openapi(rejectRemovalRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { db } = c.var.deps;
    await db.transaction(async (tx) => {
      const request = await lockPendingRemovalRequest(tx, id);
      if (!request) throw notFoundOrDecided();
      await decideRemovalRequest(tx, id, "rejected", c.var.user!.id);
      await writeAudit(
        tx,
        audit(c, "nickname.removal_rejected", "nickname", request.nicknameId, { request_id: id }),
      );
    });
    return c.json({ message: CATALOG_MESSAGES.removalRejected }, 200);
  })
  .openapi(newModelsRoute, async (c) => {
    const q = c.req.valid("query");
    const perPage = perPageOf(q, PAGE_SIZE.revisions);
    const { rows, total } = await listNewModels(c.var.deps.db, { page: q.page, perPage });
    const can = moderationAbilities(actorOf(c));
    const data = rows.map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      country: r.country,
      birthday: r.birthday,
      user: userRefOf(r.userId, r.userNickName),
      created_at: r.createdAt.toISOString(),
      can,
    }));
    return c.json(toPageEnvelope(data, total, q.page, perPage), 200);
  })
  .openapi(approveModelRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { db } = c.var.deps;
    await db.transaction(async (tx) => {
      if (!(await lockNewModel(tx, id))) throw notFoundOrDecided();
      await approveNewModel(tx, id);
      await writeAudit(tx, audit(c, "model.approved", "model", id));
    });
    return c.json({ message: CATALOG_MESSAGES.modelApproved }, 200);
  })
  .openapi(rejectModelRoute, async (c) => {
    const { id } = c.req.valid("param");
    const note = noteOf(c.req.valid("json"));
    const { db } = c.var.deps;
    await db.transaction(async (tx) => {
      if (!(await lockNewModel(tx, id))) throw notFoundOrDecided();
      await rejectNewModel(tx, id);
      await writeAudit(tx, audit(c, "model.rejected", "model", id, { note }));
    });
    return c.json({ message: CATALOG_MESSAGES.modelRejected }, 200);
  })
  .openapi(verificationsRoute, async (c) => {
    const q = c.req.valid("query");
    const perPage = perPageOf(q, PAGE_SIZE.revisions);
    const { rows, total } = await listVerificationRequests(c.var.deps.db, {
      status: q.status,
      page: q.page,
      perPage,
    });
    const can = moderationAbilities(actorOf(c));
    const data = rows.map((r) => ({
      id: r.id,
      status: r.status,
      message: r.message,
      image_path: r.imagePath ? `/media/${r.imagePath}` : null,
      model: { id: r.modelId, name: r.modelName, slug: r.modelSlug, is_verified: r.modelUserId !== null },
      user: userRefOf(r.userId, r.userNickName),
      created_at: r.createdAt.toISOString(),
      can: r.status === "pending" ? can : { approve: false, reject: false },
    }));
    return c.json(toPageEnvelope(data, total, q.page, perPage), 200);
  })
  .openapi(approveVerificationRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { db } = c.var.deps;
    await db.transaction(async (tx) => {
      const request = await lockPendingVerification(tx, id);
      if (!request) throw notFoundOrDecided();
      const model = await findModelDetail(tx, request.modelId);
      if (!model) throw notFound();
      const previous = model.userId;
      await updateModelSettings(tx, request.modelId, { userId: request.userId });
      await markVerifiedCamgirl(tx, request.userId, true);
      if (previous !== null && previous !== request.userId && !(await userHasBoundModels(tx, previous)))
        await markVerifiedCamgirl(tx, previous, false);
      await decideVerification(tx, id, "approved", c.var.user!.id);
      const others = await rejectOtherVerifications(tx, request.modelId, id, c.var.user!.id);
      await recordDecision(tx, c, {
        action: "model.verification_approved",
        modelId: request.modelId,
        authorId: request.userId,
        notice: MODERATION_NOTICES.verificationApproved,
        changes: {
          request_id: id,
          from: previous,
          to: request.userId,
          rejected_request_ids: others.map((o) => o.id),
        },
      });
    });
    return c.json({ message: CATALOG_MESSAGES.verificationApproved }, 200);
  })
  .openapi(rejectVerificationRoute, async (c) => {
    const { id } = c.req.valid("param");
    const note = noteOf(c.req.valid("json"));
    const { db } = c.var.deps;
    await db.transaction(async (tx) => {
      const request = await lockPendingVerification(tx, id);
      if (!request) throw notFoundOrDecided();
      await decideVerification(tx, id, "rejected", c.var.user!.id);
      await recordDecision(tx, c, {
        action: "model.verification_rejected",
        modelId: request.modelId,
        authorId: request.userId,
        notice: MODERATION_NOTICES.verificationRejected,
        note,
        changes: { request_id: id, note },
      });
    });
    return c.json({ message: CATALOG_MESSAGES.verificationRejected }, 200);
  })
  .openapi(reportsRoute, async (c) => {
    const q = c.req.valid("query");
    const perPage = perPageOf(q, PAGE_SIZE.revisions);
    const { rows, total } = await listModelReports(c.var.deps.db, {
      status: q.status,
      page: q.page,
      perPage,
    });
    const can = moderationAbilities(actorOf(c));
    const data = rows.map((r) => ({
      id: r.id,
      reason: r.reason,
      text: r.text,
      status: r.status,
      model: { id: r.modelId, name: r.modelName, slug: r.modelSlug },
      user: userRefOf(r.userId, r.userNickName),
      created_at: r.createdAt.toISOString(),
      can: r.status === "pending" ? can : { approve: false, reject: false },
    }));
    return c.json(toPageEnvelope(data, total, q.page, perPage), 200);
  })
  .openapi(resolveReportRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = reportResolutionSchema.safeParse(c.req.valid("json"));
    if (!body.success) throw validationFailed({ status: [CATALOG_MESSAGES.chooseResolution] });
    const { db } = c.var.deps;
    await db.transaction(async (tx) => {
      const report = await lockPendingReport(tx, id);
      if (!report) throw notFoundOrDecided();
      await decideReport(tx, id, body.data.status);
      await writeAudit(
        tx,
        audit(c, "model.report_resolved", "model", report.modelId, {
          report_id: id,
          status: body.data.status,
        }),
      );
    });
    return c.json({ message: CATALOG_MESSAGES.reportResolved }, 200);
  });

/** Missing and already-decided items both answer 404 here: the queue item is gone either way. */
function notFoundOrDecided() {
  return notFound();
}

function noteOf(body: unknown): string | null {
  const note = (body as { note?: string | null } | undefined)?.note;
  return typeof note === "string" && note ? note : null;
}

function presentRevision(
  r: NonNullable<Awaited<ReturnType<typeof findRevision>>>,
  can: { approve: boolean; reject: boolean },
  status: string,
) {
  return {
    id: r.id,
    status: r.status,
    model: { id: r.modelId, name: r.modelName, slug: r.modelSlug },
    user: userRefOf(r.userId, r.userNickName),
    note: r.note,
    created_at: r.createdAt.toISOString(),
    reviewed_at: r.reviewedAt?.toISOString() ?? null,
    diff: revisionDiff(r.changes, r.previous),
    can: status === "pending" ? can : { approve: false, reject: false },
  };
}
