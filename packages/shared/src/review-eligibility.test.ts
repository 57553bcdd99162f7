import { describe, expect, it } from "vitest";
import { canCreateReview } from "./review-eligibility.ts";
import { ROLE } from "./roles.ts";

const REMOVED_MESSAGE = "Users cannot create a review if three of their reviews have been removed by admin";

describe("canCreateReview", () => {
  it("allows camfans and admins with fewer than three removed reviews", () => {
    expect(canCreateReview({ roleId: ROLE.camfan, countReviewsRemovedByAdmin: 0 })).toEqual({
      allowed: true,
    });
    expect(canCreateReview({ roleId: ROLE.camfan, countReviewsRemovedByAdmin: 2 })).toEqual({
      allowed: true,
    });
    expect(canCreateReview({ roleId: ROLE.admin, countReviewsRemovedByAdmin: null })).toEqual({
      allowed: true,
    });
  });

  it("refuses after three removed reviews with the spec's message", () => {
    for (const count of [3, 4]) {
      expect(canCreateReview({ roleId: ROLE.camfan, countReviewsRemovedByAdmin: count })).toEqual({
        allowed: false,
        reason: "too_many_removed",
        message: REMOVED_MESSAGE,
      });
    }
  });

  it("never lets camgirls review", () => {
    const result = canCreateReview({ roleId: ROLE.camgirl, countReviewsRemovedByAdmin: 0 });
    expect(result.allowed).toBe(false);
    expect(result).toMatchObject({ reason: "camgirl" });
  });

  it("refuses visitors who are not signed in", () => {
    expect(canCreateReview({ roleId: null, countReviewsRemovedByAdmin: 0 })).toMatchObject({
      allowed: false,
      reason: "guest",
    });
  });
});
