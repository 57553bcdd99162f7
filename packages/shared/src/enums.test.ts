import { describe, expect, it } from "vitest";
import {
  COMMENT_ZONES,
  isApprovedReviewStatus,
  isOneOf,
  isVideoProcessingFinished,
  LINK_CATEGORIES,
  MEDIA_KINDS,
} from "./enums.ts";
import { COOKIE_MAX_AGE } from "./limits.ts";
import { PAGE_SIZE } from "./page-sizes.ts";

describe("review statuses", () => {
  it("count approved and hidden_by_model as approved", () => {
    expect(isApprovedReviewStatus("approved")).toBe(true);
    expect(isApprovedReviewStatus("hidden_by_model")).toBe(true);
    expect(isApprovedReviewStatus("pending")).toBe(false);
    expect(isApprovedReviewStatus("rejected")).toBe(false);
    expect(isApprovedReviewStatus(null)).toBe(false);
  });
});

describe("video processing", () => {
  it("is finished on Complete and Error only", () => {
    expect(isVideoProcessingFinished("Complete")).toBe(true);
    expect(isVideoProcessingFinished("Error")).toBe(true);
    expect(isVideoProcessingFinished("Processing")).toBe(false);
    expect(isVideoProcessingFinished("Something new")).toBe(false);
    expect(isVideoProcessingFinished(undefined)).toBe(false);
  });
});

describe("value sets", () => {
  it("keep every value the database holds", () => {
    // "other" is the media column's default (POST /media); settings images are written by the demo seed.
    expect(MEDIA_KINDS).toEqual(expect.arrayContaining(["other", "setting_image", "verification_image"]));
    // Legacy comment links resolve story comments.
    expect(COMMENT_ZONES).toContain("story");
  });
});

describe("isOneOf", () => {
  it("narrows strings", () => {
    expect(isOneOf(LINK_CATEGORIES, "wish_list")).toBe(true);
    expect(isOneOf(LINK_CATEGORIES, "blog")).toBe(false);
    expect(isOneOf(LINK_CATEGORIES, 3)).toBe(false);
  });
});

describe("constants", () => {
  it("match the spec", () => {
    expect(COOKIE_MAX_AGE.ageGate).toBe(30 * 86_400);
    expect(COOKIE_MAX_AGE.token).toBe(50 * 365 * 86_400);
    // The spec's 31 sizes, plus stories (a rail or Stories tab), which the spec does not size.
    expect(Object.keys(PAGE_SIZE)).toHaveLength(32);
    expect(PAGE_SIZE.stories).toBe(30);
    expect(PAGE_SIZE.nicknameChanges).toBe(15);
  });
});
