import { createUser } from "@camatlas/db/factories";
import { API_MESSAGES, ROLE } from "@camatlas/shared";
import { type MutableResponse, OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";

let provider: OAuth2Server;
let t: TestApi;
let userinfo: Record<string, unknown>;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
  const issuer = provider.issuer.url!;
  provider.service.on("beforeUserinfo", (response: MutableResponse) => {
    response.body = userinfo;
  });
  const endpoints = (prefix: string) => ({
    [`${prefix}_CLIENT_ID`]: "camatlas-test-client",
    [`${prefix}_CLIENT_SECRET`]: "camatlas-test-secret",
    [`${prefix}_AUTH_URL`]: `${issuer}/authorize`,
    [`${prefix}_TOKEN_URL`]: `${issuer}/token`,
    [`${prefix}_USERINFO_URL`]: `${issuer}/userinfo`,
  });
  t = await createTestApi({
    PUBLIC_URL: "http://localhost",
    ...endpoints("GOOGLE"),
    ...endpoints("TWITTER"),
  });
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});
beforeEach(() => {
  userinfo = {};
});

const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="));

/** Runs the browser's part: our redirect → the provider's authorize page → back to our callback. */
async function signIn(name: "google" | "twitter", redirect?: string) {
  const start = await t.call(
    "GET",
    `/api/${name}/redirect${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ""}`,
  );
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get("location")!);
  expect(authorize.origin).toBe(provider.issuer.url);
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorize.searchParams.get("redirect_uri")).toBe(`http://localhost/api/${name}/callback`);
  const flowCookies = start.headers.getSetCookie();
  expect(flowCookies.find((c) => c.startsWith("oauth_verifier="))).toMatch(/HttpOnly/);
  expect(flowCookies.find((c) => c.startsWith("oauth_state="))).toMatch(/Max-Age=600/);

  const consent = await fetch(authorize, { redirect: "manual" });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get("location")!);
  expect(back.pathname).toBe(`/api/${name}/callback`);
  return t.call("GET", `${back.pathname}${back.search}`, {
    headers: { cookie: cookiesOf(start).join("; ") },
  });
}

async function profileOf(res: Response) {
  const token = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("token="))
    ?.split(";")[0]
    ?.slice("token=".length);
  expect(token).toBeTruthy();
  return (await t.call("GET", "/api/profile", { headers: { authorization: `Bearer ${token}` } })).json();
}

describe("OAuth sign-in against a local OAuth server", () => {
  it("creates a camfan with a unique nick name, signs in and returns to the saved path", async () => {
    await createUser(t.database.db, { nickName: "maria.g", email: "someone-else@example.com" });
    userinfo = {
      sub: "google-123",
      email: "Maria.G@gmail.example",
      email_verified: true,
      given_name: "María",
      family_name: "García",
    };
    const res = await signIn("google", "/models/luna?tab=stats");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/models/luna?tab=stats");
    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith("token="))).toMatch(/HttpOnly/);
    expect(cookies.some((c) => c.startsWith(`role=${ROLE.camfan}`))).toBe(true);
    const me = await profileOf(res);
    expect(me).toMatchObject({
      nick_name: "maria.g_2",
      email: "maria.g@gmail.example",
      first_name: "María",
      last_name: "García",
      role_id: ROLE.camfan,
      birthday: null,
      has_password: false,
      oauth_service: "google",
    });

    // Signing in again lands in the same account.
    const again = await profileOf(await signIn("google"));
    expect(again.id).toBe(me.id);
  });

  it("links to the existing account with the same verified email", async () => {
    const existing = await createUser(t.database.db, { nickName: "linked_fan", email: "linked@example.com" });
    userinfo = { sub: "google-777", email: "linked@example.com", email_verified: true };
    const res = await signIn("google");
    expect(res.headers.get("location")).toBe("/");
    const me = await profileOf(res);
    expect(me).toMatchObject({ id: existing.id, nick_name: "linked_fan", oauth_service: "google" });
  });

  it("gives an account whose password changed since (a raised session version) a session that works", async () => {
    const existing = await createUser(t.database.db, {
      nickName: "changed_pass",
      email: "changed.pass@example.com",
      sessionVersion: 3,
    });
    userinfo = { sub: "google-888", email: "changed.pass@example.com", email_verified: true };
    const me = await profileOf(await signIn("google"));
    expect(me).toMatchObject({ id: existing.id, nick_name: "changed_pass" });
  });

  it("does not link on an unverified email; X accounts without email get a placeholder address", async () => {
    await createUser(t.database.db, { nickName: "victim", email: "victim@example.com" });
    userinfo = { sub: "google-999", email: "victim@example.com", email_verified: false, name: "Mallory M" };
    const mallory = await profileOf(await signIn("google"));
    expect(mallory.nick_name).not.toBe("victim");
    expect(mallory.email).toBe("google-google-999@users.invalid");

    userinfo = { data: { id: "42", username: "x_fan", name: "X Fan" } };
    const x = await profileOf(await signIn("twitter"));
    expect(x).toMatchObject({
      nick_name: "x_fan",
      email: "twitter-42@users.invalid",
      oauth_service: "twitter",
    });
  });

  it("refuses a forged state, a foreign redirect target and blocked accounts", async () => {
    userinfo = { sub: "google-555", email: "stateful@example.com", email_verified: true };
    const start = await t.call("GET", "/api/google/redirect?redirect=//evil.example/x");
    const consent = await fetch(start.headers.get("location")!, { redirect: "manual" });
    const back = new URL(consent.headers.get("location")!);
    back.searchParams.set("state", "forged");
    const forged = await t.call("GET", `${back.pathname}${back.search}`, {
      headers: { cookie: cookiesOf(start).join("; ") },
    });
    expect(forged.headers.get("location")).toBe("/login?oauth_error=failed");
    expect(forged.headers.getSetCookie().some((c) => c.startsWith("token=ey"))).toBe(false);

    const ok = await signIn("google", "https://evil.example/");
    expect(ok.headers.get("location")).toBe("/");

    await createUser(t.database.db, {
      nickName: "blocked_g",
      email: "blocked@example.com",
      blockedAt: new Date(),
    });
    userinfo = { sub: "google-blocked", email: "blocked@example.com", email_verified: true };
    const blocked = await signIn("google");
    expect(blocked.headers.get("location")).toBe("/login?oauth_error=blocked");
  });

  it("returns only to a path on this site: a tab, a newline or dot segments cannot lead elsewhere", async () => {
    userinfo = { sub: "google-tab", email: "tab@example.com", email_verified: true };
    for (const target of ["/\t/evil.example/x", "/.//evil.example/x", "/models\r\nX-Injected: 1"]) {
      const res = await signIn("google", target);
      expect(res.status, JSON.stringify(target)).toBe(302);
      expect(res.headers.get("location"), JSON.stringify(target)).toBe("/");
    }
    // The saved target is a cookie the browser sends back: it is checked again at the callback.
    const start = await t.call("GET", "/api/google/redirect");
    const consent = await fetch(start.headers.get("location")!, { redirect: "manual" });
    const back = new URL(consent.headers.get("location")!);
    const cookies = cookiesOf(start).filter((c) => !c.startsWith("oauth_redirect="));
    const res = await t.call("GET", `${back.pathname}${back.search}`, {
      headers: {
        cookie: [...cookies, `oauth_redirect=${encodeURIComponent("/\t/evil.example")}`].join("; "),
      },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
  });

  it("sends the browser back to the host it came through (PUBLIC_URL, or the site's other name)", async () => {
    const viaPublic = await t.call("GET", "/api/google/redirect");
    const publicBack = new URL(viaPublic.headers.get("location")!).searchParams.get("redirect_uri");
    expect(publicBack).toBe("http://localhost/api/google/callback");
    const viaIp = await t.api.fetch(new Request("http://127.0.0.1:4321/api/google/redirect"));
    const ipBack = new URL(viaIp.headers.get("location")!).searchParams.get("redirect_uri");
    expect(ipBack).toBe("http://127.0.0.1:4321/api/google/callback");
  });

  it("answers 404 when a provider is not configured", async () => {
    const bare = await createTestApi();
    try {
      const res = await bare.call("GET", "/api/google/redirect");
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: API_MESSAGES.oauthNotConfigured });
      expect((await bare.call("GET", "/api/twitter/callback?code=x&state=y")).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
