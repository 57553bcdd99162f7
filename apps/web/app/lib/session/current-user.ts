import { type ProfileReply, profileEndpoints } from "@camatlas/shared/api-contract";
import type { RouterContextProvider } from "react-router";
import { useRouteLoaderData } from "react-router";
import { ApiResponseError } from "../api-client.ts";
import { apiContext } from "../load-context.ts";
import { sessionFromCookieHeader } from "./cookies.ts";

/** What every page knows about the visitor (root loader): a few fields of GET /profile. */
export type CurrentUser = Pick<
  ProfileReply,
  "id" | "nick_name" | "full_name" | "avatar_path" | "role_id" | "is_admin"
> & { unread_notifications: number; block?: ProfileReply["block"] };

export function toCurrentUser(user: ProfileReply): CurrentUser {
  return {
    id: user.id,
    nick_name: user.nick_name,
    full_name: user.full_name,
    avatar_path: user.avatar_path ?? null,
    role_id: user.role_id,
    is_admin: user.is_admin,
    unread_notifications: user.unread_notifications ?? 0,
    // Their own block while it lasts: every page says why and until when (features/account/blocked-banner).
    block: user.block ?? null,
  };
}

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
      .call(profileEndpoints.get, { query: { with: ["unreadNotifications"] } });
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
