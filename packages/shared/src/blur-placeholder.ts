// An image's BlurHash as a tiny bitmap data URL, decoded where the page is built: set as the image's background it
// shows the picture's colours while the file loads (stretched and smoothed by the browser), with no script and no
// canvas in the visitor's browser. 4 × 4 pixels hold what a 4 × 3-component hash says; the URL is about 140 bytes.

const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~";
export const BLUR_PLACEHOLDER_PIXELS = 4;

function decode83(text: string): number {
  let value = 0;
  for (const char of text) {
    const digit = DIGITS.indexOf(char);
    if (digit < 0) return Number.NaN;
    value = value * 83 + digit;
  }
  return value;
}

function toLinear(value: number): number {
  const v = value / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

function toSrgb(value: number): number {
  const v = Math.max(0, Math.min(1, value));
  return v <= 0.0031308 ? Math.round(v * 12.92 * 255) : Math.round((1.055 * v ** (1 / 2.4) - 0.055) * 255);
}

const signedPow = (value: number, exp: number) => Math.sign(value) * Math.abs(value) ** exp;

/** The hash decoded to `size` × `size` RGB pixels (rows top to bottom), or null for a malformed hash. */
export function decodeBlurhash(hash: string, size = BLUR_PLACEHOLDER_PIXELS): Uint8Array | null {
  if (hash.length < 6) return null;
  const sizeFlag = decode83(hash[0] ?? "");
  const numY = Math.floor(sizeFlag / 9) + 1;
  const numX = (sizeFlag % 9) + 1;
  if (!Number.isFinite(sizeFlag) || hash.length !== 4 + 2 * numX * numY) return null;
  const maxValue = (decode83(hash[1] ?? "") + 1) / 166;
  const colours: Array<[number, number, number]> = [];
  for (let i = 0; i < numX * numY; i++) {
    if (i === 0) {
      const dc = decode83(hash.slice(2, 6));
      colours.push([toLinear(dc >> 16), toLinear((dc >> 8) & 255), toLinear(dc & 255)]);
    } else {
      const ac = decode83(hash.slice(4 + i * 2, 6 + i * 2));
      const q = [Math.floor(ac / 361), Math.floor(ac / 19) % 19, ac % 19] as const;
      colours.push([
        signedPow((q[0] - 9) / 9, 2) * maxValue,
        signedPow((q[1] - 9) / 9, 2) * maxValue,
        signedPow((q[2] - 9) / 9, 2) * maxValue,
      ]);
    }
  }
  if (colours.some((c) => c.some((v) => !Number.isFinite(v)))) return null;
  const pixels = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let j = 0; j < numY; j++) {
        for (let i = 0; i < numX; i++) {
          // Sampled at pixel centres, so the few pixels spread over the whole picture.
          const basis =
            Math.cos((Math.PI * (x + 0.5) * i) / size) * Math.cos((Math.PI * (y + 0.5) * j) / size);
          const c = colours[i + j * numX] as [number, number, number];
          r += c[0] * basis;
          g += c[1] * basis;
          b += c[2] * basis;
        }
      }
      const at = (y * size + x) * 3;
      pixels[at] = toSrgb(r);
      pixels[at + 1] = toSrgb(g);
      pixels[at + 2] = toSrgb(b);
    }
  }
  return pixels;
}

/** A 24-bit BMP of square RGB pixels (bottom-up rows, BGR, each row padded to 4 bytes). */
function bmp(pixels: Uint8Array, size: number): Uint8Array {
  const row = Math.ceil((size * 3) / 4) * 4;
  const file = new Uint8Array(54 + row * size);
  const view = new DataView(file.buffer);
  file[0] = 0x42;
  file[1] = 0x4d;
  view.setUint32(2, file.length, true);
  view.setUint32(10, 54, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, size, true);
  view.setInt32(22, size, true);
  view.setUint16(26, 1, true);
  view.setUint16(28, 24, true);
  view.setUint32(34, row * size, true);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const from = (y * size + x) * 3;
      const to = 54 + (size - 1 - y) * row + x * 3;
      file[to] = pixels[from + 2] ?? 0;
      file[to + 1] = pixels[from + 1] ?? 0;
      file[to + 2] = pixels[from] ?? 0;
    }
  }
  return file;
}

/** The placeholder data URL of a BlurHash, or null when there is none or it is malformed. */
export function blurPlaceholder(hash: string | null | undefined): string | null {
  if (!hash) return null;
  const pixels = decodeBlurhash(hash);
  if (!pixels) return null;
  let binary = "";
  for (const byte of bmp(pixels, BLUR_PLACEHOLDER_PIXELS)) binary += String.fromCharCode(byte);
  return `data:image/bmp;base64,${btoa(binary)}`;
}
