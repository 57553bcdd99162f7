import { describe, expect, it } from "vitest";
import { sniffMedia } from "./sniff-media.ts";

const head = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("sniffMedia", () => {
  it("tells images and video containers by their first bytes", () => {
    expect(sniffMedia(head([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ type: "image", format: "jpeg" });
    expect(sniffMedia(head([0x89], "PNG\r\n\x1a\n"))).toEqual({ type: "image", format: "png" });
    expect(sniffMedia(head("RIFF", [0, 0, 0, 0], "WEBPVP8 "))).toEqual({ type: "image", format: "webp" });
    expect(sniffMedia(head([0, 0, 0, 0x20], "ftypisom", [0, 0, 2, 0]))).toEqual({
      type: "video",
      container: "mp4",
    });
    expect(sniffMedia(head([0, 0, 0, 0x14], "ftypqt  ", [0, 0, 2, 0]))).toEqual({
      type: "video",
      container: "mov",
    });
    expect(sniffMedia(head([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], "webm"))).toEqual({
      type: "video",
      container: "webm",
    });
    expect(sniffMedia(head([0x1a, 0x45, 0xdf, 0xa3, 0xa3, 0x42, 0x82, 0x88], "matroska"))).toEqual({
      type: "video",
      container: "mkv",
    });
  });

  it("knows nothing else: text, GIF, a RIFF that is not WebP (AVI), too few bytes", () => {
    for (const bytes of [
      head("hello world, not media"),
      head("GIF89a"),
      head("RIFF", [0, 0, 0, 0], "AVI LIST"),
      head([0xff]),
    ])
      expect(sniffMedia(bytes)).toBeNull();
  });
});
