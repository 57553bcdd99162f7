import { z } from "zod";
import { IMAGE_MIME_TYPES, REVIEW_VIDEO_MAX_BYTES, TEXT_LIMITS } from "../limits.ts";

// Uploads (spec §3 Media: id, link, name, meta). POST /media… take multipart field `file`
// (comment attachments: `attachments[n]`) and answer with the stored media.

export const mediaSchema = z.object({
  id: z.number().int(),
  /** Public URL: `/media/…` on local storage, the bucket's public URL on S3-compatible storage. */
  link: z.string(),
  name: z.string(),
  meta: z.object({
    type: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  }),
  /** BlurHash of the image (spec §9: placeholders are decoded at 100 × 100). */
  blurhash: z.string().nullable(),
});
export type Media = z.infer<typeof mediaSchema>;

export const PRESIGNED_CONTENT_TYPES = [
  ...IMAGE_MIME_TYPES,
  "video/mp4",
  "video/webm",
  "video/quicktime",
] as const;

/** POST /media/presigned: ask for a URL to PUT one file straight into the bucket. */
export const presignedUploadRequestSchema = z.object({
  name: z.string().trim().min(1).max(255),
  content_type: z.enum(PRESIGNED_CONTENT_TYPES),
  size: z.number().int().min(1).max(REVIEW_VIDEO_MAX_BYTES),
});
export type PresignedUploadRequest = z.infer<typeof presignedUploadRequestSchema>;

export const presignedUploadSchema = z.object({
  id: z.number().int(),
  upload_url: z.string().max(TEXT_LIMITS.url * 4),
  method: z.literal("PUT"),
  headers: z.record(z.string(), z.string()),
  link: z.string(),
  expires_in: z.number().int(),
});
export type PresignedUpload = z.infer<typeof presignedUploadSchema>;
