import { ROLE } from "@camatlas/shared";
import { describe, expect, it } from "vitest";
import { can, modelAbilities } from "./policy.ts";

const admin = { id: 1, roleId: ROLE.admin };
const fan = { id: 2, roleId: ROLE.camfan };
const camgirl = { id: 3, roleId: ROLE.camgirl };
const otherGirl = { id: 4, roleId: ROLE.camgirl };
const unbound = { userId: null, forbidAvatarChanges: false };
const hers = { userId: 3, forbidAvatarChanges: true };

describe("model policy", () => {
  it("lets guests do nothing but read", () => {
    expect(Object.values(modelAbilities(null, unbound)).some(Boolean)).toBe(false);
  });

  it("lets anyone signed in propose edits, rate, report and add nicknames and links, but not edit directly", () => {
    const abilities = modelAbilities(fan, unbound);
    expect(abilities).toMatchObject({
      edit: true,
      rate: true,
      report: true,
      add_nickname: true,
      add_link: true,
    });
    expect(abilities).toMatchObject({
      edit_directly: false,
      bind: false,
      block: false,
      change_visibility: false,
    });
  });

  it("gives the bound camgirl visibility, blocks and avatar accessibility, not direct edits", () => {
    expect(modelAbilities(camgirl, hers)).toMatchObject({
      change_visibility: true,
      block: true,
      change_avatar_accessibility: true,
      change_avatar: true,
      view_blocks: true,
      edit_directly: false,
      verify: false,
    });
    expect(modelAbilities(otherGirl, hers)).toMatchObject({
      change_visibility: false,
      block: false,
      verify: false,
    });
  });

  it("does not let the bound camgirl rate her own model", () => {
    expect(can(camgirl, "rate", hers)).toBe(false);
    expect(can(otherGirl, "rate", hers)).toBe(true);
    expect(can(fan, "rate", hers)).toBe(true);
  });

  it("stops others from changing the avatar when the model forbids it", () => {
    expect(can(fan, "change_avatar", hers)).toBe(false);
    expect(can(fan, "change_avatar", unbound)).toBe(true);
    expect(can(admin, "change_avatar", hers)).toBe(true);
  });

  it("lets only camgirls claim, and only a model nobody is bound to", () => {
    expect(can(camgirl, "verify", unbound)).toBe(true);
    expect(can(fan, "verify", unbound)).toBe(false);
    expect(can(camgirl, "verify", hers)).toBe(false);
  });

  it("lets admins do everything except claim or unbind an unbound model", () => {
    const abilities = modelAbilities(admin, unbound);
    expect(abilities.verify).toBe(false);
    expect(abilities.unbind).toBe(false);
    expect(modelAbilities(admin, hers).unbind).toBe(true);
    expect(abilities).toMatchObject({ edit_directly: true, bind: true, block: true, edit_content: true });
  });
});
