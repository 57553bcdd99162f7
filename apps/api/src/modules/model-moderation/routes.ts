import {
  type Database,
  findRevision,
  listModelReports,
  listNewModels,
  listNicknameRemovalRequests,
  listRevisions,
  listVerificationRequests,
} from "@camatlas/db";
import { CATALOG_MESSAGES, type DecisionStatus, PAGE_SIZE, toPageEnvelope } from "@camatlas/shared";
import { moderationEndpoints, type moderationQueueQuery } from "@camatlas/shared/api-contract";
import { type decisionNoteSchema, reportResolutionSchema } from "@camatlas/shared/schemas/catalog";
import { OpenAPIHono, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { notFound, validationFailed } from "../../lib/http-errors.ts";
import { actorOf } from "../models/viewer.ts";
import { moderationAbilities } from "./policy.ts";
import {
  type Abilities,
  presentNewModel,
  presentRemoval,
  presentReport,
  presentRevision,
  presentVerification,
} from "./presenter.ts";
import {
  type Decide,
  type Decided,
  decideNewModel,
  decideNicknameRemoval,
  decideRevisionRequest,
  decideVerificationRequest,
  resolveModelReport,
} from "./service.ts";

const TAGS = ["admin", "moderation"];

/** Each queue's route summary, for the API document. */
const QUEUE_SUMMARIES = {
  revisions: "Revisions queue (24 per page) with a field-by-field diff",
  nicknameRemovals: "Nickname removal requests",
  newModels: "User-created models waiting for a check",
  verificationRequests: "Camgirl verification requests",
  modelReports: "Model reports (wrong data, fake, account closed)",
} as const;

type QueueContext = Context<AppEnv, string, { out: { query: z.output<typeof moderationQueueQuery> } }>;

/**
 * A queue's route and its page handler: the page read with the status asked for, each item with what the admin
 * may do.
 */
function queue<Row, Item>(
  name: keyof typeof QUEUE_SUMMARIES,
  list: (
    db: Database,
    filters: { status: DecisionStatus; page: number; perPage: number },
  ) => Promise<{
    rows: Row[];
    total: number;
  }>,
  present: (row: Row, can: Abilities, status: DecisionStatus) => Item,
) {
  const route = contractRoute(moderationEndpoints[name], {
    access: "admin",
    tags: TAGS,
    summary: QUEUE_SUMMARIES[name],
    replyDescription: "A page of the queue",
  });
  const handler = async (c: QueueContext) => {
    const q = c.req.valid("query");
    const perPage = q.per_page ?? PAGE_SIZE.revisions;
    const { rows, total } = await list(c.var.deps.db, { status: q.status, page: q.page, perPage });
    const can = moderationAbilities(actorOf(c));
    const items = rows.map((row) => present(row, can, q.status));
    return c.json(toPageEnvelope(items, total, q.page, perPage), 200);
  };
  return [route, handler] as const;
}

/** Each decision's route summary, for the API document. */
const DECISION_SUMMARIES = {
  approveRevision: "Approve a revision: its changes go live",
  rejectRevision: "Reject a revision: the profile stays as it is",
  approveNicknameRemoval: "Approve: the nickname is removed",
  rejectNicknameRemoval: "Reject: the nickname stays",
  approveNewModel: "Approve a new model",
  rejectNewModel: "Reject a new model (removed from the site)",
  approveVerification: "Approve: the camgirl is bound to the model, which shows as verified",
  rejectVerification: "Reject a verification request",
} as const;

/** Each decision: the service that decides, the decision, and what the reply says. */
const DECISIONS: Record<keyof typeof DECISION_SUMMARIES, readonly [Decide, Decided, string]> = {
  approveRevision: [decideRevisionRequest, "approved", CATALOG_MESSAGES.revisionApproved],
  rejectRevision: [decideRevisionRequest, "rejected", CATALOG_MESSAGES.revisionRejected],
  approveNicknameRemoval: [decideNicknameRemoval, "approved", CATALOG_MESSAGES.nicknameRemoved],
  rejectNicknameRemoval: [decideNicknameRemoval, "rejected", CATALOG_MESSAGES.removalRejected],
  approveNewModel: [decideNewModel, "approved", CATALOG_MESSAGES.modelApproved],
  rejectNewModel: [decideNewModel, "rejected", CATALOG_MESSAGES.modelRejected],
  approveVerification: [decideVerificationRequest, "approved", CATALOG_MESSAGES.verificationApproved],
  rejectVerification: [decideVerificationRequest, "rejected", CATALOG_MESSAGES.verificationRejected],
};

const decided = {
  access: "admin",
  tags: TAGS,
  replyDescription: "Decided",
  errors: { 409: "Already decided" },
} as const;

type DecisionContext = Context<
  AppEnv,
  string,
  { out: { param: { id: number }; json: z.output<typeof decisionNoteSchema> | undefined } }
>;

/** A decision's handler: the service decides (with the admin's optional note), the reply says what happened. */
function decisionHandler([decide, status, message]: readonly [Decide, Decided, string]) {
  return async (c: DecisionContext) => {
    await decide(c, c.req.valid("param").id, status, noteOf(c.req.valid("json")));
    return c.json({ message }, 200);
  };
}

const revisionRoute = contractRoute(moderationEndpoints.revision, {
  ...decided,
  summary: "One revision with its diff",
  replyDescription: "The revision",
});
const resolveReportRoute = contractRoute(moderationEndpoints.resolveModelReport, {
  ...decided,
  summary: "Resolve a report: status approved (acted on) or rejected",
});

/** The decision's optional note; an empty one is none. */
function noteOf(body: { note?: string | null | undefined } | undefined): string | null {
  const note = body?.note;
  return typeof note === "string" && note ? note : null;
}

export const moderationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(...queue("revisions", listRevisions, presentRevision))
  .openapi(revisionRoute, async (c) => {
    const { id } = c.req.valid("param");
    const row = await findRevision(c.var.deps.db, id);
    if (!row) throw notFound();
    return c.json(presentRevision(row, moderationAbilities(actorOf(c)), row.status), 200);
  })
  .openapi(...queue("nicknameRemovals", listNicknameRemovalRequests, presentRemoval))
  .openapi(...queue("newModels", listNewModels, presentNewModel))
  .openapi(...queue("verificationRequests", listVerificationRequests, presentVerification))
  .openapi(...queue("modelReports", listModelReports, presentReport))
  .openapi(resolveReportRoute, async (c) => {
    const { id } = c.req.valid("param");
    // A body left out arrives as {}: the same 422 as a wrong status.
    const body = reportResolutionSchema.safeParse(c.req.valid("json"));
    if (!body.success) throw validationFailed({ status: [CATALOG_MESSAGES.chooseResolution] });
    await resolveModelReport(c, id, body.data.status);
    return c.json({ message: CATALOG_MESSAGES.reportResolved }, 200);
  });

for (const [name, summary] of Object.entries(DECISION_SUMMARIES) as [keyof typeof DECISIONS, string][])
  moderationRoutes.openapi(
    contractRoute(moderationEndpoints[name], { ...decided, summary }),
    decisionHandler(DECISIONS[name]),
  );
