import { ROLE } from "@camatlas/shared";
import { describe, expect, it } from "vitest";
import { canDeleteTopic, canEditPost, canPostIn, canReply, canVote, type ForumActor } from "./policy.ts";

const fan: ForumActor = { id: 1, roleId: ROLE.camfan, banned: false };
const banned: ForumActor = { id: 2, roleId: ROLE.camfan, banned: true };
const admin: ForumActor = { id: 3, roleId: ROLE.admin, banned: false };
const open = { postingAccess: "members" as const };
const announcements = { postingAccess: "admins" as const };
const topic = { userId: 1, isLocked: false, status: "published", deletedAt: null, postsCount: 1 };
const post = { userId: 1, status: "published", deletedAt: null };

describe("forum policy", () => {
  it("lets members post in open categories and only admins in admins-only ones; never guests or banned members", () => {
    expect(canPostIn(fan, open)).toBe(true);
    expect(canPostIn(fan, announcements)).toBe(false);
    expect(canPostIn(admin, announcements)).toBe(true);
    expect(canPostIn(null, open)).toBe(false);
    expect(canPostIn(banned, open)).toBe(false);
  });

  it("closes a locked topic to replies except for admins", () => {
    const locked = { ...topic, isLocked: true };
    expect(canReply(fan, locked, open)).toBe(false);
    expect(canReply(admin, locked, open)).toBe(true);
    expect(canReply(fan, topic, open)).toBe(true);
  });

  it("lets the author edit her post while the topic is open; admins always", () => {
    expect(canEditPost(fan, post, topic)).toBe(true);
    expect(canEditPost(fan, post, { ...topic, isLocked: true })).toBe(false);
    expect(canEditPost({ id: 9, roleId: ROLE.camfan, banned: false }, post, topic)).toBe(false);
    expect(canEditPost(admin, post, { ...topic, isLocked: true })).toBe(true);
  });

  it("refuses votes on one's own post and on deleted posts", () => {
    expect(canVote(fan, post)).toBe(false);
    expect(canVote(admin, post)).toBe(true);
    expect(canVote(admin, { ...post, deletedAt: new Date() })).toBe(false);
  });

  it("lets an author delete her topic only while nobody replied", () => {
    expect(canDeleteTopic(fan, topic)).toBe(true);
    expect(canDeleteTopic(fan, { ...topic, postsCount: 2 })).toBe(false);
    expect(canDeleteTopic(admin, { ...topic, postsCount: 2 })).toBe(true);
  });
});
