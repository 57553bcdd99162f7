import { API_MESSAGES, TOKEN_ERRORS, VALIDATION_MESSAGES } from "@camatlas/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const newUser = (over: Record<string, unknown> = {}) => ({
  nick_name: "luna_fan",
  email: "Luna.Fan@example.com",
  password: "correct horse battery",
  confirm: "correct horse battery",
  birthday: "1990-04-01",
  gender: "male",
  ...over,
});

async function register(over: Record<string, unknown> = {}) {
  return t.call("POST", "/api/register", { body: newUser(over) });
}

describe("POST /api/register", () => {
  it("creates a camfan, signs them in and sets the session cookies", async () => {
    const res = await register();
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ nick_name: "luna_fan", email: "luna.fan@example.com", role_id: 2 });
    expect(JSON.stringify(body)).not.toMatch(/password_hash|passwordHash|\$argon2/);
    expect(body.user).not.toHaveProperty("password");
    expect(body.user.has_password).toBe(true);
    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith("token="))).toMatch(/HttpOnly/);
    expect(cookies.find((c) => c.startsWith("token="))).toMatch(/Max-Age=1576800000/);
    expect(cookies.some((c) => c.startsWith("user_id="))).toBe(true);
    expect(cookies.some((c) => c.startsWith("role=2"))).toBe(true);
  });

  it("refuses a taken email or nick name, case-insensitively, with field errors", async () => {
    const res = await register({ email: "LUNA.FAN@example.com", nick_name: "LUNA_FAN" });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors.email).toEqual([VALIDATION_MESSAGES.emailTaken]);
    expect(body.errors.nick_name).toEqual([VALIDATION_MESSAGES.nickNameTaken]);
  });

  it("refuses the under-aged, an unconfirmed password, admin role and unknown fields", async () => {
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 17);
    const res = await register({
      nick_name: "kid",
      email: "kid@example.com",
      birthday: young.toISOString().slice(0, 10),
      confirm: "something else",
      role_id: 1,
      is_admin: true,
    });
    expect(res.status).toBe(422);
    const { errors } = await res.json();
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(["birthday", "role_id"]));
  });
});

describe("POST /api/login", () => {
  it("signs in by email or by nick name", async () => {
    const byEmail = await t.call("POST", "/api/login", {
      body: { email: "luna.fan@example.com", password: "correct horse battery" },
    });
    expect(byEmail.status).toBe(200);
    const byNick = await t.call("POST", "/api/login", {
      body: { nick_name: "Luna_Fan", password: "correct horse battery" },
    });
    expect(byNick.status).toBe(200);
    expect((await byNick.json()).user.nick_name).toBe("luna_fan");
  });

  it("answers wrong credentials with 422 on the email field without saying which part was wrong", async () => {
    for (const body of [
      { email: "luna.fan@example.com", password: "wrong password!" },
      { email: "nobody@example.com", password: "correct horse battery" },
    ]) {
      const res = await t.call("POST", "/api/login", { body });
      expect(res.status).toBe(422);
      expect((await res.json()).errors).toEqual({ email: [API_MESSAGES.invalidCredentials] });
    }
  });
});

describe("tokens", () => {
  it("check, refresh (new token in the Authorization header, old one blacklisted) and logout", async () => {
    const login = await t.call("POST", "/api/login", {
      body: { email: "luna.fan@example.com", password: "correct horse battery" },
    });
    const { token } = await login.json();

    expect((await t.call("POST", "/api/auth/token/check", { body: { token } })).status).toBe(200);
    expect((await t.call("POST", "/api/auth/token/check", { body: { token: "garbage" } })).status).toBe(422);

    const refreshed = await t.call("GET", "/api/auth/refresh", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refreshed.status).toBe(200);
    const fresh = refreshed.headers.get("authorization")?.replace(/^Bearer /, "");
    expect(fresh).toBeTruthy();
    const again = await t.call("GET", "/api/auth/refresh", { headers: { authorization: `Bearer ${token}` } });
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ message: TOKEN_ERRORS.blacklisted });

    const logout = await t.call("POST", "/api/auth/cross-site/logout", {
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(logout.status).toBe(200);
    expect(
      logout.headers.getSetCookie().some((c) => c.startsWith("token=;") && c.includes("Max-Age=0")),
    ).toBe(true);
    expect((await t.call("POST", "/api/auth/token/check", { body: { token: fresh } })).status).toBe(422);
  });
});
