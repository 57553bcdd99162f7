import { ROLE } from "@camatlas/shared";
import { describe, expect, it } from "vitest";
import { CAMSITE_RULES, camsiteAbilities } from "./policy.ts";

describe("camsite policy", () => {
  it("lets only admins edit camsites and their meta", () => {
    expect(camsiteAbilities({ id: 1, roleId: ROLE.admin })).toEqual({ edit: true });
    expect(camsiteAbilities({ id: 2, roleId: ROLE.camfan })).toEqual({ edit: false });
    expect(camsiteAbilities(null)).toEqual({ edit: false });
    expect(CAMSITE_RULES.edit_meta({ id: 3, roleId: ROLE.camgirl })).toBe(false);
  });
});
