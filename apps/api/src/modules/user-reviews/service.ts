import {
  changeUserReviewStatus,
  countRemovedUserReviews,
  type Database,
  findModelDetail,
  findReadableUserReview,
  findUserReview,
  hasLiveUserReview,
  insertUserReview,
  listRemovedUserReviewsOf,
  listUserReviews,
  loadUserReviewExtras,
  nicknamesOfModel,
  notifyUser,
  removeUserReviewByAdmin,
  type UserReviewRow,
  type UserReviewState,
  updateUserReview,
  voteUserReview,
} from "@camatlas/db";
import {
  CATALOG_MESSAGES,
  canCreateReview,
  countWords,
  ROLE,
  SUCCESS_MESSAGES,
  USER_REVIEW_MESSAGES,
  USER_REVIEW_NOTICES,
  type UserReviewStatus,
} from "@camatlas/shared";
import type {
  AdminUserReviewItemReply,
  UserReviewCreate,
  UserReviewReply,
  UserReviewUpdate,
} from "@camatlas/shared/api-contract";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { audit } from "../../lib/audit.ts";
import { currentUser } from "../../lib/current-user.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { ApiError, forbidden, notFound, validationFailed } from "../../lib/http-errors.ts";
import { canSeeModel } from "../models/service.ts";
import { actorOf, viewerOf } from "../models/viewer.ts";
import { type ReviewActor, userReviewAbilities } from "./policy.ts";
import { presentQueueItem, presentUserReview } from "./presenter.ts";
import { reviewImageErrors, reviewVideoErrors } from "./review-media.ts";

/** The review's own page: where notifications about it lead. */
export const reviewUrl = (id: number) => `/user-reviews/${id}`;

const EVERY_STATE: readonly UserReviewState[] = [
  "pending",
  "approved",
  "rejected",
  "hidden_by_model",
  "removed",
];
/** What a list shows by default (spec §4): approved ones, and hidden ones to those who may see them. */
const SHOWN_STATES: readonly UserReviewState[] = ["approved", "hidden_by_model"];

/** Rows as replies, with their nicknames, media, the reader's votes and abilities (four statements per page). */
async function present(c: Context<AppEnv>, rows: UserReviewRow[]): Promise<UserReviewReply[]> {
  const { db, storage } = c.var.deps;
  const actor: ReviewActor = actorOf(c);
  const extras = await loadUserReviewExtras(db, rows, actor?.id ?? null);
  const isAdmin = actor?.roleId === ROLE.admin;
  return rows.map((row) =>
    presentUserReview(
      row,
      extras,
      userReviewAbilities(actor, row),
      storage,
      isAdmin || actor?.id === row.userId,
    ),
  );
}

export async function presentOne(c: Context<AppEnv>, row: UserReviewRow): Promise<UserReviewReply> {
  const [reply] = await present(c, [row]);
  return reply!;
}

/** GET /user-reviews: a page the caller may read (own reviews in every state; others' approved ones). */
export async function listReviews(
  c: Context<AppEnv>,
  query: { model_id?: number; user_id?: number; status?: UserReviewState; page: number; per_page: number },
) {
  const viewer = viewerOf(c);
  const ownList = query.user_id !== undefined && (viewer.isAdmin || viewer.userId === query.user_id);
  const states = query.status ? [query.status] : ownList ? EVERY_STATE : SHOWN_STATES;
  const { rows, total } = await listUserReviews(c.var.deps.db, {
    viewer,
    modelId: query.model_id,
    userId: query.user_id,
    states,
    page: query.page,
    perPage: query.per_page,
  });
  return { items: await present(c, rows), total };
}

/** One review the caller may read; 404 otherwise (missing and not-hers-to-see alike). */
export async function showReview(c: Context<AppEnv>, id: number): Promise<UserReviewReply> {
  const row = await findReadableUserReview(c.var.deps.db, id, viewerOf(c));
  if (!row) throw notFound();
  return presentOne(c, row);
}

/** Camgirls and users with three reviews removed by admin may not write (spec §5); 422 with the spec's text. */
async function assertMayWrite(db: Database, user: { id: number; roleId: number }) {
  const eligibility = canCreateReview({
    roleId: user.roleId,
    countReviewsRemovedByAdmin: await countRemovedUserReviews(db, user.id),
  });
  if (eligibility.allowed) return;
  const text =
    eligibility.reason === "camgirl" ? USER_REVIEW_MESSAGES.camgirlsCannotReview : eligibility.message;
  throw validationFailed({ review: [text] }, text);
}

const alreadyReviewed = () => validationFailed({ model_id: [USER_REVIEW_MESSAGES.alreadyReviewed] });

/** Field errors of the nicknames (of the review's model) and the media (the author's own; the video's length). */
async function fieldErrors(
  db: Database,
  user: { id: number; roleId: number },
  modelId: number,
  fields: {
    nicknameIds?: readonly number[];
    imageIds?: readonly number[];
    videoId?: number | null;
    words: number;
  },
) {
  const errors: Record<string, string[]> = {};
  if (fields.nicknameIds) {
    const ofModel = await nicknamesOfModel(db, modelId, fields.nicknameIds);
    if (ofModel.length !== fields.nicknameIds.length)
      errors.nickname_ids = [USER_REVIEW_MESSAGES.nicknameNotOfModel];
  }
  Object.assign(
    errors,
    await reviewImageErrors(db, user, fields.imageIds),
    await reviewVideoErrors(db, user, fields.videoId, fields.words),
  );
  return errors;
}

/** POST /user-reviews: a pending review, seen by others once an admin approves it. */
export async function createReview(c: Context<AppEnv>, body: UserReviewCreate): Promise<UserReviewReply> {
  const { db } = c.var.deps;
  const user = currentUser(c);
  await assertMayWrite(db, user);
  const model = await findModelDetail(db, body.model_id);
  if (!model || model.mergedIntoModelId !== null || !(await canSeeModel(c, db, model)))
    throw validationFailed({ model_id: [CATALOG_MESSAGES.unknownModel] });
  if (await hasLiveUserReview(db, user.id, model.id)) throw alreadyReviewed();
  const words = countWords(body.body);
  const errors = await fieldErrors(db, user, model.id, {
    nicknameIds: body.nickname_ids,
    imageIds: body.image_media_ids,
    videoId: body.video_media_id,
    words,
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
  try {
    const id = await db.transaction((tx) =>
      insertUserReview(
        tx,
        {
          modelId: model.id,
          userId: user.id,
          title: body.title,
          body: body.body,
          wordCount: words,
          rating: body.rating,
          videoMediaId: body.video_media_id ?? null,
        },
        body.nickname_ids,
        body.image_media_ids ?? [],
      ),
    );
    return presentOne(c, (await findUserReview(db, id))!);
  } catch (error) {
    // Two submissions at once: the partial unique index keeps one.
    if (isUniqueViolation(error)) throw alreadyReviewed();
    throw error;
  }
}

/** PUT /user-reviews/{id}: the author's edit; the review goes back to the admins. */
export async function updateReview(
  c: Context<AppEnv>,
  id: number,
  body: UserReviewUpdate,
): Promise<UserReviewReply> {
  const { db } = c.var.deps;
  const user = currentUser(c);
  const row = await findUserReview(db, id);
  if (!row || (row.deletedAt && !row.removedByAdmin)) throw notFound();
  if (row.userId !== user.id) throw forbidden();
  if (!userReviewAbilities(user, row).edit)
    throw validationFailed({ review: [USER_REVIEW_MESSAGES.notEditable] });
  await assertMayWrite(db, user);
  const words = body.body !== undefined ? countWords(body.body) : row.wordCount;
  // A shorter text may no longer carry the video it had: the kept video is checked again.
  const videoId = body.video_media_id !== undefined ? body.video_media_id : row.videoMediaId;
  const errors = await fieldErrors(db, user, row.modelId, {
    nicknameIds: body.nickname_ids,
    imageIds: body.image_media_ids,
    videoId: body.video_media_id !== undefined || body.body !== undefined ? videoId : null,
    words,
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
  try {
    await db.transaction((tx) =>
      updateUserReview(
        tx,
        id,
        {
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.body !== undefined ? { body: body.body, wordCount: words } : {}),
          ...(body.rating !== undefined ? { rating: body.rating } : {}),
          ...(body.video_media_id !== undefined ? { videoMediaId: body.video_media_id } : {}),
        },
        body.nickname_ids,
        body.image_media_ids,
      ),
    );
  } catch (error) {
    // A rejected review edited while a newer one of the same model is live.
    if (isUniqueViolation(error)) throw alreadyReviewed();
    throw error;
  }
  return presentOne(c, (await findUserReview(db, id))!);
}

/** POST /user-reviews/{id}/vote: up or down on a published review of someone else. */
export async function voteReview(c: Context<AppEnv>, id: number, value: 1 | -1) {
  const { db } = c.var.deps;
  const user = currentUser(c);
  const row = await findReadableUserReview(db, id, viewerOf(c));
  if (!row) throw notFound();
  if (!userReviewAbilities(user, row).vote)
    throw validationFailed({
      value: [row.userId === user.id ? USER_REVIEW_MESSAGES.ownReview : USER_REVIEW_MESSAGES.notVotable],
    });
  return db.transaction((tx) => voteUserReview(tx, id, user.id, value));
}

/** Tells the author about a decision on her review, with a link to it. */
function notifyAuthor(
  tx: Database,
  row: UserReviewRow,
  type: keyof typeof USER_REVIEW_NOTICES,
  reason?: string | null,
) {
  const notice = USER_REVIEW_NOTICES[type];
  const text = reason ? `${notice.text(row.modelName)} ${reason}` : notice.text(row.modelName);
  return notifyUser(tx, row.userId, `user_review.${type}`, {
    title: notice.title,
    text,
    models_ids: [row.modelId],
    models: [{ id: row.modelId, name: row.modelName, slug: row.modelSlug }],
    url: reviewUrl(row.id),
  });
}

/** POST /user-reviews/{id}/hide: the bound camgirl hides a published review of her model. */
export async function hideReview(c: Context<AppEnv>, id: number): Promise<void> {
  const { db } = c.var.deps;
  const user = currentUser(c);
  // Reviews she may not read (pending, rejected, removed) are not there for her.
  const row = await findReadableUserReview(db, id, viewerOf(c));
  if (!row || row.deletedAt) throw notFound();
  if (row.modelUserId !== user.id) throw forbidden();
  if (!userReviewAbilities(user, row).hide)
    throw validationFailed({ review: [USER_REVIEW_MESSAGES.notHideable] });
  await db.transaction(async (tx) => {
    const changed = await changeUserReviewStatus(tx, id, {
      from: ["approved"],
      to: "hidden_by_model",
      byUserId: user.id,
    });
    if (!changed) throw validationFailed({ review: [USER_REVIEW_MESSAGES.notHideable] });
    await audit(c, tx, {
      action: "user_review.hidden_by_model",
      subjectType: "user_review",
      subjectId: id,
      changes: { status: { from: "approved", to: "hidden_by_model" } },
    });
    await notifyAuthor(tx, row, "hidden");
  });
}

const alreadyDecided = () => new ApiError(409, USER_REVIEW_MESSAGES.alreadyDecided);

export type Decision = "approve" | "reject";
const DECIDED: Record<Decision, { to: UserReviewStatus; notice: "approved" | "rejected" }> = {
  approve: { to: "approved", notice: "approved" },
  reject: { to: "rejected", notice: "rejected" },
};

/** One admin decision on a pending review, in the caller's transaction; false when it was no longer pending. */
async function decideIn(
  c: Context<AppEnv>,
  tx: Database,
  row: UserReviewRow,
  decision: Decision,
  reason: string | null | undefined,
): Promise<boolean> {
  const { to, notice } = DECIDED[decision];
  const changed = await changeUserReviewStatus(tx, row.id, {
    from: ["pending"],
    to,
    byUserId: currentUser(c).id,
    reason,
  });
  if (!changed) return false;
  await audit(c, tx, {
    action: `user_review.${notice}`,
    subjectType: "user_review",
    subjectId: row.id,
    changes: { status: { from: "pending", to }, ...(reason ? { reason } : {}) },
  });
  await notifyAuthor(tx, row, notice, decision === "reject" ? reason : null);
  return true;
}

/** POST /admin/user-reviews/{id}/approve|reject: 404 when missing, 409 when decided already. */
export async function decideReview(
  c: Context<AppEnv>,
  id: number,
  decision: Decision,
  reason: string | null | undefined,
): Promise<string> {
  const { db } = c.var.deps;
  const row = await findUserReview(db, id);
  if (!row || row.deletedAt) throw notFound();
  await db.transaction(async (tx) => {
    if (!(await decideIn(c, tx, row, decision, reason))) throw alreadyDecided();
  });
  return decision === "approve" ? SUCCESS_MESSAGES.reviewConfirmed : SUCCESS_MESSAGES.reviewRejected;
}

/** POST /admin/user-reviews/bulk: every pending one of `ids` decided alike in one transaction; the others skipped. */
export async function decideReviews(
  c: Context<AppEnv>,
  ids: readonly number[],
  decision: Decision,
  reason: string | null | undefined,
): Promise<number> {
  const { db } = c.var.deps;
  const rows = (await Promise.all(ids.map((id) => findUserReview(db, id)))).filter(
    (row): row is UserReviewRow => row !== null && row.deletedAt === null,
  );
  return db.transaction(async (tx) => {
    let decided = 0;
    for (const row of rows) if (await decideIn(c, tx, row, decision, reason)) decided++;
    return decided;
  });
}

/** POST /admin/user-reviews/{id}/remove: a published or hidden review goes, counting towards the author's three. */
export async function removeReview(c: Context<AppEnv>, id: number, reason: string): Promise<void> {
  const { db } = c.var.deps;
  const admin = currentUser(c);
  const row = await findUserReview(db, id);
  if (!row || (row.deletedAt && !row.removedByAdmin)) throw notFound();
  await db.transaction(async (tx) => {
    if (!(await removeUserReviewByAdmin(tx, id, { byUserId: admin.id, reason })))
      throw new ApiError(
        409,
        row.removedByAdmin ? USER_REVIEW_MESSAGES.alreadyDecided : USER_REVIEW_MESSAGES.notDecidable,
      );
    await audit(c, tx, {
      action: "user_review.removed",
      subjectType: "user_review",
      subjectId: id,
      changes: { removed_by_admin: { from: false, to: true }, status: row.status, reason },
    });
    await notifyAuthor(tx, row, "removed", reason);
  });
}

/** GET /admin/user-reviews: the queue (pending first-come first-served), each with its author's removed reviews. */
export async function adminQueue(
  c: Context<AppEnv>,
  query: { status: UserReviewState; model_id?: number; user_id?: number; page: number; per_page: number },
): Promise<{ items: AdminUserReviewItemReply[]; total: number }> {
  const { db } = c.var.deps;
  const { rows, total } = await listUserReviews(db, {
    viewer: viewerOf(c),
    modelId: query.model_id,
    userId: query.user_id,
    states: [query.status],
    page: query.page,
    perPage: query.per_page,
    order: query.status === "pending" ? "oldest" : "newest",
  });
  const [replies, removed] = await Promise.all([
    present(c, rows),
    listRemovedUserReviewsOf(db, [...new Set(rows.map((r) => r.userId))]),
  ]);
  const items = replies.map((reply) => {
    const history = removed.get(reply.author.id) ?? [];
    return presentQueueItem(reply, history, history.length);
  });
  return { items, total };
}
