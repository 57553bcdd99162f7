import { ROLE } from "@camatlas/shared";
import { describe, expect, it } from "vitest";
import { MODERATION_RULES, moderationAbilities } from "./policy.ts";

describe("moderation policy", () => {
  it("lets admins, and only admins, see queues and decide", () => {
    expect(moderationAbilities({ id: 1, roleId: ROLE.admin })).toEqual({ approve: true, reject: true });
    expect(moderationAbilities({ id: 2, roleId: ROLE.camfan })).toEqual({ approve: false, reject: false });
    expect(MODERATION_RULES.view_queues({ id: 3, roleId: ROLE.camgirl })).toBe(false);
    expect(MODERATION_RULES.view_queues(null)).toBe(false);
  });
});
