import {
  findRevision,
  listModelReports,
  listNewModels,
  listNicknameRemovalRequests,
  listRevisions,
  listVerificationRequests,
} from "@camatlas/db";
import { CATALOG_MESSAGES, PAGE_SIZE, toPageEnvelope } from "@camatlas/shared";
import { moderationEndpoints } from "@camatlas/shared/api-contract";
import { reportResolutionSchema } from "@camatlas/shared/schemas/catalog";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute, type RouteExtras } from "../../lib/contract-route.ts";
import { notFound, validationFailed } from "../../lib/http-errors.ts";
import { actorOf } from "../models/viewer.ts";
import { moderationAbilities } from "./policy.ts";
import {
  presentNewModel,
  presentRemoval,
  presentReport,
  presentRevision,
  presentVerification,
} from "./presenter.ts";
import {
  decideNewModel,
  decideNicknameRemoval,
  decideRevisionRequest,
  decideVerificationRequest,
  resolveModelReport,
} from "./service.ts";

const queue = (summary: string): RouteExtras => ({
  access: "admin",
  tags: ["admin", "moderation"],
  summary,
  replyDescription: "A page of the queue",
});
const decision = (summary: string): RouteExtras => ({
  access: "admin",
  tags: ["admin", "moderation"],
  summary,
  replyDescription: "Decided",
  errors: { 409: "Already decided" },
});

const revisionsRoute = contractRoute(
  moderationEndpoints.revisions,
  queue("Revisions queue (24 per page) with a field-by-field diff"),
);
const revisionRoute = contractRoute(moderationEndpoints.revision, {
  access: "admin",
  tags: ["admin", "moderation"],
  summary: "One revision with its diff",
  replyDescription: "The revision",
  errors: { 409: "Already decided" },
});
const approveRevisionRoute = contractRoute(
  moderationEndpoints.approveRevision,
  decision("Approve a revision: its changes go live"),
);
const rejectRevisionRoute = contractRoute(
  moderationEndpoints.rejectRevision,
  decision("Reject a revision: the profile stays as it is"),
);
const removalsRoute = contractRoute(moderationEndpoints.nicknameRemovals, queue("Nickname removal requests"));
const approveRemovalRoute = contractRoute(
  moderationEndpoints.approveNicknameRemoval,
  decision("Approve: the nickname is removed"),
);
const rejectRemovalRoute = contractRoute(
  moderationEndpoints.rejectNicknameRemoval,
  decision("Reject: the nickname stays"),
);
const newModelsRoute = contractRoute(
  moderationEndpoints.newModels,
  queue("User-created models waiting for a check"),
);
const approveModelRoute = contractRoute(moderationEndpoints.approveNewModel, decision("Approve a new model"));
const rejectModelRoute = contractRoute(
  moderationEndpoints.rejectNewModel,
  decision("Reject a new model (removed from the site)"),
);
const verificationsRoute = contractRoute(
  moderationEndpoints.verificationRequests,
  queue("Camgirl verification requests"),
);
const approveVerificationRoute = contractRoute(
  moderationEndpoints.approveVerification,
  decision("Approve: the camgirl is bound to the model, which shows as verified"),
);
const rejectVerificationRoute = contractRoute(
  moderationEndpoints.rejectVerification,
  decision("Reject a verification request"),
);
const reportsRoute = contractRoute(
  moderationEndpoints.modelReports,
  queue("Model reports (wrong data, fake, account closed)"),
);
const resolveReportRoute = contractRoute(
  moderationEndpoints.resolveModelReport,
  decision("Resolve a report: status approved (acted on) or rejected"),
);

/** The decision's optional note; an empty one is none. */
function noteOf(body: { note?: string | null | undefined } | undefined): string | null {
  const note = body?.note;
  return typeof note === "string" && note ? note : null;
}

export const moderationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(revisionsRoute, async (c) => {
    const q = c.req.valid("query");
    const perPage = q.per_page ?? PAGE_SIZE.revisions;
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
    await decideRevisionRequest(c, id, "approved", noteOf(c.req.valid("json")));
    return c.json({ message: CATALOG_MESSAGES.revisionApproved }, 200);
  })
  .openapi(rejectRevisionRoute, async (c) => {
    const { id } = c.req.valid("param");
    await decideRevisionRequest(c, id, "rejected", noteOf(c.req.valid("json")));
    return c.json({ message: CATALOG_MESSAGES.revisionRejected }, 200);
  })
  .openapi(removalsRoute, async (c) => {
    const q = c.req.valid("query");
    const perPage = q.per_page ?? PAGE_SIZE.revisions;
    const { rows, total } = await listNicknameRemovalRequests(c.var.deps.db, {
      status: q.status,
      page: q.page,
      perPage,
    });
    const can = moderationAbilities(actorOf(c));
    const data = rows.map((r) => presentRemoval(r, can));
    return c.json(toPageEnvelope(data, total, q.page, perPage), 200);
  })
  .openapi(approveRemovalRoute, async (c) => {
    const { id } = c.req.valid("param");
    await decideNicknameRemoval(c, id, "approved");
    return c.json({ message: CATALOG_MESSAGES.nicknameRemoved }, 200);
  })
  .openapi(rejectRemovalRoute, async (c) => {
    const { id } = c.req.valid("param");
    await decideNicknameRemoval(c, id, "rejected");
    return c.json({ message: CATALOG_MESSAGES.removalRejected }, 200);
  })
  .openapi(newModelsRoute, async (c) => {
    const q = c.req.valid("query");
    const perPage = q.per_page ?? PAGE_SIZE.revisions;
    const { rows, total } = await listNewModels(c.var.deps.db, { page: q.page, perPage });
    const can = moderationAbilities(actorOf(c));
    const data = rows.map((r) => presentNewModel(r, can));
    return c.json(toPageEnvelope(data, total, q.page, perPage), 200);
  })
  .openapi(approveModelRoute, async (c) => {
    const { id } = c.req.valid("param");
    await decideNewModel(c, id, "approved", noteOf(c.req.valid("json")));
    return c.json({ message: CATALOG_MESSAGES.modelApproved }, 200);
  })
  .openapi(rejectModelRoute, async (c) => {
    const { id } = c.req.valid("param");
    await decideNewModel(c, id, "rejected", noteOf(c.req.valid("json")));
    return c.json({ message: CATALOG_MESSAGES.modelRejected }, 200);
  })
  .openapi(verificationsRoute, async (c) => {
    const q = c.req.valid("query");
    const perPage = q.per_page ?? PAGE_SIZE.revisions;
    const { rows, total } = await listVerificationRequests(c.var.deps.db, {
      status: q.status,
      page: q.page,
      perPage,
    });
    const can = moderationAbilities(actorOf(c));
    const data = rows.map((r) => presentVerification(r, can));
    return c.json(toPageEnvelope(data, total, q.page, perPage), 200);
  })
  .openapi(approveVerificationRoute, async (c) => {
    const { id } = c.req.valid("param");
    await decideVerificationRequest(c, id, "approved", null);
    return c.json({ message: CATALOG_MESSAGES.verificationApproved }, 200);
  })
  .openapi(rejectVerificationRoute, async (c) => {
    const { id } = c.req.valid("param");
    await decideVerificationRequest(c, id, "rejected", noteOf(c.req.valid("json")));
    return c.json({ message: CATALOG_MESSAGES.verificationRejected }, 200);
  })
  .openapi(reportsRoute, async (c) => {
    const q = c.req.valid("query");
    const perPage = q.per_page ?? PAGE_SIZE.revisions;
    const { rows, total } = await listModelReports(c.var.deps.db, {
      status: q.status,
      page: q.page,
      perPage,
    });
    const can = moderationAbilities(actorOf(c));
    const data = rows.map((r) => presentReport(r, can));
    return c.json(toPageEnvelope(data, total, q.page, perPage), 200);
  })
  .openapi(resolveReportRoute, async (c) => {
    const { id } = c.req.valid("param");
    // A body left out arrives as {}: the same 422 as a wrong status.
    const body = reportResolutionSchema.safeParse(c.req.valid("json"));
    if (!body.success) throw validationFailed({ status: [CATALOG_MESSAGES.chooseResolution] });
    await resolveModelReport(c, id, body.data.status);
    return c.json({ message: CATALOG_MESSAGES.reportResolved }, 200);
  });
