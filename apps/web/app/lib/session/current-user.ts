import type { RouterContextProvider } from "react-router";
import { useRouteLoaderData } from "react-router";
import { ApiResponseError } from "../api-client.ts";
import { apiContext } from "../load-context.ts";
import { sessionFromCookieHeader } from "./cookies.ts";
import { type CurrentUser, type OwnUser, toCurrentUser } from "./user-types.ts";

/**
 * The visitor for server rendering: GET /profile when a token cookie exists, else a guest (null).
 * A token the API refuses (after the shared refresh) ends the session; the page then renders for a guest.
 */
export async function loadCurrentUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<CurrentUser | null> {
  if (!sessionFromCookieHeader(request.headers.get("cookie")).signedIn) return null;
  try {
    const user = await context
      .get(apiContext)
      .request<OwnUser>("GET", "/profile", { with: ["unreadNotifications"] });
    return toCurrentUser(user);
  } catch (error) {
    if (error instanceof ApiResponseError && (error.status === 401 || error.status === 404)) return null;
    throw error;
  }
}

/** The signed-in user on any page (from the root loader), or null for guests. */
export function useCurrentUser(): CurrentUser | null {
  const data = useRouteLoaderData("root") as { currentUser?: CurrentUser | null } | undefined;
  return data?.currentUser ?? null;
}
