import { describe, expect, it } from "vitest";
import { baseNickName, sanitizeNickName } from "./nick-name-candidates.ts";
import { normalizeOAuthProfile } from "./providers.ts";

describe("OAuth nick names and profiles", () => {
  it("keeps only allowed characters and a usable length", () => {
    expect(sanitizeNickName("José María")).toBe("Jose_Maria");
    expect(sanitizeNickName("__a")).toBeNull();
    expect(sanitizeNickName("x".repeat(40))).toHaveLength(28);
  });

  it("prefers the username, then the email's local part, then the name", () => {
    const profile = {
      id: "1",
      email: "fan.one@example.com",
      emailVerified: true,
      firstName: "A",
      lastName: "B",
    };
    expect(baseNickName({ ...profile, username: "cool_fan" })).toBe("cool_fan");
    expect(baseNickName({ ...profile, username: null })).toBe("fan.one");
    expect(
      baseNickName({ ...profile, username: null, email: null, firstName: "Zé", lastName: "Silva" }),
    ).toBe("Ze_Silva");
    expect(baseNickName({ ...profile, username: null, email: null, firstName: null, lastName: null })).toBe(
      "fan",
    );
  });

  it("reads Google and X user info", () => {
    expect(
      normalizeOAuthProfile("google", {
        sub: "9",
        email: "A@B.example",
        email_verified: "true",
        name: "Ann Lee",
      }),
    ).toEqual({
      id: "9",
      email: "a@b.example",
      emailVerified: true,
      firstName: "Ann",
      lastName: "Lee",
      username: null,
    });
    expect(
      normalizeOAuthProfile("twitter", { data: { id: "7", username: "xy", confirmed_email: "x@y.example" } }),
    ).toMatchObject({ id: "7", email: "x@y.example", emailVerified: true, username: "xy" });
    expect(normalizeOAuthProfile("google", { email: "no-id@example.com" })).toBeNull();
  });
});
