import { ROLE } from "@camatlas/shared";
import { describe, expect, it } from "vitest";
import { canDeleteStory, canManageStories } from "./policy.ts";

const girl = { id: 7, roleId: ROLE.camgirl };
const otherGirl = { id: 8, roleId: ROLE.camgirl };
const fan = { id: 9, roleId: ROLE.camfan };
const admin = { id: 1, roleId: ROLE.admin };

describe("story policy", () => {
  it("lets the bound camgirl and admins manage a model's stories, nobody else", () => {
    expect(canManageStories(girl, { userId: 7 })).toBe(true);
    expect(canManageStories(admin, { userId: 7 })).toBe(true);
    expect(canManageStories(otherGirl, { userId: 7 })).toBe(false);
    expect(canManageStories(fan, { userId: 7 })).toBe(false);
    expect(canManageStories(null, { userId: 7 })).toBe(false);
    expect(canManageStories(girl, { userId: null })).toBe(false);
  });

  it("lets the author delete her story after she was unbound", () => {
    expect(canDeleteStory(girl, { userId: 7, modelUserId: null })).toBe(true);
    expect(canDeleteStory(otherGirl, { userId: 7, modelUserId: 7 })).toBe(false);
    expect(canDeleteStory(admin, { userId: 7, modelUserId: 7 })).toBe(true);
  });
});
