import { ROLE } from "@camatlas/shared";
import { describe, expect, it } from "vitest";
import { abilitiesOf, type CommentActor, type CommentSubject, seesHiddenText } from "./policy.ts";

const now = new Date("2026-01-01T12:00:00Z");
const comment = (over: Partial<CommentSubject> = {}): CommentSubject => ({
  authorId: 1,
  createdAt: new Date("2026-01-01T11:50:00Z"),
  deleted: false,
  hidden: false,
  modelUserId: 3,
  ...over,
});
const fan = (id: number, banned = false): CommentActor => ({ id, roleId: ROLE.camfan, banned });
const admin: CommentActor = { id: 9, roleId: ROLE.admin, banned: false };

describe("comment abilities", () => {
  it("the author edits within 15 minutes and deletes; she cannot vote on or report her own", () => {
    expect(abilitiesOf(fan(1), comment(), now)).toEqual({
      reply: true,
      edit: true,
      delete: true,
      vote: false,
      hide: false,
      unhide: false,
      report: false,
    });
    const late = comment({ createdAt: new Date("2026-01-01T11:44:00Z") });
    expect(abilitiesOf(fan(1), late, now).edit).toBe(false);
  });

  it("the model's camgirl and admins hide; admins delete anyone's; guests only read", () => {
    expect(abilitiesOf({ id: 3, roleId: ROLE.camgirl, banned: false }, comment(), now)).toMatchObject({
      hide: true,
      delete: false,
      vote: true,
    });
    expect(abilitiesOf(admin, comment({ hidden: true }), now)).toMatchObject({ unhide: true, delete: true });
    expect(Object.values(abilitiesOf(null, comment(), now)).some(Boolean)).toBe(false);
  });

  it("a banned user reads and votes but neither replies nor edits; nothing is done to a deleted comment", () => {
    expect(abilitiesOf(fan(1, true), comment(), now)).toMatchObject({
      reply: false,
      edit: false,
      delete: true,
    });
    expect(abilitiesOf(fan(2, true), comment(), now)).toMatchObject({
      reply: false,
      vote: true,
      report: true,
    });
    expect(Object.values(abilitiesOf(admin, comment({ deleted: true }), now)).some(Boolean)).toBe(false);
  });

  it("a hidden text shows to its author, the model's camgirl and admins only", () => {
    expect(seesHiddenText(fan(1), comment())).toBe(true);
    expect(seesHiddenText(fan(3), comment())).toBe(true);
    expect(seesHiddenText(admin, comment())).toBe(true);
    expect(seesHiddenText(fan(2), comment())).toBe(false);
    expect(seesHiddenText(null, comment())).toBe(false);
  });
});
