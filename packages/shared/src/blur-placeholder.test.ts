import { describe, expect, it } from "vitest";
import { BLUR_PLACEHOLDER_PIXELS, blurPlaceholder, decodeBlurhash } from "./blur-placeholder.ts";

const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~";
const encode83 = (value: number, length: number) =>
  Array.from({ length }, (_, i) => DIGITS[Math.floor(value / 83 ** (length - 1 - i)) % 83]).join("");
/** A one-component hash: the whole picture one colour. */
const flat = (rgb: number) => `00${encode83(rgb, 4)}`;
// The BlurHash project's own example picture (a warm, mostly pink-brown photograph).
const EXAMPLE = "LEHV6nWB2yk8pyo0adR*.7kCMdnj";

function pixelsOf(dataUrl: string): { width: number; height: number; rgb: number[][] } {
  const bytes = Uint8Array.from(atob(dataUrl.slice("data:image/bmp;base64,".length)), (c) => c.charCodeAt(0));
  const view = new DataView(bytes.buffer);
  const width = view.getInt32(18, true);
  const height = view.getInt32(22, true);
  const row = Math.ceil((width * 3) / 4) * 4;
  const rgb: number[][] = [];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = 54 + (height - 1 - y) * row + x * 3;
      rgb.push([bytes[at + 2]!, bytes[at + 1]!, bytes[at]!]);
    }
  return { width, height, rgb };
}

describe("blur placeholders", () => {
  it("turns a hash into a tiny bitmap of its colours", () => {
    const url = blurPlaceholder(flat(0xff0000));
    expect(url).toMatch(/^data:image\/bmp;base64,[A-Za-z0-9+/]+=*$/);
    const { width, height, rgb } = pixelsOf(url!);
    expect([width, height]).toEqual([BLUR_PLACEHOLDER_PIXELS, BLUR_PLACEHOLDER_PIXELS]);
    for (const pixel of rgb) expect(pixel).toEqual([255, 0, 0]);
    expect(pixelsOf(blurPlaceholder(flat(0x336699))!).rgb[5]).toEqual([0x33, 0x66, 0x99]);
    expect(url!.length).toBeLessThan(200);
  });

  it("keeps where the colours are in the picture", () => {
    const pixels = decodeBlurhash(EXAMPLE)!;
    expect(pixels).toHaveLength(BLUR_PLACEHOLDER_PIXELS * BLUR_PLACEHOLDER_PIXELS * 3);
    // Not one flat colour: the components place light and shade.
    const reds = Array.from({ length: 16 }, (_, i) => pixels[i * 3]!);
    expect(Math.max(...reds) - Math.min(...reds)).toBeGreaterThan(20);
    expect(blurPlaceholder(EXAMPLE)).toBe(blurPlaceholder(EXAMPLE));
  });

  it("shows nothing for a missing or malformed hash", () => {
    expect(blurPlaceholder(null)).toBeNull();
    expect(blurPlaceholder("")).toBeNull();
    expect(blurPlaceholder("LEHV6nWB2yk8")).toBeNull();
    expect(blurPlaceholder(`${EXAMPLE}x`)).toBeNull();
    expect(blurPlaceholder("LEHV6nWB2yk8pyo0adR*.7kCMd\u00e9j")).toBeNull();
  });
});
