import { ROLE } from "@camatlas/shared";
import { describe, expect, it } from "vitest";
import { hiddenReason, ipMatches } from "./visibility.ts";

const fan = { id: 2, roleId: ROLE.camfan };
const owner = { id: 3, roleId: ROLE.camgirl };
const admin = { id: 1, roleId: ROLE.admin };
const model = (pageVisibleFor: "everyone" | "only_registered_users" | "only_model_and_admin") => ({
  userId: 3,
  pageVisibleFor,
});

describe("hiddenReason", () => {
  it("applies page_visible_for", () => {
    expect(hiddenReason(null, model("everyone"), [], {})).toBeNull();
    expect(hiddenReason(null, model("only_registered_users"), [], {})).toBe("login");
    expect(hiddenReason(fan, model("only_registered_users"), [], {})).toBeNull();
    expect(hiddenReason(fan, model("only_model_and_admin"), [], {})).toBe("hidden");
    expect(hiddenReason(owner, model("only_model_and_admin"), [], {})).toBeNull();
    expect(hiddenReason(admin, model("only_model_and_admin"), [], {})).toBeNull();
  });

  it("hides the model from visitors in a blocked country, region or IP range, never from her or admins", () => {
    const blocks = [
      { blockableType: "country" as const, location: "RO" },
      { blockableType: "state" as const, location: "US-WA" },
      { blockableType: "ip" as const, location: "10.1.0.0/16" },
    ];
    expect(hiddenReason(fan, model("everyone"), blocks, { country: "RO" })).toBe("hidden");
    expect(hiddenReason(null, model("everyone"), blocks, { country: "US", region: "US-WA" })).toBe("hidden");
    expect(hiddenReason(null, model("everyone"), blocks, { country: "US", region: "US-CA" })).toBeNull();
    expect(hiddenReason(null, model("everyone"), blocks, { ip: "10.1.200.3" })).toBe("hidden");
    expect(hiddenReason(owner, model("everyone"), blocks, { country: "RO" })).toBeNull();
    expect(hiddenReason(admin, model("everyone"), blocks, { country: "RO" })).toBeNull();
  });
});

describe("ipMatches", () => {
  it("matches single addresses and CIDR ranges", () => {
    expect(ipMatches("1.2.3.4", "1.2.3.4")).toBe(true);
    expect(ipMatches("1.2.3.5", "1.2.3.4")).toBe(false);
    expect(ipMatches("192.168.5.9", "192.168.0.0/16")).toBe(true);
    expect(ipMatches("192.169.5.9", "192.168.0.0/16")).toBe(false);
    expect(ipMatches("2001:db8::1", "2001:db8::1")).toBe(true);
    expect(ipMatches("2001:db8::7", "2001:db8:0:0::7")).toBe(true);
    expect(ipMatches("2001:db8:ffff::1", "2001:db8::/32")).toBe(true);
    expect(ipMatches("2001:db9::1", "2001:db8::/32")).toBe(false);
    expect(ipMatches("1.2.3.4", "2001:db8::/32")).toBe(false);
    expect(ipMatches("not an address", "1.2.3.4")).toBe(false);
  });
});
