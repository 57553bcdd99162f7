import { deleteMedia, findMediaById, insertMedia, type MediaKind } from "@camatlas/db";
import {
  API_MESSAGES,
  AVATAR_MAX_DIMENSION,
  COMMENT_ATTACHMENTS_MAX,
  IMAGE_MAX_DIMENSION,
  IMAGE_UPLOAD_MAX_BYTES,
  PRESIGNED_UPLOAD_TTL_SECONDS,
  ROLE,
  SHELL_MESSAGES,
  VALIDATION_MESSAGES,
} from "@camatlas/shared";
import {
  mediaSchema,
  presignedUploadRequestSchema,
  presignedUploadSchema,
} from "@camatlas/shared/schemas/media";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { forbidden, notFound, validationFailed } from "../../lib/http-errors.ts";
import { requireUser } from "../../middleware/authenticate.ts";
import { rateLimit } from "../../middleware/rate-limit.ts";
import { requireAdmin } from "../../middleware/require-role.ts";
import { presentMedia } from "./presenter.ts";
import { displayName, newMediaKey, readUpload, storeImages, type UploadedFile } from "./service.ts";
import { uploadBodyLimit } from "./upload-limit.ts";

const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
const messageSchema = z.object({ message: z.string() });
const fileForm = (field: string) => ({
  content: {
    "multipart/form-data": {
      // Files are checked by the handler (size, sniffed type); the schema documents the field.
      schema: z.object({ [field]: z.any().optional().openapi({ type: "string", format: "binary" }) }),
    },
  },
});

// Uploads are costly (decode + re-encode): a budget per signed-in user on top of the per-IP write limit.
const uploadRateLimit = rateLimit({
  name: "media-upload",
  limit: 30,
  windowMs: 10 * 60_000,
  key: (c) => (c.var.user ? `user:${c.var.user.id}` : `ip:${c.var.clientIp}`),
});

const uploadResponses = {
  201: { description: "Stored and re-encoded as webp", ...json(mediaSchema) },
  401: { description: "Not signed in" },
  413: { description: "Over the upload limit", ...json(messageSchema) },
  422: { description: "Missing file or not a jpg, png or webp image" },
  429: { description: "Too many uploads" },
};

function singleUploadRoute(path: string, summary: string, admin = false) {
  return createRoute({
    method: "post",
    path,
    tags: ["media"],
    summary,
    middleware: [
      uploadRateLimit,
      admin ? requireAdmin() : requireUser(),
      uploadBodyLimit(IMAGE_UPLOAD_MAX_BYTES),
    ] as const,
    // Parsed by the handler after the size cap; declared for the API docs.
    request: { body: { ...fileForm("file"), required: false } },
    responses: { ...uploadResponses, ...(admin ? { 403: { description: "Admins only" } } : {}) },
  });
}

const uploadRoute = singleUploadRoute("/media", "Upload an image (multipart field `file`)");
const avatarRoute = singleUploadRoute("/media/avatar", "Upload an avatar image (field `file`)");
const featuredRoute = singleUploadRoute(
  "/media/featured-model",
  "Upload a featured model picture (admins; field `file`)",
  true,
);
const verificationRoute = singleUploadRoute(
  "/media/verification-image",
  "Upload a verification photo for claiming a model (field `file`)",
);

const attachmentsRoute = createRoute({
  method: "post",
  path: "/media/comment-attachments",
  tags: ["media"],
  summary: `Upload up to ${COMMENT_ATTACHMENTS_MAX} comment images (fields attachments[0], attachments[1], …)`,
  middleware: [
    uploadRateLimit,
    requireUser(),
    uploadBodyLimit(IMAGE_UPLOAD_MAX_BYTES * COMMENT_ATTACHMENTS_MAX),
  ] as const,
  request: { body: { ...fileForm("attachments[0]"), required: false } },
  responses: { ...uploadResponses, 201: { description: "Stored images", ...json(z.array(mediaSchema)) } },
});

const presignedRoute = createRoute({
  method: "post",
  path: "/media/presigned",
  tags: ["media"],
  summary: "A presigned URL to PUT one file straight into S3-compatible storage (404 without S3)",
  middleware: [uploadRateLimit, requireUser()] as const,
  request: { body: { ...json(presignedUploadRequestSchema), required: true } },
  responses: {
    201: { description: "Upload URL and the media row it fills", ...json(presignedUploadSchema) },
    404: { description: "Storage is the local folder", ...json(messageSchema) },
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/media/{id}",
  tags: ["media"],
  summary: "Delete an uploaded file (its owner or an admin)",
  middleware: [requireUser()] as const,
  request: { params: z.object({ id: z.coerce.number().int().positive() }) },
  responses: {
    200: { description: "Deleted", ...json(messageSchema) },
    403: { description: "Not the owner" },
    404: { description: "No such file" },
  },
});

/** Parses the (already size-capped) multipart body; a body that is not multipart counts as a missing file. */
async function formOf(c: Context<AppEnv>): Promise<FormData> {
  const type = c.req.header("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(type)) return new FormData();
  try {
    // Hono's cached body: the route's validator may already have read it.
    return await c.req.formData();
  } catch {
    throw validationFailed({ file: [API_MESSAGES.invalidFileFormat] });
  }
}

async function singleFile(c: Context<AppEnv>): Promise<UploadedFile> {
  const file = (await formOf(c)).get("file");
  if (!(file instanceof File)) throw validationFailed({ file: [VALIDATION_MESSAGES.required] });
  return readUpload(file, "file");
}

function singleUploadHandler(kind: MediaKind, maxDimension: number) {
  return async (c: Context<AppEnv>) => {
    const file = await singleFile(c);
    const { db, storage } = c.var.deps;
    const [row] = await storeImages({ db, storage }, [file], { kind, maxDimension, userId: c.var.user!.id });
    return c.json(presentMedia(row!, storage), 201);
  };
}

const ATTACHMENT_FIELD = /^attachments(\[\d*\])?$/;

export const mediaRoutes = new OpenAPIHono<AppEnv>()
  .openapi(uploadRoute, singleUploadHandler("other", IMAGE_MAX_DIMENSION))
  .openapi(avatarRoute, singleUploadHandler("avatar", AVATAR_MAX_DIMENSION))
  .openapi(featuredRoute, singleUploadHandler("featured_model", IMAGE_MAX_DIMENSION))
  .openapi(verificationRoute, singleUploadHandler("verification_image", IMAGE_MAX_DIMENSION))
  .openapi(attachmentsRoute, async (c) => {
    const form = await formOf(c);
    const entries = [...form.entries()].filter(([key]) => ATTACHMENT_FIELD.test(key));
    if (entries.length === 0) throw validationFailed({ attachments: [VALIDATION_MESSAGES.required] });
    if (entries.length > COMMENT_ATTACHMENTS_MAX)
      throw validationFailed({ attachments: [SHELL_MESSAGES.tooManyFiles] });
    const files: UploadedFile[] = [];
    for (const [index, [, value]] of entries.entries()) {
      // 422 keys follow the order of the files: attachments.0, attachments.1, …
      const field = `attachments.${index}`;
      if (!(value instanceof File)) throw validationFailed({ [field]: [API_MESSAGES.invalidFileFormat] });
      files.push(await readUpload(value, field));
    }
    const { db, storage } = c.var.deps;
    const rows = await storeImages({ db, storage }, files, {
      kind: "comment_attachment",
      maxDimension: IMAGE_MAX_DIMENSION,
      userId: c.var.user!.id,
    });
    return c.json(
      rows.map((row) => presentMedia(row, storage)),
      201,
    );
  })
  .openapi(presignedRoute, async (c) => {
    const { db, storage } = c.var.deps;
    if (!storage.presignPut) throw notFound(SHELL_MESSAGES.storageNotConfigured);
    const body = c.req.valid("json");
    const isVideo = body.content_type.startsWith("video/");
    const extension = body.content_type.split("/")[1]!.replace("jpeg", "jpg").replace("quicktime", "mov");
    const key = newMediaKey(isVideo ? "user_review" : "other", extension);
    const url = await storage.presignPut(key, body.content_type, body.size, PRESIGNED_UPLOAD_TTL_SECONDS);
    // The row exists from the start so the client can refer to it; the file lands when the browser's PUT ends.
    const row = await insertMedia(db, {
      kind: isVideo ? "user_review" : "other",
      path: key,
      name: displayName(body.name, extension),
      mimeType: body.content_type,
      size: body.size,
      processingStatus: isVideo ? "Uploading" : null,
      meta: { type: isVideo ? "video" : "image" },
      userId: c.var.user!.id,
    });
    return c.json(
      {
        id: row.id,
        upload_url: url,
        method: "PUT" as const,
        headers: { "content-type": body.content_type },
        link: storage.publicUrl(key),
        expires_in: PRESIGNED_UPLOAD_TTL_SECONDS,
      },
      201,
    );
  })
  .openapi(deleteRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { db, storage } = c.var.deps;
    const user = c.var.user!;
    const row = await findMediaById(db, id);
    if (!row) throw notFound(SHELL_MESSAGES.mediaNotFound);
    if (row.userId !== user.id && user.roleId !== ROLE.admin) throw forbidden();
    const removed = await deleteMedia(db, id);
    // Demo avatars share files between rows: the file goes only with its last row.
    if (removed && !removed.fileShared) await storage.delete(removed.path).catch(() => {});
    return c.json({ message: API_MESSAGES.deleted }, 200);
  });
