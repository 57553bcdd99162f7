import { API_MESSAGES, TOKEN_ERRORS } from "@camatlas/shared";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApi } from "../../app.ts";
import { createApiDeps } from "../../deps.ts";
import { createMemoryRateLimitStore } from "../../lib/rate-limit-store.ts";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { createCaptureMailer } from "../mail/capture-mailer.ts";
import { createSignedInUser, TEST_PASSWORD } from "./test-sessions.ts";

// Issue 24: a password change or reset ends every other session of the user — their tokens no longer read the
// profile, refresh or pass the token check — on every instance of the site, and the user is told.

let t: TestApi;
let mailer: ReturnType<typeof createCaptureMailer>;
beforeAll(async () => {
  t = await createTestApi({ PRODUCT_NAME: "CamAtlas" });
});
afterAll(() => t.close());
beforeEach(() => {
  t.deps.rateLimitStore = createMemoryRateLimitStore();
  mailer = createCaptureMailer();
  t.deps.mailer = mailer;
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const profileWith = (token: string) => t.call("GET", "/api/profile", { headers: bearer(token) });
const refreshWith = (token: string) => t.call("GET", "/api/auth/refresh", { headers: bearer(token) });
const checkOf = (token: string) => t.call("POST", "/api/auth/token/check", { body: { token } });

async function signInAgain(email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await t.call("POST", "/api/login", { body: { email, password } });
  expect(res.status).toBe(200);
  return (await res.json()).token;
}

async function expectEnded(token: string) {
  const profile = await profileWith(token);
  expect(profile.status).toBe(401);
  expect(await profile.json()).toEqual({ message: TOKEN_ERRORS.blacklisted });
  const refresh = await refreshWith(token);
  expect(refresh.status).toBe(401);
  expect(refresh.headers.get("authorization")).toBeNull();
  expect((await checkOf(token)).status).toBe(422);
}

describe("a password change", () => {
  it("ends every other session, keeps the changing one signed in with a new token, and says so", async () => {
    const { user, token: phone } = await createSignedInUser(t);
    const laptop = await signInAgain(user.email);
    expect((await profileWith(phone)).status).toBe(200);

    const notice = mailer.next();
    const res = await t.call("PUT", "/api/profile", {
      headers: bearer(laptop),
      body: { current_password: TEST_PASSWORD, password: "a brand new pass", confirm: "a brand new pass" },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe(API_MESSAGES.passwordChanged);

    await expectEnded(phone);
    // The changing session's old token has ended too; it goes on with the token it was just given.
    expect((await profileWith(laptop)).status).toBe(401);
    const fresh = res.headers.get("authorization")?.replace(/^Bearer /, "") ?? "";
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("token="));
    expect(cookie).toContain(`token=${fresh};`);
    expect((await profileWith(fresh)).status).toBe(200);
    expect((await refreshWith(fresh)).status).toBe(200);

    // The owner is told by mail as well.
    const mail = await notice;
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toBe("Your CamAtlas password was changed");
    expect(mail.text).toContain("Every other session signed in to it has been signed out.");

    // Signing in with the new password gives a working session.
    expect((await profileWith(await signInAgain(user.email, "a brand new pass"))).status).toBe(200);
  });

  it("leaves sessions alone when other fields change", async () => {
    const { token } = await createSignedInUser(t);
    const res = await t.call("PUT", "/api/profile", { headers: bearer(token), body: { city: "Porto" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("authorization")).toBeNull();
    expect((await profileWith(token)).status).toBe(200);
  });
});

describe("a password reset", () => {
  it("ends every session of the user, and the owner is mailed about it", async () => {
    const { user, token: first } = await createSignedInUser(t);
    const second = await signInAgain(user.email);
    const mailed = mailer.next();
    expect((await t.call("POST", "/api/auth/forgot-password", { body: { email: user.email } })).status).toBe(
      200,
    );
    const link = /token=([0-9a-f]{64})/.exec((await mailed).text)?.[1] ?? "";

    const notice = mailer.next();
    const restored = await t.call("POST", "/api/auth/restore-password", {
      body: { token: link, password: "recovered pass 1", confirm: "recovered pass 1" },
    });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toEqual({ message: API_MESSAGES.passwordReset });
    await expectEnded(first);
    await expectEnded(second);
    const mail = await notice;
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toBe("Your CamAtlas password was reset");
    expect((await profileWith(await signInAgain(user.email, "recovered pass 1"))).status).toBe(200);
  });

  it("is seen by every instance of the site: the version lives in the database", async () => {
    const other = createApi(
      createApiDeps({
        db: t.database.db,
        env: t.deps.env,
        logger: pino({ level: "silent" }),
        clientIpHeader: "CamAtlas-Client-Ip",
        internalToken: "test-internal-token",
      }),
      { engine: t.database.engine },
    );
    const onOther = (token: string) =>
      other.fetch(new Request("http://localhost/api/profile", { headers: bearer(token) }));
    const { user, token } = await createSignedInUser(t);
    expect((await onOther(token)).status).toBe(200);
    const res = await t.call("PUT", "/api/profile", {
      headers: bearer(await signInAgain(user.email)),
      body: { current_password: TEST_PASSWORD, password: "another new pass", confirm: "another new pass" },
    });
    expect(res.status).toBe(200);
    const refused = await onOther(token);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: TOKEN_ERRORS.blacklisted });
    const fresh = res.headers.get("authorization")?.replace(/^Bearer /, "") ?? "";
    expect((await onOther(fresh)).status).toBe(200);
  });
});
