import { COOKIE_NAMES } from "@camatlas/shared";
import { createContext, type MiddlewareFunction } from "react-router";
import type { Fetcher } from "../api-client.ts";
import { createAuthFetch } from "./auth-fetch.ts";
import { parseCookieHeader, setCookieValues, withCookie } from "./cookies.ts";

/**
 * The visitor's session during one server request. Every in-process API call goes through `fetch`, which:
 * - sends the newest token cookie (after a refresh, the new one);
 * - on 'Token has expired' refreshes once per request (loaders running in parallel share it) and retries;
 * - collects every Set-Cookie the API answers (login, register, refresh, logout) so `sessionMiddleware`
 *   hands them to the browser.
 */
export interface ServerSession {
  readonly fetch: Fetcher;
  /** Origin the API requests are built on (in-process: the site's own). */
  readonly baseUrl: string;
  /** Headers sent on every call: client IP, internal token (the cookie is added per call). */
  readonly headers: Readonly<Record<string, string>>;
  /** Set-Cookie lines for the browser. */
  readonly setCookies: string[];
  /** The session ended during this request (failed refresh or a rejected token). */
  readonly signedOut: () => boolean;
  /** The Cookie header as the API sees it now. */
  readonly cookieHeader: () => string;
}

export const serverSessionContext = createContext<ServerSession>();

export interface ServerSessionInput {
  fetch: Fetcher;
  baseUrl: string;
  /** The browser's Cookie header. */
  cookie: string | null;
  headers: Record<string, string>;
}

export function createServerSession(input: ServerSessionInput): ServerSession {
  let cookie = input.cookie ?? "";
  let ended = false;
  const setCookies: string[] = [];

  // Remembers what the API set, and applies it to the cookies later calls in this request send.
  const absorb = (response: Response) => {
    const lines = response.headers.getSetCookie();
    if (lines.length === 0) return;
    setCookies.push(...lines);
    for (const [name, value] of setCookieValues(lines)) cookie = withCookie(cookie, name, value || null);
  };

  const send = async (request: Request) => {
    const response = await input.fetch(request);
    absorb(response);
    return response;
  };

  const withSessionCookie = (request: Request) => {
    const headers = new Headers(request.headers);
    if (cookie) headers.set("cookie", cookie);
    else headers.delete("cookie");
    return new Request(request, { headers });
  };

  const authFetch = createAuthFetch({
    send,
    prepare: withSessionCookie,
    isSignedIn: () => !ended && Boolean(parseCookieHeader(cookie).get(COOKIE_NAMES.token)),
    refresh: async () => {
      const response = await send(
        withSessionCookie(
          new Request(`${input.baseUrl}/api/auth/refresh`, {
            headers: { ...input.headers, accept: "application/json" },
          }),
        ),
      );
      return response.ok;
    },
    onSignedOut: async () => {
      ended = true;
      // The API clears the cookies (with its own domain and flags) and deny-lists the token.
      await send(
        withSessionCookie(
          new Request(`${input.baseUrl}/api/auth/cross-site/logout`, {
            method: "POST",
            headers: { ...input.headers, accept: "application/json" },
          }),
        ),
      );
      cookie = withCookie(cookie, COOKIE_NAMES.token, null);
    },
  });

  return {
    fetch: authFetch,
    baseUrl: input.baseUrl,
    headers: input.headers,
    setCookies,
    signedOut: () => ended,
    cookieHeader: () => cookie,
  };
}

/** Root middleware: hands the cookies the API set during this request to the browser. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  const session = context.get(serverSessionContext);
  if (session.setCookies.length === 0) return response;
  try {
    for (const line of session.setCookies) response.headers.append("Set-Cookie", line);
    return response;
  } catch {
    // Immutable headers (a fetched Response): copy it.
    const headers = new Headers(response.headers);
    for (const line of session.setCookies) headers.append("Set-Cookie", line);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
};
