import { describe, expect, it } from "vitest";
import { isAdmin, parseRoleId, ROLE, roleName } from "./roles.ts";

describe("roles", () => {
  it("have the spec's ids", () => {
    expect(ROLE).toEqual({ admin: 1, camfan: 2, camgirl: 3 });
    expect(roleName(3)).toBe("Camgirl");
    expect(roleName(4)).toBeUndefined();
  });

  it("parse the role cookie", () => {
    expect(parseRoleId("1")).toBe(1);
    expect(parseRoleId(2)).toBe(2);
    expect(parseRoleId("9")).toBeUndefined();
    expect(parseRoleId("")).toBeUndefined();
    expect(parseRoleId(undefined)).toBeUndefined();
    expect(isAdmin(parseRoleId("1"))).toBe(true);
    expect(isAdmin(2)).toBe(false);
  });
});
