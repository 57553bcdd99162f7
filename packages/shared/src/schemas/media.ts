import { z } from "zod";
import { IMAGE_MIME_TYPES, REVIEW_VIDEO_MAX_BYTES } from "../limits.ts";

// Uploads (spec §3 Media: id, link, name, meta). POST /media… take multipart field `file`
// (comment attachments: `attachments[n]`) and answer with the stored media (replies: api-contract/media.ts).

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
