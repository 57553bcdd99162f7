import { describe, expect, it } from "vitest";
import { adblockFlagCookie, hasAdblockFlag, isAdBlocked } from "./adblock-check.ts";

describe("adblock check", () => {
  it("runs only while no adblock_flag cookie exists", () => {
    expect(hasAdblockFlag("")).toBe(false);
    expect(hasAdblockFlag("age_gate=18; adblock_flag=disable")).toBe(true);
    expect(hasAdblockFlag("x_adblock_flag=1")).toBe(false);
  });

  it("decides 'blocked' when the banner is missing or has zero height", () => {
    expect(isAdBlocked(null)).toBe(true);
    expect(isAdBlocked({ offsetHeight: 0 })).toBe(true);
    expect(isAdBlocked({ offsetHeight: 1 })).toBe(false);
  });

  it("remembers the result for 30 days", () => {
    expect(adblockFlagCookie(true, false)).toBe("adblock_flag=enable; Max-Age=2592000; Path=/; SameSite=Lax");
    expect(adblockFlagCookie(false, true)).toContain("adblock_flag=disable; Max-Age=2592000");
  });
});
