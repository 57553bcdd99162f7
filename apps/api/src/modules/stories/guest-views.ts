import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../../app-env.ts";

// A guest's viewed stories live in their browser (spec: viewed state per browser for guests): a cookie of story
// ids, newest last, readable by the page's script so a page shared from the guest cache can still mark the rings.

export const GUEST_VIEWS_COOKIE = "viewed_stories";
/** Ids kept: stories live a day, so a few hundred cover any guest. */
const MAX_IDS = 200;
const MAX_AGE_SECONDS = 30 * 24 * 3600;

/** The ids in the cookie; anything that is not a list of ids counts as none. */
export function parseGuestViews(value: string | undefined): number[] {
  if (!value || !/^\d{1,10}(\.\d{1,10})*$/.test(value)) return [];
  return value
    .split(".")
    .map(Number)
    .filter((id) => id > 0 && id <= 2_147_483_647);
}

export function guestViewsOf(c: Context<AppEnv>): number[] {
  return parseGuestViews(getCookie(c, GUEST_VIEWS_COOKIE));
}

/** Adds a story to the guest's cookie (once), keeping the newest MAX_IDS. */
export function rememberGuestView(c: Context<AppEnv>, storyId: number): void {
  const ids = guestViewsOf(c).filter((id) => id !== storyId);
  ids.push(storyId);
  setCookie(c, GUEST_VIEWS_COOKIE, ids.slice(-MAX_IDS).join("."), {
    path: "/",
    maxAge: MAX_AGE_SECONDS,
    sameSite: "Lax",
    secure: new URL(c.req.url).protocol === "https:",
  });
}
