import type { MediaKind } from "@camatlas/db";
import {
  API_MESSAGES,
  AVATAR_MAX_DIMENSION,
  COMMENT_ATTACHMENTS_MAX,
  IMAGE_MAX_DIMENSION,
  IMAGE_UPLOAD_MAX_BYTES,
  REVIEW_VIDEO_MAX_BYTES,
  SHELL_MESSAGES,
  VALIDATION_MESSAGES,
} from "@camatlas/shared";
import { mediaEndpoints, type SingleUploadEndpoint } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { type Access, contractRoute } from "../../lib/contract-route.ts";
import { currentUser } from "../../lib/current-user.ts";
import { validationFailed } from "../../lib/http-errors.ts";
import { rateLimit } from "../../middleware/rate-limit.ts";
import {
  type MediaUploadRules,
  REVIEW_MEDIA_RULES,
  STORY_MEDIA_RULES,
} from "../video-processing/media-upload-rules.ts";
import { findVideoForViewer } from "../video-processing/video-processing-state.ts";
import { presentVideoProcessing } from "../video-processing/video-status.ts";
import { videoToolsOf } from "../video-processing/video-tools.ts";
import { receiveMediaUpload } from "../video-processing/video-uploads.ts";
import { completeUpload } from "./complete-upload.ts";
import { receiveDirectUpload } from "./direct-upload.ts";
import { storeImageFromUrl } from "./media-by-url.ts";
import { presentMedia, presentPresignedUpload } from "./presenter.ts";
import {
  deleteUpload,
  presignUpload,
  readPrivateMedia,
  readUpload,
  storeImages,
  type UploadedFile,
} from "./service.ts";
import { uploadBodyLimit } from "./upload-limit.ts";

// Uploads are costly (decode + re-encode): a budget per signed-in user on top of the per-IP write limit.
const uploadRateLimit = rateLimit({
  name: "media-upload",
  limit: 30,
  windowMs: 10 * 60_000,
  key: (c) => (c.var.user ? `user:${c.var.user.id}` : `ip:${c.var.clientIp}`),
});

const UPLOAD_ERRORS = {
  413: "Over the upload limit",
  422: "Missing file or not a jpg, png or webp image",
  429: "Too many uploads",
};

/** An upload route: the file is parsed by the handler after the size cap (the form schema documents the field). */
function uploadRoute(endpoint: SingleUploadEndpoint, summary: string, access: Access = "user") {
  return contractRoute(endpoint, {
    access,
    // An upload becomes the caller's own file.
    ...(access === "user" ? { owner: "self" as const } : {}),
    tags: ["media"],
    summary,
    middleware: [uploadRateLimit],
    bodyLimit: uploadBodyLimit(IMAGE_UPLOAD_MAX_BYTES),
    errors: UPLOAD_ERRORS,
    replyDescription: "Stored and re-encoded as webp",
  });
}

const imageRoute = uploadRoute(mediaEndpoints.upload, "Upload an image (multipart field `file`)");
const avatarRoute = uploadRoute(mediaEndpoints.avatar, "Upload an avatar image (field `file`)");
const featuredRoute = uploadRoute(
  mediaEndpoints.featuredModel,
  "Upload a featured model picture (admins; field `file`)",
  "admin",
);
const verificationRoute = uploadRoute(
  mediaEndpoints.verificationImage,
  "Upload a verification photo for claiming a model (field `file`)",
);
/** An image-or-video upload (reviews, stories): read as a stream, a video probed and queued for processing. */
function mediaUploadRoute(endpoint: SingleUploadEndpoint, summary: string, rules: MediaUploadRules) {
  return contractRoute(endpoint, {
    access: "user",
    owner: "self",
    tags: ["media"],
    summary,
    middleware: [uploadRateLimit],
    bodyLimit: uploadBodyLimit(Math.max(rules.imageMaxBytes, rules.videoMaxBytes)),
    streamedBody: true,
    errors: {
      413: "Over the upload limit (an image's or a video's)",
      422: "Missing file, not a jpg/png/webp image or mp4/mov/webm/mkv video, not a readable video, or too long",
      429: "Too many uploads",
      503: "The server cannot read videos (ffmpeg is not installed)",
    },
    replyDescription: "An image stored as webp, or a video stored and queued (processing_status Queued)",
  });
}
const userReviewMediaRoute = mediaUploadRoute(
  mediaEndpoints.userReview,
  "Upload a user review's image or video (field `file`; a video is processed in the background)",
  REVIEW_MEDIA_RULES,
);
const storyMediaRoute = mediaUploadRoute(
  mediaEndpoints.story,
  "Upload a story's image or video (field `file`; a video is processed in the background)",
  STORY_MEDIA_RULES,
);
const processingRoute = contractRoute(mediaEndpoints.processing, {
  access: "user",
  owner: { resource: "media", others: 403, admins: true },
  tags: ["media"],
  summary: "A video's processing status with the spec's text (its owner or an admin; poll until finished)",
  errors: { 403: "Not the owner", 404: "No such video" },
  replyDescription: "Status, text, whether it is final, and the media as it now is",
});
const attachmentsRoute = contractRoute(mediaEndpoints.commentAttachments, {
  access: "user",
  owner: "self",
  tags: ["media"],
  summary: `Upload up to ${COMMENT_ATTACHMENTS_MAX} comment images (fields attachments[0], attachments[1], …)`,
  middleware: [uploadRateLimit],
  bodyLimit: uploadBodyLimit(IMAGE_UPLOAD_MAX_BYTES * COMMENT_ATTACHMENTS_MAX),
  errors: UPLOAD_ERRORS,
  replyDescription: "Stored images",
});
const presignedRoute = contractRoute(mediaEndpoints.presigned, {
  access: "user",
  owner: "self",
  tags: ["media"],
  summary:
    "A presigned URL to PUT one file to: straight into S3-compatible storage, or a signed link on the site itself with the local folder",
  middleware: [uploadRateLimit],
  replyDescription: "Upload URL and the media row it fills",
});
/** The local store's signed upload link: streamed to disk, capped at the announced size (its own 413). */
const directUploadRoute = contractRoute(mediaEndpoints.directUpload, {
  access: "public",
  tags: ["media"],
  summary:
    "PUT the raw file to the signed link POST /media/presigned gave (local storage): the announced type and size; an image is re-encoded, a video queued for processing",
  description:
    "The link's expiry and signature are the credential (like an S3 presigned URL), so no session is needed.",
  middleware: [uploadRateLimit],
  bodyLimit: uploadBodyLimit(REVIEW_VIDEO_MAX_BYTES),
  streamedBody: true,
  errors: { 404: "Unknown, expired or wrongly signed link", 413: "Over the announced size" },
  replyDescription: "The stored media",
});
const completeRoute = contractRoute(mediaEndpoints.complete, {
  access: "user",
  owner: { resource: "media", others: 403, admins: false },
  tags: ["media"],
  summary:
    "Complete a presigned upload after its PUT (either store): the file is checked and processed like an upload; a refused one is deleted with its row",
  description:
    "Idempotent: a completed upload answers its media again. 422 while the file has not arrived (the link may still be used) or another call is checking it.",
  // No upload budget of its own: the presign counted this upload, and each row is processed once.
  errors: {
    403: "Not the uploader",
    404: "No such upload",
    413: "Over the announced size or the image limit (deleted)",
    422: "Not received yet, or not the announced size or type by its bytes (deleted)",
  },
  replyDescription: "The stored media: an image re-encoded with its blurhash, or a video queued",
});
const byUrlErrors = {
  413: "The file at the address is over the upload limit",
  422: "Not an http(s) address, a private or unreachable one, too many redirects, too slow, or not a jpg/png/webp image",
  429: "Too many uploads",
};
const createByUrlRoute = contractRoute(mediaEndpoints.createByUrl, {
  access: "user",
  owner: "self",
  tags: ["media"],
  summary: "Fetch an image from a public http(s) address and store it like an upload (SSRF-guarded)",
  middleware: [uploadRateLimit],
  errors: byUrlErrors,
  replyDescription: "Stored and re-encoded as webp",
});
const avatarFromUrlRoute = contractRoute(mediaEndpoints.avatarFromUrl, {
  access: "user",
  owner: "self",
  tags: ["media"],
  summary: "Fetch an avatar image from a public http(s) address (SSRF-guarded)",
  middleware: [uploadRateLimit],
  errors: byUrlErrors,
  replyDescription: "Stored and re-encoded as webp",
});
const privateFileRoute = contractRoute(mediaEndpoints.privateFile, {
  access: "admin",
  tags: ["media"],
  summary:
    "A private file (a verification photo): admins only; its bytes, or a 302 to a link valid for a minute",
  errors: { 302: "A signed link to the file (S3-compatible storage)" },
  replyDescription: "The image",
});
const deleteRoute = contractRoute(mediaEndpoints.delete, {
  access: "user",
  owner: { resource: "media", others: 403, admins: true },
  tags: ["media"],
  summary: "Delete an uploaded file (its owner or an admin)",
  errors: { 403: "Not the owner", 404: "No such file" },
  replyDescription: "Deleted",
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
    const [row] = await storeImages({ db, storage }, [file], {
      kind,
      maxDimension,
      userId: currentUser(c).id,
    });
    return c.json(presentMedia(row!, storage), 201);
  };
}

const ATTACHMENT_FIELD = /^attachments(\[\d*\])?$/;

function mediaUploadHandler(rules: MediaUploadRules) {
  return async (c: Context<AppEnv>) => {
    const { db, storage, env } = c.var.deps;
    const row = await receiveMediaUpload(
      { db, storage, tools: videoToolsOf(env), dataDir: env.DATA_DIR },
      c.req.raw,
      currentUser(c).id,
      rules,
    );
    return c.json(presentMedia(row, storage), 201);
  };
}

export const mediaRoutes = new OpenAPIHono<AppEnv>()
  .openapi(imageRoute, singleUploadHandler("other", IMAGE_MAX_DIMENSION))
  .openapi(avatarRoute, singleUploadHandler("avatar", AVATAR_MAX_DIMENSION))
  .openapi(featuredRoute, singleUploadHandler("featured_model", IMAGE_MAX_DIMENSION))
  .openapi(verificationRoute, singleUploadHandler("verification_image", IMAGE_MAX_DIMENSION))
  .openapi(userReviewMediaRoute, mediaUploadHandler(REVIEW_MEDIA_RULES))
  .openapi(storyMediaRoute, mediaUploadHandler(STORY_MEDIA_RULES))
  .openapi(processingRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { db, storage } = c.var.deps;
    const row = await findVideoForViewer(db, id, currentUser(c));
    // Polled: never kept by a cache.
    c.header("Cache-Control", "private, no-store");
    return c.json(presentVideoProcessing(row, storage), 200);
  })
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
      userId: currentUser(c).id,
    });
    return c.json(
      rows.map((row) => presentMedia(row, storage)),
      201,
    );
  })
  .openapi(directUploadRoute, async (c) => {
    const { db, storage, env } = c.var.deps;
    const row = await receiveDirectUpload(
      { db, storage, secret: env.JWT_SECRET, dataDir: env.DATA_DIR },
      c.req.valid("param").id,
      c.req.valid("query"),
      c.req.raw,
    );
    return c.json(presentMedia(row, storage), 200);
  })
  .openapi(completeRoute, async (c) => {
    const { db, storage, env } = c.var.deps;
    const row = await completeUpload(
      { db, storage, dataDir: env.DATA_DIR },
      c.req.valid("param").id,
      currentUser(c),
    );
    return c.json(presentMedia(row, storage), 200);
  })
  .openapi(createByUrlRoute, async (c) => {
    const { db, storage } = c.var.deps;
    const row = await storeImageFromUrl({ db, storage }, c.req.valid("json").url, {
      kind: "other",
      maxDimension: IMAGE_MAX_DIMENSION,
      userId: currentUser(c).id,
    });
    return c.json(presentMedia(row, storage), 201);
  })
  .openapi(avatarFromUrlRoute, async (c) => {
    const { db, storage } = c.var.deps;
    const row = await storeImageFromUrl({ db, storage }, c.req.valid("json").url, {
      kind: "avatar",
      maxDimension: AVATAR_MAX_DIMENSION,
      userId: currentUser(c).id,
    });
    return c.json(presentMedia(row, storage), 201);
  })
  .openapi(presignedRoute, async (c) => {
    const { db, storage, env } = c.var.deps;
    const upload = await presignUpload(
      { db, storage, secret: env.JWT_SECRET },
      c.req.valid("json"),
      currentUser(c).id,
    );
    return c.json(presentPresignedUpload(upload, storage), 201);
  })
  .openapi(privateFileRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { file, mimeType } = await readPrivateMedia(c.var.deps, id);
    // Never kept by a browser or a shared cache: the next look asks the API (and its admin check) again.
    c.header("Cache-Control", "private, no-store");
    c.header("X-Content-Type-Options", "nosniff");
    if ("signedUrl" in file) return c.redirect(file.signedUrl, 302) as never;
    c.header("Content-Type", mimeType);
    // The image's bytes, not the JSON the contract types (the document describes them as binary).
    return c.body(file.body as Uint8Array<ArrayBuffer>, 200) as never;
  })
  .openapi(deleteRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { db, storage } = c.var.deps;
    await deleteUpload({ db, storage }, id, currentUser(c));
    return c.json({ message: API_MESSAGES.deleted }, 200);
  });
