import { z } from "zod";
import { DECISION_STATUSES } from "../enums.ts";
import { MAX_PER_PAGE } from "../page-sizes.ts";
import { decisionNoteSchema, reportResolutionSchema } from "../schemas/catalog.ts";
import { queryInt } from "../schemas/list-query.ts";
import { pageEnvelope } from "../schemas/page-envelope.ts";
import { idParams, messageReply } from "./common.ts";
import { endpoint } from "./endpoint.ts";

// The admin moderation queues (revisions, nickname removals, new models, verifications, reports): a page of items,
// each with what the caller may do, and the decisions on them.

/** ?status=pending|approved|rejected (pending by default) &page=N &per_page (24 by default). */
export const moderationQueueQuery = z.object({
  page: queryInt().pipe(z.number().int().min(1)).default(1),
  per_page: queryInt().pipe(z.number().int().min(1).max(MAX_PER_PAGE)).optional(),
  status: z.enum(DECISION_STATUSES).default("pending"),
});

const abilities = z.object({ approve: z.boolean(), reject: z.boolean() });
const modelRef = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
const userRef = z.object({ id: z.number().int(), nick_name: z.string() }).nullable();

export const revisionItemReply = z.object({
  id: z.number().int(),
  status: z.string(),
  model: modelRef,
  user: userRef,
  note: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  diff: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  can: abilities,
});
export type RevisionItemReply = z.output<typeof revisionItemReply>;

export const removalItemReply = z.object({
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
  can: abilities,
});
export type RemovalItemReply = z.output<typeof removalItemReply>;

export const newModelItemReply = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  country: z.string().nullable(),
  birthday: z.string().nullable(),
  user: userRef,
  created_at: z.string(),
  can: abilities,
});
export type NewModelItemReply = z.output<typeof newModelItemReply>;

export const verificationItemReply = z.object({
  id: z.number().int(),
  status: z.string(),
  message: z.string().nullable(),
  image_path: z.string().nullable(),
  model: modelRef.extend({ is_verified: z.boolean() }),
  user: userRef,
  created_at: z.string(),
  can: abilities,
});
export type VerificationItemReply = z.output<typeof verificationItemReply>;

export const reportItemReply = z.object({
  id: z.number().int(),
  reason: z.string(),
  text: z.string().nullable(),
  status: z.string(),
  model: modelRef,
  user: userRef,
  created_at: z.string(),
  can: abilities,
});
export type ReportItemReply = z.output<typeof reportItemReply>;

const queue = <T extends z.ZodType>(path: string, item: T) =>
  endpoint({ method: "get", path, query: moderationQueueQuery, reply: pageEnvelope(item) });

/** POST …/{id}/approve|reject with an optional `{note}`; the reply says what happened. All share one type. */
const decision = (path: string) =>
  endpoint({
    method: "post",
    path,
    params: idParams,
    body: decisionNoteSchema,
    optionalBody: true,
    reply: messageReply,
  });

export const moderationEndpoints = {
  revisions: queue("/admin/revisions", revisionItemReply),
  revision: endpoint({
    method: "get",
    path: "/admin/revisions/{id}",
    params: idParams,
    reply: revisionItemReply,
  }),
  approveRevision: decision("/admin/revisions/{id}/approve"),
  rejectRevision: decision("/admin/revisions/{id}/reject"),
  nicknameRemovals: queue("/admin/nickname-removals", removalItemReply),
  approveNicknameRemoval: decision("/admin/nickname-removals/{id}/approve"),
  rejectNicknameRemoval: decision("/admin/nickname-removals/{id}/reject"),
  newModels: queue("/admin/new-models", newModelItemReply),
  approveNewModel: decision("/admin/new-models/{id}/approve"),
  rejectNewModel: decision("/admin/new-models/{id}/reject"),
  verificationRequests: queue("/admin/verification-requests", verificationItemReply),
  approveVerification: decision("/admin/verification-requests/{id}/approve"),
  rejectVerification: decision("/admin/verification-requests/{id}/reject"),
  modelReports: queue("/admin/model-reports", reportItemReply),
  /** status approved (acted on) or rejected; a missing or other status is a 422 on `status`. */
  resolveModelReport: endpoint({
    method: "post",
    path: "/admin/model-reports/{id}/resolve",
    params: idParams,
    body: reportResolutionSchema,
    optionalBody: true,
    reply: messageReply,
  }),
};

/** An approve or reject endpoint of a queue (every one but the reports' resolve). */
export type ModerationDecisionEndpoint = ReturnType<typeof decision>;
