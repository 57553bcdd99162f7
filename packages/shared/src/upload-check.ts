import { IMAGE_MIME_TYPES, IMAGE_TYPES, IMAGE_UPLOAD_MAX_BYTES } from "./limits.ts";

/** Outcomes of the image upload check (spec §5). */
export const UPLOAD_CHECK_RESULTS = ["valid", "max_size_exceeded", "invalid_format"] as const;
export type UploadCheckResult = (typeof UPLOAD_CHECK_RESULTS)[number];

export interface UploadCandidate {
  readonly size: number;
  /** MIME type as reported by the browser or sniffed by the server. */
  readonly mime?: string | null;
  /** File name or bare extension ("photo.JPG", "webp"). */
  readonly name?: string | null;
}

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return (dot === -1 ? name : name.slice(dot + 1)).trim().toLowerCase();
}

function isImageFormat(candidate: UploadCandidate): boolean {
  if (candidate.mime) return (IMAGE_MIME_TYPES as readonly string[]).includes(candidate.mime.toLowerCase());
  if (candidate.name) return (IMAGE_TYPES as readonly string[]).includes(fileExtension(candidate.name));
  return false;
}

/** Size is checked first: an oversized file is refused before its type matters. A MIME type wins over a name. */
export function checkImageUpload(
  candidate: UploadCandidate,
  maxBytes: number = IMAGE_UPLOAD_MAX_BYTES,
): UploadCheckResult {
  if (candidate.size > maxBytes) return "max_size_exceeded";
  if (!isImageFormat(candidate)) return "invalid_format";
  return "valid";
}
