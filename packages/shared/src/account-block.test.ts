import { describe, expect, it } from "vitest";
import { blockedSignInMessage, isBlockActive } from "./account-block.ts";
import { blockUserRequestSchema } from "./schemas/account-block.ts";

describe("account block", () => {
  const now = new Date("2026-11-25T12:00:00Z");

  it("is active from the block until its end, and for good without one", () => {
    expect(isBlockActive({ blockedAt: null }, now)).toBe(false);
    expect(isBlockActive({ blockedAt: now, blockedUntil: null }, now)).toBe(true);
    expect(isBlockActive({ blockedAt: now, blockedUntil: new Date("2026-12-01T00:00:00Z") }, now)).toBe(true);
    expect(isBlockActive({ blockedAt: now, blockedUntil: new Date("2026-11-25T00:00:00Z") }, now)).toBe(
      false,
    );
  });

  it("tells the reason and the end at sign-in", () => {
    expect(
      blockedSignInMessage("Blocked.", { reason: "Spam links", until: "2027-01-31T00:00:00.000Z" }),
    ).toBe("Blocked. Reason: Spam links The block ends on 31 January 2027.");
    expect(blockedSignInMessage("Blocked.", { reason: null, until: null })).toBe(
      "Blocked. The block has no end date.",
    );
  });

  it("takes a reason of 3 characters or more and an end after today; both may be left out", () => {
    expect(blockUserRequestSchema.safeParse({}).success).toBe(true);
    expect(blockUserRequestSchema.safeParse({ reason: "Spam", until: "2999-01-01" }).success).toBe(true);
    expect(blockUserRequestSchema.safeParse({ reason: "x" }).success).toBe(false);
    expect(blockUserRequestSchema.safeParse({ until: "2020-01-01" }).success).toBe(false);
  });
});
