import type { Database, MediaKind, StoredMediaRow } from "@camatlas/db";
import { IMAGE_UPLOAD_MAX_BYTES, MEDIA_URL_MESSAGES } from "@camatlas/shared";
import { validationFailed } from "../../lib/http-errors.ts";
import { SafeFetchError, type SafeFetchFailure, safeFetch } from "../../lib/safe-fetch.ts";
import { storeImages } from "./service.ts";
import type { MediaStorage } from "./storage.ts";
import { fileTooLarge } from "./upload-limit.ts";

// POST /media/create-by-url and /media/avatar-from-url: the image at a user's address, fetched through the SSRF
// guard (lib/safe-fetch.ts) with the upload's byte limit, then sniffed and re-encoded exactly like an upload.

const FAILURE_TEXT: Record<Exclude<SafeFetchFailure, "too_large">, string> = {
  scheme: MEDIA_URL_MESSAGES.scheme,
  credentials: MEDIA_URL_MESSAGES.credentials,
  private_address: MEDIA_URL_MESSAGES.privateAddress,
  unresolved: MEDIA_URL_MESSAGES.unresolved,
  redirects: MEDIA_URL_MESSAGES.redirects,
  timeout: MEDIA_URL_MESSAGES.timeout,
  failed: MEDIA_URL_MESSAGES.failed,
};

/** The file's name for display: the address's last path segment. */
function nameFromUrl(address: string): string {
  try {
    const segment = decodeURIComponent(new URL(address).pathname.split("/").pop() ?? "");
    return segment || "image";
  } catch {
    return "image";
  }
}

/** Fetches and stores the image: 422 on `url` for a refused address, 413 past the upload limit; nothing stored then. */
export async function storeImageFromUrl(
  deps: { db: Database; storage: MediaStorage },
  url: string,
  options: { kind: MediaKind; maxDimension: number; userId: number },
): Promise<StoredMediaRow> {
  const file = await safeFetch(url, { maxBytes: IMAGE_UPLOAD_MAX_BYTES }).catch((error: unknown) => {
    if (!(error instanceof SafeFetchError)) throw error;
    if (error.reason === "too_large") throw fileTooLarge();
    throw validationFailed({ url: [FAILURE_TEXT[error.reason]] });
  });
  // The bytes decide what it is (processImage sniffs them), whatever the answer's content type said.
  const [row] = await storeImages(
    deps,
    [{ name: nameFromUrl(file.url), bytes: file.bytes, field: "url" }],
    options,
  );
  return row!;
}
