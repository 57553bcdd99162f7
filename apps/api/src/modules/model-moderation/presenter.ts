import type {
  findRevision,
  listModelReports,
  listNewModels,
  listNicknameRemovalRequests,
  listVerificationRequests,
} from "@camatlas/db";
import type {
  NewModelItemReply,
  RemovalItemReply,
  ReportItemReply,
  RevisionItemReply,
  VerificationItemReply,
} from "@camatlas/shared/api-contract";
import { privateMediaLink } from "../media/presenter.ts";
import { revisionDiff } from "../models/model-fields.ts";

export type Abilities = { approve: boolean; reject: boolean };
type RowOf<F extends (...args: never[]) => Promise<{ rows: unknown[] }>> = Awaited<
  ReturnType<F>
>["rows"][number];

const NOTHING: Abilities = { approve: false, reject: false };
/** Only a pending item can still be decided. */
const abilitiesFor = (status: string, can: Abilities) => (status === "pending" ? can : NOTHING);

/** What every queue item tells alike: who submitted it, when, and what the caller may still do with it. */
function submission(
  r: { userId: number | null; userNickName: string | null; createdAt: Date },
  can: Abilities,
  status: string,
) {
  return {
    user: r.userId !== null ? { id: r.userId, nick_name: r.userNickName ?? "" } : null,
    created_at: r.createdAt.toISOString(),
    can: abilitiesFor(status, can),
  };
}

export function presentRevision(
  r: NonNullable<Awaited<ReturnType<typeof findRevision>>>,
  can: Abilities,
  status: string,
): RevisionItemReply {
  return {
    id: r.id,
    status: r.status,
    model: { id: r.modelId, name: r.modelName, slug: r.modelSlug },
    note: r.note,
    reviewed_at: r.reviewedAt?.toISOString() ?? null,
    diff: revisionDiff(r.changes, r.previous),
    ...submission(r, can, status),
  };
}

type RemovalRow = RowOf<typeof listNicknameRemovalRequests>;
type VerificationRow = RowOf<typeof listVerificationRequests>;

export function presentRemoval(r: RemovalRow, can: Abilities): RemovalItemReply {
  return {
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
    ...submission(r, can, r.status),
  };
}

/** New models are listed while they wait (pending), so every one can be decided. */
export function presentNewModel(r: RowOf<typeof listNewModels>, can: Abilities): NewModelItemReply {
  const { id, name, slug, country, birthday } = r;
  return { id, name, slug, country, birthday, ...submission(r, can, "pending") };
}

export function presentVerification(r: VerificationRow, can: Abilities): VerificationItemReply {
  return {
    id: r.id,
    status: r.status,
    message: r.message,
    // Verification photos are private: the admins' media route, never a public /media/ path.
    image_path: r.mediaId !== null ? privateMediaLink(r.mediaId) : null,
    model: { id: r.modelId, name: r.modelName, slug: r.modelSlug, is_verified: r.modelUserId !== null },
    ...submission(r, can, r.status),
  };
}

export function presentReport(r: RowOf<typeof listModelReports>, can: Abilities): ReportItemReply {
  const { id, reason, text, status } = r;
  const model = { id: r.modelId, name: r.modelName, slug: r.modelSlug };
  return { id, reason, text, status, model, ...submission(r, can, status) };
}
