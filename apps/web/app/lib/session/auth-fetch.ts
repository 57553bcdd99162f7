import { TOKEN_ERRORS } from "@camatlas/shared";

// Spec §8, token errors: a 401 'Token has expired' while signed in triggers ONE shared refresh and a retry;
// any other 401 signs the user out (unless the call was the logout itself); a failed refresh signs out.
// The same rule serves the browser (window.fetch to /api) and SSR loaders (in-process API calls).

export type RequestSender = (request: Request) => Promise<Response>;

export interface AuthFetchOptions {
  /** Sends one request (window.fetch, or the in-process API). */
  send: RequestSender;
  /** Exchanges the current token for a new one; resolves true when the new token is in place. */
  refresh: () => Promise<boolean>;
  /** Whether the caller is signed in right now (a token cookie, or the readable user_id cookie). */
  isSignedIn: () => boolean;
  /** Called once per sign-out decision: a failed refresh, or a 401 other than an expired token. */
  onSignedOut: (reason: string) => void | Promise<void>;
  /** Adjusts a request right before it is sent (SSR puts the newest token cookie on it). */
  prepare?: (request: Request) => Request;
}

const LOGOUT_PATH = /\/api\/auth\/cross-site\/logout$/;
const REFRESH_PATH = /\/api\/auth\/refresh$/;

/** The message of a 401 body, read from a copy so the caller can still read the response. */
async function messageOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { message?: unknown };
    return typeof body?.message === "string" ? body.message : undefined;
  } catch {
    return undefined;
  }
}

export interface AuthFetch {
  (request: Request): Promise<Response>;
  /** How many refreshes actually ran (for tests and diagnostics). */
  readonly refreshCount: () => number;
}

export function createAuthFetch(options: AuthFetchOptions): AuthFetch {
  let refreshing: Promise<boolean> | null = null;
  // Bumped by every finished refresh: a request sent before it retries without refreshing again.
  let generation = 0;
  let refreshes = 0;

  function refreshOnce(): Promise<boolean> {
    if (!refreshing) {
      refreshes += 1;
      refreshing = options
        .refresh()
        .catch(() => false)
        .finally(() => {
          generation += 1;
          refreshing = null;
        });
    }
    return refreshing;
  }

  async function signOut(reason: string) {
    try {
      await options.onSignedOut(reason);
    } catch {
      // Signing out is best effort: the page still goes on as a guest.
    }
  }

  const prepare = options.prepare ?? ((request: Request) => request);

  const authFetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const isLogout = LOGOUT_PATH.test(url.pathname);
    const isRefresh = REFRESH_PATH.test(url.pathname);
    // A copy for the retry: a request body can be read only once.
    const spare = request.clone();
    const sentAt = generation;
    const response = await options.send(prepare(request));
    if (response.status !== 401 || isLogout || isRefresh || !options.isSignedIn()) return response;

    const message = await messageOf(response);
    if (message !== TOKEN_ERRORS.expired) {
      await signOut(message ?? "unauthenticated");
      return response;
    }
    // Another request already refreshed after this one left: just retry with the new token.
    const refreshed = sentAt !== generation || (await refreshOnce());
    if (!refreshed) {
      await signOut("refresh failed");
      return response;
    }
    const retried = await options.send(prepare(spare));
    if (retried.status === 401 && options.isSignedIn()) await signOut((await messageOf(retried)) ?? "retry");
    return retried;
  };
  return Object.assign(authFetch, { refreshCount: () => refreshes });
}
