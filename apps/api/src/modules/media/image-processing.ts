import { API_MESSAGES, VALIDATION_MESSAGES } from "@camatlas/shared";
import { encode } from "blurhash";
import sharp from "sharp";
import { validationFailed } from "../../lib/http-errors.ts";

/** Formats accepted by content (spec §5: jpg, jpeg, png, webp), whatever the name or the browser's MIME type. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);
// Decompression bombs: a small file that would decode to a huge bitmap is refused.
const MAX_INPUT_PIXELS = 50_000_000;

export interface ProcessedImage {
  data: Uint8Array;
  width: number;
  height: number;
  blurhash: string | null;
}

export const invalidFileFormat = (field = "file") =>
  validationFailed({ [field]: [API_MESSAGES.invalidFileFormat] });

/**
 * Sniffs the bytes with sharp and re-encodes them as webp: EXIF orientation applied, metadata (GPS, camera)
 * dropped, longest side at most `maxDimension`. Anything sharp cannot read as jpeg/png/webp is a 422 on `field`.
 */
export async function processImage(
  input: Uint8Array,
  maxDimension: number,
  field = "file",
): Promise<ProcessedImage> {
  // sharp throws at once (not in its promise) on an empty buffer: an empty file is refused before it.
  if (input.byteLength === 0) throw validationFailed({ [field]: [VALIDATION_MESSAGES.emptyFile] });
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" as const };
  const metadata = await Promise.resolve()
    .then(() => sharp(input, options).metadata())
    .catch(() => null);
  if (!metadata?.format || !ACCEPTED_FORMATS.has(metadata.format)) throw invalidFileFormat(field);
  const pipeline = sharp(input, options)
    .rotate()
    .resize({ width: maxDimension, height: maxDimension, fit: "inside", withoutEnlargement: true });
  const encoded = await pipeline
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw invalidFileFormat(field);
    });
  return {
    data: new Uint8Array(encoded.data),
    width: encoded.info.width,
    height: encoded.info.height,
    blurhash: await blurhashOf(encoded.data),
  };
}

/** A 4×3-component BlurHash from a 32 px thumbnail (the spec's blur placeholders); null if it cannot be made. */
async function blurhashOf(image: Buffer): Promise<string | null> {
  try {
    const { data, info } = await sharp(image)
      .resize(32, 32, { fit: "inside" })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return encode(new Uint8ClampedArray(data), info.width, info.height, 4, 3);
  } catch {
    return null;
  }
}
