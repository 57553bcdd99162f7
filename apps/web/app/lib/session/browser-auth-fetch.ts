import { COOKIE_NAMES } from "@camatlas/shared";
import { type AuthFetch, createAuthFetch } from "./auth-fetch.ts";
import { parseCookieHeader } from "./cookies.ts";
import { loginPath } from "./return-to.ts";

// Calls the browser makes itself to /api (spec §8): one refresh shared by every request in the tab, a retry,
// and a sign-out (to /login) when the session cannot go on. The token cookie is httpOnly: the readable
// user_id cookie tells whether the visitor is signed in.

function signedInNow(): boolean {
  return (
    typeof document !== "undefined" && Boolean(parseCookieHeader(document.cookie).get(COOKIE_NAMES.userId))
  );
}

let shared: AuthFetch | undefined;

function instance(): AuthFetch {
  shared ??= createAuthFetch({
    send: (request) => fetch(request),
    isSignedIn: signedInNow,
    refresh: async () => {
      const response = await fetch("/api/auth/refresh", {
        credentials: "same-origin",
        headers: { accept: "application/json" },
      });
      return response.ok;
    },
    onSignedOut: async () => {
      // The API clears the httpOnly token cookie; then the login page, coming back here afterwards.
      await fetch("/api/auth/cross-site/logout", { method: "POST", credentials: "same-origin" }).catch(
        () => undefined,
      );
      const here = `${window.location.pathname}${window.location.search}`;
      window.location.assign(loginPath(here));
    },
  });
  return shared;
}

/** fetch() for /api calls from the browser, with the token rules of spec §8. */
export function browserAuthFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, { credentials: "same-origin", ...init });
  return instance()(request);
}
