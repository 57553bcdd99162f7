import { ROLE } from "@camatlas/shared";
import { describe, expect, it } from "vitest";
import { postPolicy } from "./policy.ts";

const admin = { id: 1, roleId: ROLE.admin };
const fan = { id: 2, roleId: ROLE.camfan };
const camgirl = { id: 3, roleId: ROLE.camgirl };

describe("postPolicy", () => {
  it("lets admins alone edit and preview", () => {
    expect(postPolicy.edit(admin)).toBe(true);
    for (const actor of [fan, camgirl, null]) {
      expect(postPolicy.edit(actor)).toBe(false);
      expect(postPolicy.seeUnpublished(actor)).toBe(false);
    }
  });
  it("lets anyone signed in vote on a live post, nobody on a draft", () => {
    for (const actor of [admin, fan, camgirl]) {
      expect(postPolicy.vote(actor, true)).toBe(true);
      expect(postPolicy.vote(actor, false)).toBe(false);
    }
    expect(postPolicy.vote(null, true)).toBe(false);
  });
});
