import {
  IMAGE_UPLOAD_MAX_BYTES,
  REVIEW_IMAGE_MAX_BYTES,
  REVIEW_VIDEO_MAX_BYTES,
  REVIEW_VIDEO_MAX_SECONDS,
  STORY_VIDEO_MAX_BYTES,
  STORY_VIDEO_MAX_SECONDS,
} from "@camatlas/shared";

/** What an image-or-video upload endpoint takes (sizes in bytes, video length in seconds). */
export interface MediaUploadRules {
  kind: "user_review" | "story";
  imageMaxBytes: number;
  videoMaxBytes: number;
  videoMaxSeconds: number;
}

/** POST /media/user-reviews (spec §5: images ≤ 2,625,536 bytes, a video ≤ 1,000,000,000 bytes). */
export const REVIEW_MEDIA_RULES: MediaUploadRules = {
  kind: "user_review",
  imageMaxBytes: REVIEW_IMAGE_MAX_BYTES,
  videoMaxBytes: REVIEW_VIDEO_MAX_BYTES,
  // The review's own limit (by its words) is checked when the review is saved; the longest any review allows here.
  videoMaxSeconds: REVIEW_VIDEO_MAX_SECONDS,
};

/** POST /media/stories. */
export const STORY_MEDIA_RULES: MediaUploadRules = {
  kind: "story",
  imageMaxBytes: IMAGE_UPLOAD_MAX_BYTES,
  videoMaxBytes: STORY_VIDEO_MAX_BYTES,
  videoMaxSeconds: STORY_VIDEO_MAX_SECONDS,
};

/**
 * The longest video a media kind may hold, for the worker: a file that reached storage without the upload's probe
 * (a presigned upload) is checked against it before it is transcoded.
 */
export function videoMaxSecondsOf(kind: string): number {
  return kind === STORY_MEDIA_RULES.kind
    ? STORY_MEDIA_RULES.videoMaxSeconds
    : REVIEW_MEDIA_RULES.videoMaxSeconds;
}
