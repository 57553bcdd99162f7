import { ROLE } from "@camatlas/shared";
import { describe, expect, it } from "vitest";
import { type ReviewFacts, userReviewAbilities } from "./policy.ts";

const author = { id: 10, roleId: ROLE.camfan };
const camgirl = { id: 20, roleId: ROLE.camgirl };
const fan = { id: 30, roleId: ROLE.camfan };
const admin = { id: 1, roleId: ROLE.admin };
const review = (over: Partial<ReviewFacts> = {}): ReviewFacts => ({
  userId: author.id,
  modelUserId: camgirl.id,
  status: "approved",
  removedByAdmin: false,
  ...over,
});

describe("userReviewAbilities", () => {
  it("lets the author edit until the model hides it or an admin removes it", () => {
    expect(userReviewAbilities(author, review({ status: "pending" })).edit).toBe(true);
    expect(userReviewAbilities(author, review({ status: "rejected" })).edit).toBe(true);
    expect(userReviewAbilities(author, review()).edit).toBe(true);
    expect(userReviewAbilities(author, review({ status: "hidden_by_model" })).edit).toBe(false);
    expect(userReviewAbilities(author, review({ removedByAdmin: true })).edit).toBe(false);
    expect(userReviewAbilities(fan, review()).edit).toBe(false);
    expect(userReviewAbilities(admin, review()).edit).toBe(false);
  });

  it("lets only the bound camgirl hide, and only a published review", () => {
    expect(userReviewAbilities(camgirl, review()).hide).toBe(true);
    expect(userReviewAbilities(camgirl, review({ status: "pending" })).hide).toBe(false);
    expect(userReviewAbilities(camgirl, review({ status: "hidden_by_model" })).hide).toBe(false);
    expect(userReviewAbilities({ id: 21, roleId: ROLE.camgirl }, review()).hide).toBe(false);
    expect(userReviewAbilities(admin, review()).hide).toBe(false);
    expect(userReviewAbilities(null, review()).hide).toBe(false);
  });

  it("lets signed-in readers vote on published reviews of others", () => {
    expect(userReviewAbilities(fan, review()).vote).toBe(true);
    expect(userReviewAbilities(author, review()).vote).toBe(false);
    expect(userReviewAbilities(null, review()).vote).toBe(false);
    expect(userReviewAbilities(fan, review({ status: "pending" })).vote).toBe(false);
  });

  it("lets admins decide pending reviews and remove published or hidden ones", () => {
    expect(userReviewAbilities(admin, review({ status: "pending" }))).toMatchObject({
      approve: true,
      reject: true,
      remove: false,
    });
    expect(userReviewAbilities(admin, review())).toMatchObject({ approve: false, remove: true });
    expect(userReviewAbilities(admin, review({ status: "hidden_by_model" })).remove).toBe(true);
    expect(userReviewAbilities(admin, review({ removedByAdmin: true })).remove).toBe(false);
    expect(userReviewAbilities(fan, review({ status: "pending" })).approve).toBe(false);
  });
});
