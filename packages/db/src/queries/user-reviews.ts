import type { UserReviewStatus } from "@camatlas/shared";
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { camSites } from "../schema/camsites.ts";
import { media } from "../schema/media.ts";
import { models, nicknames } from "../schema/models.ts";
import {
  userReviewImages,
  userReviewNicknames,
  userReviews,
  userReviewVotes,
} from "../schema/user-reviews.ts";
import { users } from "../schema/users.ts";
import { type ModelViewer, modelPageVisibleTo } from "./model-visibility.ts";

// User reviews by camfans: the rows, their nicknames, images and votes, and who may read which.

/** A review's state as lists filter it: the stored status, or "removed" (by an admin; the row is soft-deleted). */
export type UserReviewState = UserReviewStatus | "removed";

/** What one review row carries for its presenter (media as storage paths; the API turns them into links). */
const reviewColumns = {
  id: userReviews.id,
  modelId: userReviews.modelId,
  userId: userReviews.userId,
  title: userReviews.title,
  body: userReviews.body,
  wordCount: userReviews.wordCount,
  rating: userReviews.rating,
  status: userReviews.status,
  removedByAdmin: userReviews.removedByAdmin,
  rejectionReason: userReviews.rejectionReason,
  removalReason: userReviews.removalReason,
  votes: userReviews.votes,
  videoMediaId: userReviews.videoMediaId,
  createdAt: userReviews.createdAt,
  updatedAt: userReviews.updatedAt,
  deletedAt: userReviews.deletedAt,
  modelName: models.name,
  modelSlug: models.slug,
  modelUserId: models.userId,
  authorNickName: users.nickName,
  authorAvatarPath: media.path,
};

function stateCondition(state: UserReviewState): SQL {
  if (state === "removed") return sql`${userReviews.removedByAdmin}`;
  return and(eq(userReviews.status, state), isNull(userReviews.deletedAt))!;
}

/**
 * The reviews a reader may see: every one for admins; her own in any state for an author; otherwise approved
 * ones. Always of a model whose page the reader may see.
 */
function readableBy(viewer: ModelViewer): SQL {
  const page = modelPageVisibleTo(viewer);
  if (viewer.isAdmin) return page;
  const published = and(eq(userReviews.status, "approved"), isNull(userReviews.deletedAt))!;
  const own = viewer.userId !== null ? sql`${userReviews.userId} = ${viewer.userId}` : sql`false`;
  return and(page, sql`(${published} or ${own})`)!;
}

function baseSelect(db: Database) {
  return db
    .select(reviewColumns)
    .from(userReviews)
    .innerJoin(models, eq(models.id, userReviews.modelId))
    .innerJoin(users, eq(users.id, userReviews.userId))
    .leftJoin(media, and(eq(media.id, users.avatarMediaId), isNull(media.deletedAt)));
}

export type UserReviewRow = Awaited<ReturnType<typeof baseSelect>>[number];

export interface UserReviewFilters {
  viewer: ModelViewer;
  modelId?: number | undefined;
  userId?: number | undefined;
  /** The states to list; the reader's rule applies on top. */
  states: readonly UserReviewState[];
  page: number;
  perPage: number;
  /** Newest first (public lists) or oldest first (the admins' queue). */
  order?: "newest" | "oldest";
}

/** A page of reviews the reader may see, with the total. */
export async function listUserReviews(
  db: Database,
  filters: UserReviewFilters,
): Promise<{ rows: UserReviewRow[]; total: number }> {
  // A guest reads published reviews only: the one plain condition lets the partial index answer the count.
  const states =
    filters.viewer.userId === null && !filters.viewer.isAdmin
      ? filters.states.filter((state) => state === "approved")
      : filters.states;
  if (states.length === 0) return { rows: [], total: 0 };
  const conditions: SQL[] = [readableBy(filters.viewer)];
  if (filters.modelId !== undefined) conditions.push(eq(userReviews.modelId, filters.modelId));
  if (filters.userId !== undefined) conditions.push(eq(userReviews.userId, filters.userId));
  const stateConditions = states.map(stateCondition);
  conditions.push(
    stateConditions.length === 1 ? stateConditions[0]! : sql`(${sql.join(stateConditions, sql` or `)})`,
  );
  const where = and(...conditions);
  const order =
    filters.order === "oldest"
      ? [asc(userReviews.createdAt), asc(userReviews.id)]
      : [desc(userReviews.createdAt), desc(userReviews.id)];
  // The page's ids first (narrow rows, sorted by an index), then those rows in full: the sort never carries texts,
  // authors or avatars.
  const [ids, [total]] = await Promise.all([
    db
      .select({ id: userReviews.id })
      .from(userReviews)
      .innerJoin(models, eq(models.id, userReviews.modelId))
      .where(where)
      .orderBy(...order)
      .limit(filters.perPage)
      .offset((filters.page - 1) * filters.perPage),
    db
      .select({ n: count() })
      .from(userReviews)
      .innerJoin(models, eq(models.id, userReviews.modelId))
      .where(where),
  ]);
  if (ids.length === 0) return { rows: [], total: total?.n ?? 0 };
  const byId = new Map(
    (
      await baseSelect(db).where(
        inArray(
          userReviews.id,
          ids.map((r) => r.id),
        ),
      )
    ).map((row) => [row.id, row]),
  );
  const rows = ids.map((r) => byId.get(r.id)).filter((row): row is UserReviewRow => row !== undefined);
  return { rows, total: total?.n ?? 0 };
}

/** One review the reader may see, or null (missing, or not hers to see: answered alike). */
export async function findReadableUserReview(
  db: Database,
  id: number,
  viewer: ModelViewer,
): Promise<UserReviewRow | null> {
  const [row] = await baseSelect(db)
    .where(and(eq(userReviews.id, id), readableBy(viewer)))
    .limit(1);
  return row ?? null;
}

/** One review whatever its state (writes check it themselves), or null. */
export async function findUserReview(db: Database, id: number): Promise<UserReviewRow | null> {
  const [row] = await baseSelect(db).where(eq(userReviews.id, id)).limit(1);
  return row ?? null;
}

export interface UserReviewExtras {
  nicknames: Map<number, { id: number; nickname: string; camSiteId: number; camSiteName: string }[]>;
  images: Map<
    number,
    { id: number; path: string; width: number | null; height: number | null; blurhash: string | null }[]
  >;
  videos: Map<
    number,
    {
      id: number;
      path: string;
      processingStatus: string | null;
      meta: { type?: string; duration?: number; poster?: string };
    }
  >;
  /** The reader's vote per review (absent: none). */
  myVotes: Map<number, number>;
}

/** The nicknames, images, video and the reader's vote of a page of reviews, in four statements. */
export async function loadUserReviewExtras(
  db: Database,
  rows: readonly { id: number; videoMediaId: number | null }[],
  readerId: number | null,
): Promise<UserReviewExtras> {
  const extras: UserReviewExtras = {
    nicknames: new Map(),
    images: new Map(),
    videos: new Map(),
    myVotes: new Map(),
  };
  if (rows.length === 0) return extras;
  const ids = rows.map((r) => r.id);
  const videoIds = rows.map((r) => r.videoMediaId).filter((v): v is number => v !== null);
  const [nicknameRows, imageRows, videoRows, voteRows] = await Promise.all([
    db
      .select({
        reviewId: userReviewNicknames.reviewId,
        id: nicknames.id,
        nickname: nicknames.nickname,
        camSiteId: nicknames.camSiteId,
        camSiteName: camSites.name,
      })
      .from(userReviewNicknames)
      .innerJoin(nicknames, eq(nicknames.id, userReviewNicknames.nicknameId))
      .innerJoin(camSites, eq(camSites.id, nicknames.camSiteId))
      .where(inArray(userReviewNicknames.reviewId, ids))
      .orderBy(asc(nicknames.nickname)),
    db
      .select({
        reviewId: userReviewImages.reviewId,
        id: media.id,
        path: media.path,
        width: media.width,
        height: media.height,
        blurhash: media.blurhash,
      })
      .from(userReviewImages)
      .innerJoin(media, and(eq(media.id, userReviewImages.mediaId), isNull(media.deletedAt)))
      .where(inArray(userReviewImages.reviewId, ids))
      .orderBy(asc(userReviewImages.position)),
    videoIds.length
      ? db
          .select({
            id: media.id,
            path: media.path,
            processingStatus: media.processingStatus,
            meta: media.meta,
          })
          .from(media)
          .where(and(inArray(media.id, videoIds), isNull(media.deletedAt)))
      : Promise.resolve([]),
    readerId !== null
      ? db
          .select({ reviewId: userReviewVotes.reviewId, value: userReviewVotes.value })
          .from(userReviewVotes)
          .where(and(inArray(userReviewVotes.reviewId, ids), eq(userReviewVotes.userId, readerId)))
      : Promise.resolve([]),
  ]);
  for (const { reviewId, ...nickname } of nicknameRows) push(extras.nicknames, reviewId, nickname);
  for (const { reviewId, ...image } of imageRows) push(extras.images, reviewId, image);
  for (const video of videoRows) extras.videos.set(video.id, video as never);
  for (const vote of voteRows) extras.myVotes.set(vote.reviewId, vote.value);
  return extras;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Which of `ids` are live nicknames of the model. */
export async function nicknamesOfModel(
  db: Database,
  modelId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: nicknames.id })
    .from(nicknames)
    .where(and(eq(nicknames.modelId, modelId), inArray(nicknames.id, [...ids]), isNull(nicknames.deletedAt)));
  return rows.map((r) => r.id);
}

/** The media rows a review names, for the checks of its images and video (owner, type, probed length). */
export async function findReviewMedia(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: media.id,
      userId: media.userId,
      kind: media.kind,
      processingStatus: media.processingStatus,
      meta: media.meta,
    })
    .from(media)
    .where(and(inArray(media.id, [...ids]), isNull(media.deletedAt)));
}

/** Whether the user has a live review of the model (pending, approved or hidden; rejected and removed do not count). */
export async function hasLiveUserReview(db: Database, userId: number, modelId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: userReviews.id })
    .from(userReviews)
    .where(
      and(
        eq(userReviews.userId, userId),
        eq(userReviews.modelId, modelId),
        isNull(userReviews.deletedAt),
        sql`${userReviews.status} <> 'rejected'`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export interface UserReviewWrite {
  title: string;
  body: string;
  wordCount: number;
  rating: number;
  videoMediaId: number | null;
}

async function replaceLinks(
  tx: Database,
  reviewId: number,
  nicknameIds: readonly number[] | undefined,
  imageIds: readonly number[] | undefined,
) {
  if (nicknameIds) {
    await tx.delete(userReviewNicknames).where(eq(userReviewNicknames.reviewId, reviewId));
    if (nicknameIds.length)
      await tx
        .insert(userReviewNicknames)
        .values(nicknameIds.map((nicknameId) => ({ reviewId, nicknameId })));
  }
  if (imageIds) {
    await tx.delete(userReviewImages).where(eq(userReviewImages.reviewId, reviewId));
    if (imageIds.length)
      await tx
        .insert(userReviewImages)
        .values(imageIds.map((mediaId, position) => ({ reviewId, mediaId, position })));
  }
}

/** A new pending review with its nicknames and images (run inside a transaction). */
export async function insertUserReview(
  tx: Database,
  values: UserReviewWrite & { modelId: number; userId: number },
  nicknameIds: readonly number[],
  imageIds: readonly number[],
): Promise<number> {
  const [row] = await tx.insert(userReviews).values(values).returning({ id: userReviews.id });
  await replaceLinks(tx, row!.id, nicknameIds, imageIds);
  return row!.id;
}

/** The author's edit: the given fields, back to pending (run inside a transaction). */
export async function updateUserReview(
  tx: Database,
  id: number,
  values: Partial<UserReviewWrite>,
  nicknameIds: readonly number[] | undefined,
  imageIds: readonly number[] | undefined,
): Promise<void> {
  await tx
    .update(userReviews)
    .set({ ...values, status: "pending", rejectionReason: null, reviewedAt: null, reviewedByUserId: null })
    .where(eq(userReviews.id, id));
  await replaceLinks(tx, id, nicknameIds, imageIds);
}

/**
 * Moves a review from one status to another; false when it is no longer in `from` (someone decided first), so
 * two admins deciding at once cannot both win.
 */
export async function changeUserReviewStatus(
  tx: Database,
  id: number,
  change: {
    from: readonly UserReviewStatus[];
    to: UserReviewStatus;
    byUserId: number;
    reason?: string | null;
    now?: Date;
  },
): Promise<boolean> {
  const rows = await tx
    .update(userReviews)
    .set({
      status: change.to,
      reviewedByUserId: change.byUserId,
      reviewedAt: change.now ?? new Date(),
      ...(change.to === "rejected" ? { rejectionReason: change.reason ?? null } : {}),
    })
    .where(
      and(
        eq(userReviews.id, id),
        isNull(userReviews.deletedAt),
        inArray(userReviews.status, [...change.from]),
      ),
    )
    .returning({ id: userReviews.id });
  return rows.length > 0;
}

/**
 * An admin removes a published (or hidden) review: soft-deleted and marked, and the author's count of removed
 * reviews goes up (three end her reviewing). False when it is not published any more.
 */
export async function removeUserReviewByAdmin(
  tx: Database,
  id: number,
  change: { byUserId: number; reason: string; now?: Date },
): Promise<boolean> {
  const now = change.now ?? new Date();
  const [row] = await tx
    .update(userReviews)
    .set({
      removedByAdmin: true,
      removalReason: change.reason,
      deletedAt: now,
      reviewedByUserId: change.byUserId,
      reviewedAt: now,
    })
    .where(
      and(
        eq(userReviews.id, id),
        isNull(userReviews.deletedAt),
        inArray(userReviews.status, ["approved", "hidden_by_model"]),
      ),
    )
    .returning({ userId: userReviews.userId });
  if (!row) return false;
  await tx
    .update(users)
    .set({ countReviewsRemovedByAdmin: sql`${users.countReviewsRemovedByAdmin} + 1` })
    .where(eq(users.id, row.userId));
  return true;
}

/** The author's reviews an admin removed, newest first, per author (the queue shows them beside each review). */
export async function listRemovedUserReviewsOf(db: Database, userIds: readonly number[]) {
  if (userIds.length === 0) return new Map<number, RemovedReview[]>();
  const rows = await db
    .select({
      userId: userReviews.userId,
      id: userReviews.id,
      title: userReviews.title,
      modelId: models.id,
      modelName: models.name,
      modelSlug: models.slug,
      reason: userReviews.removalReason,
      removedAt: userReviews.deletedAt,
    })
    .from(userReviews)
    .innerJoin(models, eq(models.id, userReviews.modelId))
    .where(and(inArray(userReviews.userId, [...userIds]), eq(userReviews.removedByAdmin, true)))
    .orderBy(desc(userReviews.deletedAt));
  const byUser = new Map<number, RemovedReview[]>();
  for (const { userId, ...review } of rows) push(byUser, userId, review);
  return byUser;
}

export interface RemovedReview {
  id: number;
  title: string;
  modelId: number;
  modelName: string;
  modelSlug: string;
  reason: string | null;
  removedAt: Date | null;
}

/**
 * The user's vote on a review: the same value again takes it back. The review's total follows in the same
 * statement order (run inside a transaction). Returns the new total and the user's vote (0: none).
 */
export async function voteUserReview(
  tx: Database,
  reviewId: number,
  userId: number,
  value: 1 | -1,
): Promise<{ votes: number; myVote: number }> {
  const [previous] = await tx
    .select({ value: userReviewVotes.value })
    .from(userReviewVotes)
    .where(and(eq(userReviewVotes.reviewId, reviewId), eq(userReviewVotes.userId, userId)))
    .for("update");
  let delta: number;
  let myVote: number;
  if (previous?.value === value) {
    await tx
      .delete(userReviewVotes)
      .where(and(eq(userReviewVotes.reviewId, reviewId), eq(userReviewVotes.userId, userId)));
    delta = -value;
    myVote = 0;
  } else {
    await tx
      .insert(userReviewVotes)
      .values({ reviewId, userId, value })
      .onConflictDoUpdate({ target: [userReviewVotes.reviewId, userReviewVotes.userId], set: { value } });
    delta = value - (previous?.value ?? 0);
    myVote = value;
  }
  const [row] = await tx
    .update(userReviews)
    .set({ votes: sql`${userReviews.votes} + ${delta}` })
    .where(eq(userReviews.id, reviewId))
    .returning({ votes: userReviews.votes });
  return { votes: row?.votes ?? 0, myVote };
}

/** The number of reviews an admin removed of a user (the profile's count_reviews_removed_by_admin). */
export async function countRemovedUserReviews(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: users.countReviewsRemovedByAdmin })
    .from(users)
    .where(eq(users.id, userId));
  return row?.n ?? 0;
}

/** How many approved reviews each model has (the User Reviews tab's count). */
export async function countApprovedUserReviews(db: Database, modelId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userReviews)
    .where(
      and(
        eq(userReviews.modelId, modelId),
        eq(userReviews.status, "approved"),
        isNull(userReviews.deletedAt),
      ),
    );
  return row?.n ?? 0;
}
