import { z } from "zod";
import { TEXT_LIMITS } from "../limits.ts";
import { presignedUploadRequestSchema } from "../schemas/media.ts";
import { idParams, messageReply } from "./common.ts";
import { endpoint } from "./endpoint.ts";

// Uploads (spec §3 Media: id, link, name, meta): images are re-encoded as webp and answered as stored media.

export const mediaReply = z.object({
  id: z.number().int(),
  /** Public URL: `/media/…` on local storage, the bucket's public URL on S3-compatible storage. */
  link: z.string(),
  name: z.string(),
  meta: z.object({
    type: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    /** Videos: length in seconds, probed at upload. */
    duration: z.number().nonnegative().optional(),
  }),
  /** BlurHash of the image (spec §9: placeholders are decoded at 100 × 100); a video's, of its poster frame. */
  blurhash: z.string().nullable(),
  /** Videos: the poster frame's URL once processed. */
  poster: z.string().nullable().optional(),
  /** Videos (spec §4): Queued, Processing, Complete or Error; only Complete and Error are final. */
  processing_status: z.string().nullable().optional(),
});
export type MediaReply = z.output<typeof mediaReply>;

/** GET /media/{id}/processing: where a video is in processing, with the spec's text for it (spec §4, §8). */
export const videoProcessingReply = z.object({
  id: z.number().int(),
  status: z.string(),
  message: z.string(),
  /** Complete and Error: the client stops polling. */
  finished: z.boolean(),
  /** The media as it now is (its MP4 link and poster once Complete). */
  media: mediaReply,
});
export type VideoProcessingReply = z.output<typeof videoProcessingReply>;

export const presignedUploadReply = z.object({
  id: z.number().int(),
  upload_url: z.string().max(TEXT_LIMITS.url * 4),
  method: z.literal("PUT"),
  headers: z.record(z.string(), z.string()),
  link: z.string(),
  expires_in: z.number().int(),
});
export type PresignedUploadReply = z.output<typeof presignedUploadReply>;

/** POST /media/create-by-url, /media/avatar-from-url: the address of an image on the web. */
export const mediaUrlRequestSchema = z.object({ url: z.string().trim().min(1).max(TEXT_LIMITS.url) });
export type MediaUrlRequest = z.input<typeof mediaUrlRequestSchema>;

/**
 * The query of a local signed upload link: when it expires (Unix seconds) and its HMAC. Any value is taken here: a
 * wrong one is a link that does not exist (404), like a wrong id.
 */
export const directUploadQuerySchema = z.object({
  expires: z.string().max(32),
  signature: z.string().max(128),
});

/** A multipart form with one file field; the handler reads and checks the file (size, sniffed type). */
const fileForm = (field: string) =>
  z.object({ [field]: z.any().optional().meta({ type: "string", format: "binary" }) });

/** POST one image in the multipart field `file`. */
const singleUpload = (path: string) =>
  endpoint({
    method: "post",
    path,
    form: fileForm("file"),
    optionalBody: true,
    reply: mediaReply,
    status: 201,
  });

export const mediaEndpoints = {
  upload: singleUpload("/media"),
  avatar: singleUpload("/media/avatar"),
  featuredModel: singleUpload("/media/featured-model"),
  verificationImage: singleUpload("/media/verification-image"),
  /** Fields attachments[0], attachments[1], … (at most COMMENT_ATTACHMENTS_MAX). */
  commentAttachments: endpoint({
    method: "post",
    path: "/media/comment-attachments",
    form: fileForm("attachments[0]"),
    optionalBody: true,
    reply: z.array(mediaReply),
    status: 201,
  }),
  /**
   * A user review's image (jpg/png/webp ≤ REVIEW_IMAGE_MAX_BYTES, re-encoded as webp) or video (mp4/mov/webm/mkv ≤
   * REVIEW_VIDEO_MAX_BYTES, at most REVIEW_VIDEO_MAX_SECONDS long), sniffed by content. A video is probed, stored and
   * queued for processing (processing_status Queued); poll `processing` until it is final.
   */
  userReview: singleUpload("/media/user-reviews"),
  /** A story's image or video (≤ STORY_VIDEO_MAX_BYTES, ≤ STORY_VIDEO_MAX_SECONDS), like `userReview`. */
  story: singleUpload("/media/stories"),
  /** Its owner or an admin: a video's processing status (polled every VIDEO_STATUS_POLL_MS until finished). */
  processing: endpoint({
    method: "get",
    path: "/media/{id}/processing",
    params: idParams,
    reply: videoProcessingReply,
  }),
  /**
   * A URL to PUT one file to: straight into S3-compatible storage, or a signed link on the site with the local folder.
   * The row it answers is usable by nothing until `complete` has checked the file.
   */
  presigned: endpoint({
    method: "post",
    path: "/media/presigned",
    body: presignedUploadRequestSchema,
    reply: presignedUploadReply,
    status: 201,
  }),
  /** Fetches an image from a public http(s) address (SSRF-guarded) and stores it like an upload. */
  createByUrl: endpoint({
    method: "post",
    path: "/media/create-by-url",
    body: mediaUrlRequestSchema,
    reply: mediaReply,
    status: 201,
  }),
  /** The same, stored as the caller's avatar picture. */
  avatarFromUrl: endpoint({
    method: "post",
    path: "/media/avatar-from-url",
    body: mediaUrlRequestSchema,
    reply: mediaReply,
    status: 201,
  }),
  /**
   * The local store's signed upload link (POST /media/presigned without S3): the raw file as the body, its announced
   * type and size; the signature and expiry in the query are the credential.
   */
  directUpload: endpoint({
    method: "put",
    path: "/media/uploads/{id}",
    params: idParams,
    query: directUploadQuerySchema,
    reply: mediaReply,
  }),
  /**
   * The uploader, after the presigned PUT (either store): the file is read back, checked (size, type by its bytes),
   * an image re-encoded, a video queued; a refused file is deleted with its row. Calling it again answers the same.
   */
  complete: endpoint({
    method: "post",
    path: "/media/{id}/complete",
    params: idParams,
    reply: mediaReply,
  }),
  /** Its owner or an admin. */
  delete: endpoint({ method: "delete", path: "/media/{id}", params: idParams, reply: messageReply }),
  /**
   * Admins: a private file (a verification photo), never public. The image's bytes (local storage, `Cache-Control:
   * private, no-store`) or a 302 to a signed link that expires within a minute (S3-compatible storage).
   */
  privateFile: endpoint({
    method: "get",
    path: "/admin/media/{id}/file",
    params: idParams,
    reply: z.string().meta({ type: "string", format: "binary" }),
  }),
};

/** An endpoint that takes one image in the field `file`. */
export type SingleUploadEndpoint = ReturnType<typeof singleUpload>;
