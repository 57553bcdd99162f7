import { TOKEN_ERRORS } from "@camatlas/shared";
import { describe, expect, it, vi } from "vitest";
import { createAuthFetch } from "./auth-fetch.ts";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A fake API: the token in the `authorization` header must be the current one, else 'Token has expired'. */
function fakeApi() {
  const state = { token: "old", signedIn: true, refreshCalls: 0, signOuts: [] as string[] };
  const send = vi.fn(async (request: Request) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const path = new URL(request.url).pathname;
    if (path === "/api/blacklisted") return json(401, { message: TOKEN_ERRORS.blacklisted });
    if (request.headers.get("authorization") !== `Bearer ${state.token}`)
      return json(401, { message: TOKEN_ERRORS.expired });
    return json(200, { path, body: request.method === "POST" ? await request.text() : null });
  });
  let current = "old";
  const authFetch = createAuthFetch({
    send,
    prepare: (request) => {
      const headers = new Headers(request.headers);
      headers.set("authorization", `Bearer ${current}`);
      return new Request(request, { headers });
    },
    isSignedIn: () => state.signedIn,
    refresh: async () => {
      state.refreshCalls += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      state.token = "new";
      current = "new";
      return true;
    },
    onSignedOut: (reason) => {
      state.signedIn = false;
      state.signOuts.push(reason);
    },
  });
  // The server has moved on: the token the client holds has expired.
  state.token = "fresh-on-server";
  return { state, send, authFetch, expire: () => (state.token = "fresh-on-server") };
}

describe("createAuthFetch (spec §8)", () => {
  it("refreshes exactly once for three concurrent requests with an expired token, and retries all three", async () => {
    const { state, authFetch } = fakeApi();
    const responses = await Promise.all([
      authFetch(new Request("http://site/api/profile")),
      authFetch(new Request("http://site/api/notifications")),
      authFetch(new Request("http://site/api/notifications/7/read", { method: "POST", body: "{}" })),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(state.refreshCalls).toBe(1);
    expect(authFetch.refreshCount()).toBe(1);
    // The retried POST still carries its body.
    expect(await responses[2]!.json()).toEqual({ path: "/api/notifications/7/read", body: "{}" });
    expect(state.signOuts).toEqual([]);
  });

  it("a request that left before a finished refresh retries without refreshing again", async () => {
    const { state, authFetch, send } = fakeApi();
    const slow = send.getMockImplementation()!;
    let first = true;
    send.mockImplementation(async (request) => {
      // The first call is held back until the refresh of the second one has finished.
      if (first) {
        first = false;
        await new Promise((resolve) => setTimeout(resolve, 60));
        return json(401, { message: TOKEN_ERRORS.expired });
      }
      return slow(request);
    });
    const [a, b] = await Promise.all([
      authFetch(new Request("http://site/api/a")),
      authFetch(new Request("http://site/api/b")),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(state.refreshCalls).toBe(1);
  });

  it("signs out on another 401, without refreshing", async () => {
    const { state, authFetch } = fakeApi();
    const response = await authFetch(new Request("http://site/api/blacklisted"));
    expect(response.status).toBe(401);
    expect(state.refreshCalls).toBe(0);
    expect(state.signOuts).toEqual([TOKEN_ERRORS.blacklisted]);
  });

  it("does not sign out when the failing call is the logout itself, nor for guests", async () => {
    const { state, authFetch } = fakeApi();
    await authFetch(new Request("http://site/api/auth/cross-site/logout", { method: "POST" }));
    expect(state.signOuts).toEqual([]);
    state.signedIn = false;
    const response = await authFetch(new Request("http://site/api/profile"));
    expect(response.status).toBe(401);
    expect(state.refreshCalls).toBe(0);
    expect(state.signOuts).toEqual([]);
  });

  it("signs out when the refresh fails, and hands back the 401", async () => {
    const signOuts: string[] = [];
    const authFetch = createAuthFetch({
      send: async () => json(401, { message: TOKEN_ERRORS.expired }),
      isSignedIn: () => signOuts.length === 0,
      refresh: async () => {
        throw new Error("network down");
      },
      onSignedOut: (reason) => {
        signOuts.push(reason);
      },
    });
    const responses = await Promise.all([
      authFetch(new Request("http://site/api/x")),
      authFetch(new Request("http://site/api/y")),
    ]);
    expect(responses.map((r) => r.status)).toEqual([401, 401]);
    expect(authFetch.refreshCount()).toBe(1);
    expect(signOuts.length).toBeGreaterThanOrEqual(1);
  });
});
