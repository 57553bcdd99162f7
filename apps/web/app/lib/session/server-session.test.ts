import { TOKEN_ERRORS } from "@camatlas/shared";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { createServerSession, serverSessionContext, sessionMiddleware } from "./server-session.ts";

const json = (status: number, body: unknown, setCookies: string[] = []) => {
  const headers = new Headers({ "content-type": "application/json" });
  for (const line of setCookies) headers.append("Set-Cookie", line);
  return new Response(JSON.stringify(body), { status, headers });
};

/** A fake in-process API: `token=fresh` is valid, `token=old` has expired, anything else is blacklisted. */
function fakeApi() {
  const calls: string[] = [];
  const fetch = async (request: Request) => {
    const path = new URL(request.url).pathname;
    const token = /(?:^|; )token=([^;]*)/.exec(request.headers.get("cookie") ?? "")?.[1];
    calls.push(`${request.method} ${path} token=${token ?? "-"}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (path === "/api/auth/refresh")
      return token === "old"
        ? json(200, { message: "ok" }, [
            "token=fresh; Max-Age=100; Path=/; HttpOnly",
            "role=2; Max-Age=100; Path=/",
          ])
        : json(401, { message: TOKEN_ERRORS.blacklisted });
    if (path === "/api/auth/cross-site/logout")
      return json(200, { message: "bye" }, ["token=; Max-Age=0; Path=/", "user_id=; Max-Age=0; Path=/"]);
    if (token === "fresh") return json(200, { path });
    return json(401, { message: token === "old" ? TOKEN_ERRORS.expired : TOKEN_ERRORS.blacklisted });
  };
  return { fetch, calls };
}

const call = (session: ReturnType<typeof createServerSession>, path: string) =>
  session.fetch(new Request(`http://site.test/api${path}`, { headers: session.headers }));

describe("server session (spec §8 in SSR loaders)", () => {
  it("refreshes once for parallel loader calls, retries with the new token and keeps its cookies for the browser", async () => {
    const api = fakeApi();
    const session = createServerSession({
      fetch: api.fetch,
      baseUrl: "http://site.test",
      cookie: "age_gate=18; token=old; user_id=5",
      headers: { "x-internal-token": "secret" },
    });
    const replies = await Promise.all([
      call(session, "/profile"),
      call(session, "/notifications"),
      call(session, "/x"),
    ]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(api.calls.filter((c) => c.includes("/auth/refresh"))).toEqual(["GET /api/auth/refresh token=old"]);
    expect(session.setCookies).toEqual([
      "token=fresh; Max-Age=100; Path=/; HttpOnly",
      "role=2; Max-Age=100; Path=/",
    ]);
    expect(session.cookieHeader()).toContain("token=fresh");
    expect(session.cookieHeader()).toContain("age_gate=18");
    // Later calls in the same request go out with the new token straight away.
    await call(session, "/later");
    expect(api.calls.at(-1)).toBe("GET /api/later token=fresh");
    expect(session.signedOut()).toBe(false);
  });

  it("signs out on another 401: the API's logout clears the cookies, later calls go as a guest", async () => {
    const api = fakeApi();
    const session = createServerSession({
      fetch: api.fetch,
      baseUrl: "http://site.test",
      cookie: "token=stolen; user_id=5",
      headers: {},
    });
    expect((await call(session, "/profile")).status).toBe(401);
    expect(session.signedOut()).toBe(true);
    expect(api.calls).toContain("POST /api/auth/cross-site/logout token=stolen");
    expect(session.setCookies.some((line) => line.startsWith("token=;"))).toBe(true);
    await call(session, "/models");
    expect(api.calls.at(-1)).toBe("GET /api/models token=-");
  });

  it("the root middleware adds the collected Set-Cookie lines to the page's response", async () => {
    const api = fakeApi();
    const session = createServerSession({
      fetch: api.fetch,
      baseUrl: "http://site.test",
      cookie: "",
      headers: {},
    });
    session.setCookies.push("token=fresh; Path=/");
    const context = new RouterContextProvider();
    context.set(serverSessionContext, session);
    const response = (await sessionMiddleware(
      { request: new Request("http://site.test/"), params: {}, context, unstable_pattern: "/" } as never,
      async () => new Response("page"),
    )) as Response;
    expect(response.headers.getSetCookie()).toEqual(["token=fresh; Path=/"]);
  });
});
