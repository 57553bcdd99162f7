import { ROLE } from "@camatlas/shared";
import { redirect } from "react-router";
import { sessionFromCookieHeader } from "./cookies.ts";
import { loginPath } from "./return-to.ts";

// Route guards (spec §2, §6), called at the top of loaders and actions. They read the session cookies only:
// the API checks the token and the role on every call regardless.

/** The path (with query) a guard sends back to after login. */
function hereOf(request: Request): string {
  const url = new URL(request.url);
  // React Router's data requests end in .data; the page itself is what the user wants back.
  const pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/";
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return `${pathname}${search ? `?${search}` : ""}`;
}

/** Logged-in guard: guests go to /login (and come back here afterwards). */
export function requireSignedIn(request: Request): void {
  const session = sessionFromCookieHeader(request.headers.get("cookie"));
  if (!session.signedIn) throw redirect(loginPath(hereOf(request)));
}

/** Admin guard: guests and non-admins go to /login; admin status comes from the role cookie. */
export function requireAdmin(request: Request): void {
  const session = sessionFromCookieHeader(request.headers.get("cookie"));
  if (!session.signedIn || session.roleId !== ROLE.admin) throw redirect(loginPath(hereOf(request)));
}

/** Guest-only guard (login, register, password recovery): signed-in users go home. */
export function requireGuest(request: Request): void {
  if (sessionFromCookieHeader(request.headers.get("cookie")).signedIn) throw redirect("/");
}
