import { describe, expect, it } from "vitest";
import { REVIEW_IMAGE_MAX_BYTES } from "./limits.ts";
import { checkImageUpload, fileExtension } from "./upload-check.ts";

describe("checkImageUpload", () => {
  it("accepts the allowed types up to the limit", () => {
    expect(checkImageUpload({ size: 5_251_072, mime: "image/jpeg" })).toBe("valid");
    expect(checkImageUpload({ size: 10, mime: "image/png" })).toBe("valid");
    expect(checkImageUpload({ size: 10, mime: "IMAGE/WEBP" })).toBe("valid");
    for (const name of ["a.jpg", "b.JPEG", "c.png", "d.webp", "webp"]) {
      expect(checkImageUpload({ size: 10, name })).toBe("valid");
    }
  });

  it("refuses files over 5251072 bytes", () => {
    expect(checkImageUpload({ size: 5_251_073, mime: "image/jpeg" })).toBe("max_size_exceeded");
    expect(checkImageUpload({ size: 9_999_999, mime: "application/pdf" })).toBe("max_size_exceeded");
  });

  it("refuses other formats", () => {
    expect(checkImageUpload({ size: 10, mime: "image/gif" })).toBe("invalid_format");
    expect(checkImageUpload({ size: 10, name: "movie.mp4" })).toBe("invalid_format");
    expect(checkImageUpload({ size: 10 })).toBe("invalid_format");
    expect(checkImageUpload({ size: 10, mime: "image/gif", name: "x.png" })).toBe("invalid_format");
  });

  it("takes a different limit for review images", () => {
    expect(
      checkImageUpload({ size: REVIEW_IMAGE_MAX_BYTES + 1, name: "x.png" }, REVIEW_IMAGE_MAX_BYTES),
    ).toBe("max_size_exceeded");
  });
});

describe("fileExtension", () => {
  it("lowercases the part after the last dot", () => {
    expect(fileExtension("my.photo.PNG")).toBe("png");
    expect(fileExtension("jpg")).toBe("jpg");
  });
});
