// What an upload is, by its first bytes (never its name or the browser's type). The video containers accepted are
// ISO BMFF (MP4, MOV, M4V) and Matroska (WebM, MKV); ffprobe then checks the whole file at upload.

export type SniffedMedia =
  | { type: "image"; format: "jpeg" | "png" | "webp" }
  | { type: "video"; container: "mp4" | "mov" | "webm" | "mkv" }
  | null;

/** Bytes enough to tell every accepted format apart. */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** The Matroska DocType ("webm" or "matroska") inside the EBML header, if it is in the first bytes. */
function matroskaDocType(head: Uint8Array): "webm" | "mkv" {
  const text = ascii(head, 0, head.length);
  return text.includes("webm") ? "webm" : "mkv";
}

export function sniffMedia(head: Uint8Array): SniffedMedia {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { type: "image", format: "jpeg" };
  if (head.length >= 8 && ascii(head, 0, 8) === "\x89PNG\r\n\x1a\n") return { type: "image", format: "png" };
  if (head.length >= 12 && ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP")
    return { type: "image", format: "webp" };
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3)
    return { type: "video", container: matroskaDocType(head) };
  // ISO BMFF: a box size, then "ftyp" and the major brand ("qt  " is QuickTime).
  if (head.length >= 12 && ascii(head, 4, 8) === "ftyp")
    return { type: "video", container: ascii(head, 8, 12) === "qt  " ? "mov" : "mp4" };
  // Older QuickTime files may open with other top-level boxes.
  if (head.length >= 8 && ["moov", "mdat", "wide", "free", "skip"].includes(ascii(head, 4, 8)))
    return { type: "video", container: "mov" };
  return null;
}
