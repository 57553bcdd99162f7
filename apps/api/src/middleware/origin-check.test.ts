import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "../modules/auth/test-sessions.ts";
import { createTestApi, type TestApi } from "../testing/test-api.ts";

let t: TestApi;
let cookie: string;
let token: string;
beforeAll(async () => {
  t = await createTestApi({ PUBLIC_URL: "https://camatlas.example" });
  ({ token } = await createSignedInUser(t));
  cookie = `token=${token}`;
});
afterAll(() => t.close());

const markAllRead = (headers: Record<string, string | undefined>) =>
  t.call("POST", "/api/notifications/read-all", { headers: headers as Record<string, string> });

describe("origin check on cookie-authenticated writes", () => {
  it("refuses a write with the token cookie from a foreign or missing origin", async () => {
    for (const headers of [
      { cookie },
      { cookie, origin: "https://evil.example" },
      { cookie, referer: "https://evil.example/page" },
      { cookie, origin: "null" },
    ]) {
      const res = await markAllRead(headers);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: "Cross-site request refused." });
    }
  });

  it("accepts the site's own origin (PUBLIC_URL or the request's host) or referer", async () => {
    for (const headers of [
      { cookie, origin: "https://camatlas.example" },
      { cookie, origin: "http://localhost" },
      { cookie, referer: "https://camatlas.example/account" },
    ]) {
      expect((await markAllRead(headers)).status).toBe(200);
    }
  });

  it("leaves reads, bearer-token clients and the in-process SSR server alone", async () => {
    expect(
      (await t.call("GET", "/api/profile", { headers: { cookie, origin: "https://evil.example" } })).status,
    ).toBe(200);
    expect(
      (await markAllRead({ authorization: `Bearer ${token}`, origin: "https://evil.example" })).status,
    ).toBe(200);
    expect((await markAllRead({ cookie, "x-internal-token": "test-internal-token" })).status).toBe(200);
    expect((await markAllRead({ cookie, "x-internal-token": "wrong" })).status).toBe(403);
    // Without a session cookie there is nothing to forge.
    expect(
      (await t.call("POST", "/api/login", { body: { email: "x@example.com", password: "whatever1" } }))
        .status,
    ).toBe(422);
  });
});

describe("origin check with COOKIE_DOMAIN", () => {
  it("accepts the sites that share the session cookies, and nothing that merely ends with the same letters", async () => {
    const shared = await createTestApi({
      PUBLIC_URL: "https://camatlas.example",
      COOKIE_DOMAIN: ".camatlas.example",
    });
    try {
      const { token: own } = await createSignedInUser(shared);
      const logout = (origin: string) =>
        shared.call("POST", "/api/notifications/read-all", { headers: { cookie: `token=${own}`, origin } });
      expect((await logout("https://forum.camatlas.example")).status).toBe(200);
      expect((await logout("https://notcamatlas.example")).status).toBe(403);
      expect((await logout("https://camatlas.example.evil.test")).status).toBe(403);
    } finally {
      await shared.close();
    }
  });
});
