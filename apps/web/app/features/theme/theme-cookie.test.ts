import { describe, expect, it } from "vitest";
import { otherTheme, themeCookie, themeFromCookie } from "./theme-cookie.ts";

describe("theme cookie", () => {
  it("reads a chosen theme and ignores anything else", () => {
    expect(themeFromCookie("age_gate=18; theme=light")).toBe("light");
    expect(themeFromCookie("theme=dark")).toBe("dark");
    expect(themeFromCookie("theme=purple")).toBeNull();
    expect(themeFromCookie("age_gate=18")).toBeNull();
    expect(themeFromCookie(null)).toBeNull();
  });

  it("is remembered for a year on the whole site, Secure over https", () => {
    expect(themeCookie("light", false)).toBe("theme=light; Max-Age=31536000; Path=/; SameSite=Lax");
    expect(themeCookie("dark", true)).toMatch(/^theme=dark; .*; Secure$/);
  });

  it("switches to the other theme", () => {
    expect(otherTheme("dark")).toBe("light");
    expect(otherTheme("light")).toBe("dark");
  });
});
