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
  }),
  /** BlurHash of the image (spec §9: placeholders are decoded at 100 × 100). */
  blurhash: z.string().nullable(),
});
export type MediaReply = z.output<typeof mediaReply>;

export const presignedUploadReply = z.object({
  id: z.number().int(),
  upload_url: z.string().max(TEXT_LIMITS.url * 4),
  method: z.literal("PUT"),
  headers: z.record(z.string(), z.string()),
  link: z.string(),
  expires_in: z.number().int(),
});
export type PresignedUploadReply = z.output<typeof presignedUploadReply>;

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
  /** A URL to PUT one file straight into S3-compatible storage; 404 while media live in the local folder. */
  presigned: endpoint({
    method: "post",
    path: "/media/presigned",
    body: presignedUploadRequestSchema,
    reply: presignedUploadReply,
    status: 201,
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
