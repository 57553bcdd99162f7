import { type Database, findReviewMedia } from "@camatlas/db";
import { SUCCESS_MESSAGES, USER_REVIEW_MESSAGES, videoDurationLimit } from "@camatlas/shared";
import { type MediaCaller, mediaReferenceErrors } from "../../lib/media-reference.ts";

// The media a review names: the author's own uploads (lib/media-reference.ts), images that are images, and one
// video whose probed length fits the review's word count (spec §9). 422 field errors, or none.

/** The error of `image_media_ids` (its first bad image): someone else's or missing (one text for both), or not an image. */
export async function reviewImageErrors(
  db: Database,
  caller: MediaCaller,
  imageIds: readonly number[] | undefined,
): Promise<Record<string, string[]>> {
  if (!imageIds?.length) return {};
  const field = "image_media_ids";
  const owned = await mediaReferenceErrors(
    db,
    caller,
    imageIds.map((id) => ({ field, id, use: "user_review" as const })),
  );
  if (owned[field]) return owned;
  const rows = await findReviewMedia(db, imageIds);
  return rows.some((row) => row.meta.type === "video")
    ? { [field]: [USER_REVIEW_MESSAGES.notReviewImage] }
    : {};
}

/**
 * Errors of `video_media_id`: someone else's or missing, not a video, failed processing, not probed yet, or longer
 * than the review's words allow.
 */
export async function reviewVideoErrors(
  db: Database,
  caller: MediaCaller,
  videoId: number | null | undefined,
  words: number,
): Promise<Record<string, string[]>> {
  if (videoId == null) return {};
  const field = "video_media_id";
  const owned = await mediaReferenceErrors(db, caller, [{ field, id: videoId, use: "user_review" }]);
  if (owned[field]) return owned;
  const [video] = await findReviewMedia(db, [videoId]);
  const problem = videoProblem(video, words);
  return problem ? { [field]: [problem] } : {};
}

/** Why a video may not go with a review of `words` words, or null when it may. */
export function videoProblem(
  video: { processingStatus: string | null; meta: { type?: string; duration?: number } } | undefined,
  words: number,
): string | null {
  if (video?.meta.type !== "video") return USER_REVIEW_MESSAGES.notReviewVideo;
  if (video.processingStatus === "Error") return USER_REVIEW_MESSAGES.videoFailed;
  const duration = video.meta.duration;
  // The length is probed at upload; until it is known the video cannot be checked against the limit.
  if (typeof duration !== "number") return SUCCESS_MESSAGES.videoStillProcessing;
  const limit = videoDurationLimit(words);
  if (limit === null) return USER_REVIEW_MESSAGES.videoNeedsWords;
  if (duration > limit) return USER_REVIEW_MESSAGES.videoTooLong(Math.ceil(duration), words, limit);
  return null;
}
