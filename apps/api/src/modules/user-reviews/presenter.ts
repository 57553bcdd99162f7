import type { RemovedReview, UserReviewExtras, UserReviewRow } from "@camatlas/db";
import type {
  AdminUserReviewItemReply,
  UserReviewReply,
  UserReviewState,
} from "@camatlas/shared/api-contract";
import type { MediaStorage } from "../media/storage.ts";
import type { UserReviewAbilities } from "./policy.ts";

type Storage = Pick<MediaStorage, "publicUrl">;

export function stateOf(row: Pick<UserReviewRow, "status" | "removedByAdmin">): UserReviewState {
  return row.removedByAdmin ? "removed" : row.status;
}

/**
 * A review as a reader sees it. Why an admin rejected or removed it only its author and admins read
 * (`showReason`); media are links.
 */
export function presentUserReview(
  row: UserReviewRow,
  extras: UserReviewExtras,
  can: UserReviewAbilities,
  storage: Storage,
  showReason: boolean,
): UserReviewReply {
  const video = row.videoMediaId !== null ? extras.videos.get(row.videoMediaId) : undefined;
  const reason = row.removedByAdmin
    ? row.removalReason
    : row.status === "rejected"
      ? row.rejectionReason
      : null;
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    word_count: row.wordCount,
    rating: row.rating,
    state: stateOf(row),
    votes: row.votes,
    my_vote: extras.myVotes.get(row.id) ?? 0,
    model: { id: row.modelId, name: row.modelName, slug: row.modelSlug },
    author: {
      id: row.userId,
      nick_name: row.authorNickName,
      avatar_path: row.authorAvatarPath ? storage.publicUrl(row.authorAvatarPath) : null,
    },
    nicknames: (extras.nicknames.get(row.id) ?? []).map((n) => ({
      id: n.id,
      nickname: n.nickname,
      cam_site_id: n.camSiteId,
      cam_site_name: n.camSiteName,
    })),
    images: (extras.images.get(row.id) ?? []).map((image) => ({
      id: image.id,
      link: storage.publicUrl(image.path),
      width: image.width,
      height: image.height,
      blurhash: image.blurhash,
    })),
    video: video
      ? {
          id: video.id,
          link: storage.publicUrl(video.path),
          poster: video.meta.poster ? storage.publicUrl(video.meta.poster) : null,
          processing_status: video.processingStatus,
          duration: video.meta.duration ?? null,
        }
      : null,
    decision_reason: showReason ? reason : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    can,
  };
}

/** A queue item: the review and the author's earlier reviews an admin removed. */
export function presentQueueItem(
  review: UserReviewReply,
  removed: readonly RemovedReview[],
  countRemoved: number,
): AdminUserReviewItemReply {
  return {
    ...review,
    author_history: {
      count_reviews_removed_by_admin: countRemoved,
      removed: removed.map((r) => ({
        id: r.id,
        title: r.title,
        model: { id: r.modelId, name: r.modelName, slug: r.modelSlug },
        reason: r.reason,
        removed_at: r.removedAt?.toISOString() ?? null,
      })),
    },
  };
}
