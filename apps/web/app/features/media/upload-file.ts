import type { MediaReply, PresignedUploadReply } from "@camatlas/shared/api-contract";

// One way the browser sends a file, with progress: XMLHttpRequest (fetch cannot report upload progress). Either a
// multipart POST to an upload endpoint (`/api/media/stories`, …) or the presigned path — ask POST /api/media/presigned
// for a link, then PUT the raw file to it: straight into the bucket with S3-compatible storage, to the site's own
// signed link with the local folder — and complete it (POST /api/media/{id}/complete). The answer is the stored media.

export type UploadTarget =
  /** A multipart upload endpoint under /api taking the field `file`. */
  | { kind: "form"; path: string }
  /** POST /media/presigned, then a PUT of the raw file to the link it gives. */
  | { kind: "presigned" };

/**
 * The target of every plain image upload in the UI (kind `other`: covers, post and forum images, logos, setting
 * images, comment pictures): the presigned path, the same on both stores. Uploads of another kind (avatars,
 * verification photos, review and story media with their own rules) keep their own multipart endpoint.
 */
export const IMAGE_UPLOAD: UploadTarget = { kind: "presigned" };

export interface UploadedMedia {
  id: number;
  link: string;
  type: string;
  blurhash: string | null;
  processingStatus: string | null;
}

export class UploadError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    const text =
      typeof body === "object" && body && "errors" in body
        ? Object.values((body as { errors: Record<string, string[]> }).errors)[0]?.[0]
        : typeof body === "object" && body && "message" in body
          ? String((body as { message: unknown }).message)
          : undefined;
    super(text ?? (status === 0 ? "The connection was lost." : `Upload failed (${status}).`));
    this.name = "UploadError";
    this.status = status;
    this.body = body;
  }
}

export interface UploadOptions {
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/** Sends one request with XHR, reporting upload progress; resolves with the JSON answer (null when there is none). */
function send(
  method: string,
  url: string,
  body: XMLHttpRequestBodyInit | null,
  headers: Record<string, string>,
  options: UploadOptions,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    const parsed = () => {
      try {
        return xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        return null;
      }
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve(parsed())
        : reject(new UploadError(xhr.status, parsed()));
    xhr.onerror = () => reject(new UploadError(0, null));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    if (options.signal?.aborted) return reject(new DOMException("Upload cancelled", "AbortError"));
    xhr.send(body);
  });
}

const fromMediaReply = (reply: MediaReply): UploadedMedia => ({
  id: reply.id,
  link: reply.link,
  type: reply.meta.type,
  blurhash: reply.blurhash,
  processingStatus: reply.processing_status ?? null,
});

/** Uploads `file` to `target`, calling onProgress as bytes leave; rejects with UploadError or an AbortError. */
export async function uploadFile(
  file: File,
  target: UploadTarget,
  options: UploadOptions = {},
): Promise<UploadedMedia> {
  if (target.kind === "form") {
    const form = new FormData();
    form.append("file", file);
    const reply = (await send(
      "POST",
      `/api${target.path}`,
      form,
      { accept: "application/json" },
      options,
    )) as MediaReply;
    return fromMediaReply(reply);
  }
  const presigned = (await send(
    "POST",
    "/api/media/presigned",
    JSON.stringify({ name: file.name, content_type: file.type, size: file.size }),
    { "content-type": "application/json", accept: "application/json" },
    { signal: options.signal },
  )) as PresignedUploadReply;
  await send(presigned.method, presigned.upload_url, file, presigned.headers, options);
  // Either store: the site checks and processes what arrived (a bucket's PUT is never usable before this) and answers
  // the stored media; on the local link the PUT already did it and the answer is the same.
  const completed = (await send(
    "POST",
    `/api/media/${presigned.id}/complete`,
    null,
    { accept: "application/json" },
    { signal: options.signal },
  )) as MediaReply;
  return fromMediaReply(completed);
}
