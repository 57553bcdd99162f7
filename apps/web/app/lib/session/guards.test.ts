import { describe, expect, it } from "vitest";
import { requireAdmin, requireGuest, requireSignedIn } from "./guards.ts";
import { loginPath, safeReturnPath } from "./return-to.ts";

const request = (path: string, cookie?: string) =>
  new Request(`http://site.test${path}`, { headers: cookie ? { cookie } : {} });

/** The redirect a guard throws, or "pass". */
function outcome(guard: (request: Request) => void, req: Request): string {
  try {
    guard(req);
    return "pass";
  } catch (thrown) {
    if (thrown instanceof Response) return `${thrown.status} ${thrown.headers.get("location")}`;
    throw thrown;
  }
}

describe("route guards (spec §2, §6)", () => {
  it("logged-in guard sends guests to /login with the page to come back to", () => {
    expect(outcome(requireSignedIn, request("/account?tab=password"))).toBe(
      "302 /login?redirect=%2Faccount%3Ftab%3Dpassword",
    );
    expect(outcome(requireSignedIn, request("/account", "token=abc; user_id=4; role=2"))).toBe("pass");
  });

  it("logged-in guard on a data request returns to the page, not the .data URL", () => {
    expect(outcome(requireSignedIn, request("/account.data?_routes=routes%2Faccount"))).toBe(
      "302 /login?redirect=%2Faccount",
    );
  });

  it("admin guard lets only the admin role cookie through", () => {
    expect(outcome(requireAdmin, request("/admin", "token=abc; role=1"))).toBe("pass");
    expect(outcome(requireAdmin, request("/admin", "token=abc; role=2"))).toBe(
      "302 /login?redirect=%2Fadmin",
    );
    expect(outcome(requireAdmin, request("/admin", "role=1"))).toBe("302 /login?redirect=%2Fadmin");
  });

  it("guest-only guard sends signed-in users home", () => {
    expect(outcome(requireGuest, request("/login", "token=abc"))).toBe("302 /");
    expect(outcome(requireGuest, request("/login", "age_gate=18"))).toBe("pass");
  });
});

describe("return path after login", () => {
  it("accepts only paths on this site, never auth pages", () => {
    expect(safeReturnPath("/models?page=2#top")).toBe("/models?page=2#top");
    expect(safeReturnPath("https://evil.test/")).toBe("/");
    expect(safeReturnPath("//evil.test/x")).toBe("/");
    expect(safeReturnPath("/\\evil.test")).toBe("/");
    expect(safeReturnPath("/login?redirect=/x")).toBe("/");
    expect(safeReturnPath("/auth/restore-password?token=1")).toBe("/");
    expect(safeReturnPath(null, "/account")).toBe("/account");
  });

  it("login links carry the return path unless it is home", () => {
    expect(loginPath("/")).toBe("/login");
    expect(loginPath("/users/luna")).toBe("/login?redirect=%2Fusers%2Fluna");
  });
});
