import { API_MESSAGES } from "@camatlas/shared";
import { ApiError } from "../../lib/http-errors.ts";

export const fileTooLarge = () => new ApiError(413, API_MESSAGES.fileTooLarge);

/** Room for multipart boundaries and part headers on top of the files themselves. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * An upload route's body limit (contractRoute's `bodyLimit`): `maxBytes` of files plus the multipart overhead, capped
 * while the body is read (lib/body-limit.ts), so an oversized upload never sits whole in memory; 413 with the file
 * text.
 */
export function uploadBodyLimit(maxBytes: number) {
  return { bytes: maxBytes + MULTIPART_OVERHEAD_BYTES, message: API_MESSAGES.fileTooLarge };
}
