import { describe, expect, it } from "vitest";
import { ageGateCookie, isAgeGateOpen } from "./age-gate-cookies.ts";

describe("age gate cookies", () => {
  it("shows the gate until a confirmation is saved or the visitor is signed in", () => {
    expect(isAgeGateOpen(null)).toBe(true);
    expect(isAgeGateOpen("adblock_flag=enable")).toBe(true);
    expect(isAgeGateOpen("adblock_flag=enable; age_gate=18")).toBe(false);
    expect(isAgeGateOpen("age_gate_visit=1")).toBe(false);
    expect(isAgeGateOpen("token=abc.def.ghi; user_id=2")).toBe(false);
  });

  it("remembers a Yes for 30 days, or for this visit only", () => {
    expect(ageGateCookie(true, false)).toBe("age_gate=18; Max-Age=2592000; Path=/; SameSite=Lax");
    expect(ageGateCookie(false, true)).toBe("age_gate_visit=1; Path=/; SameSite=Lax; Secure");
  });
});
